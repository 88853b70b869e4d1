import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./service-error";
import type { FaultKind } from "./state";

/** Answers a request the way the injected fault says; undefined lets the route answer (wrong-shape). */
export async function applyFault(
  kind: FaultKind,
  request: FastifyRequest,
  reply: FastifyReply,
  onDrop: () => void,
): Promise<FastifyReply | undefined> {
  const injected = "(injected by the test harness)";
  switch (kind) {
    case "500":
      return reply.code(500).send(errorBody(500, "INTERNAL_ERROR", `Internal server error ${injected}.`));
    case "503":
      return reply.code(503).send(errorBody(503, "SERVICE_UNAVAILABLE", `Service unavailable ${injected}.`));
    case "429":
    case "429-no-retry-after":
      reply.header("x-ratelimit-remaining", 0);
      if (kind === "429") reply.header("retry-after", 1);
      else reply.removeHeader("retry-after");
      return reply.code(429).send(errorBody(429, "RATE_LIMITED", `Rate limit exceeded ${injected}.`));
    case "malformed":
      // Cut off mid-document: a client must report an invalid response, not a value.
      return reply.code(200).type("application/json; charset=utf-8").send('{"symbol":"RTM-NWE-A-1x3","value":1.8');
    case "wrong-shape":
      request.wrongShape = true;
      return undefined;
    case "drop":
      onDrop();
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
  }
}

/** Every number in a JSON value turned into its string: valid JSON of the wrong shape. */
export function numbersAsStrings(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(numbersAsStrings);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, numbersAsStrings(inner)]));
  }
  return value;
}
