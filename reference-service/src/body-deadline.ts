import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "@index-data/wire/time";
import { ServiceError } from "./service-error";

/**
 * How long a request body may take to arrive: Node's own headersTimeout (60 s), so a body is held to the same
 * bound as the headers before it. Fastify turns Node's whole-request timeout off, and a GET route answers
 * without reading its body, so a client that dribbles a chunked body one byte at a time held its connection
 * open for as long as it kept dribbling.
 */
export const BODY_TIMEOUT_MS = 60_000;

/** True when the request announces a body: a chunked one, or a Content-Length above 0. */
function hasBody(raw: IncomingMessage): boolean {
  if (raw.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(raw.headers["content-length"] ?? "0");
  return !Number.isFinite(length) || length > 0;
}

/** Resolves when the body has been read to its end (or the client went away); rejects with a 408 at the deadline. */
function drained(raw: IncomingMessage, timeoutMs: number, clock: Clock): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const finish = (outcome: () => void) => () => {
      clock.clearTimer(timer);
      raw.off("end", onEnd).off("close", onEnd).off("error", onEnd);
      outcome();
    };
    const onEnd = finish(resolve);
    const timer = clock.setTimer(
      finish(() =>
        reject(
          new ServiceError(
            408,
            "REQUEST_TIMEOUT",
            `The request body did not arrive within ${timeoutMs / 1000} s; no endpoint of this service takes a body.`,
          ),
        ),
      ),
      timeoutMs,
    );
    raw.on("end", onEnd).on("close", onEnd).on("error", onEnd);
    // The body means nothing to a GET: it is read only to find its end, and dropped.
    raw.resume();
  });
}

/**
 * A preParsing hook: a GET or HEAD that carries a body is answered only once the body has arrived, within
 * `timeoutMs` on `clock`; past that the answer is 408 in the service's JSON shape, and the connection closes
 * (its remaining bytes are never read). Other methods never reach a route with a body (the gate answers 405).
 */
export function bodyDeadline(timeoutMs: number, clock: Clock) {
  return async <Payload>(request: FastifyRequest, reply: FastifyReply, payload: Payload): Promise<Payload> => {
    if ((request.method !== "GET" && request.method !== "HEAD") || !hasBody(request.raw) || request.raw.complete)
      return payload;
    try {
      await drained(request.raw, timeoutMs, clock);
    } catch (error) {
      reply.header("connection", "close");
      throw error;
    }
    return payload;
  };
}
