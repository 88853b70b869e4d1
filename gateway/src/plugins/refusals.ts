import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { GatewayError } from "../answers/gateway-error";
import type {} from "../request-facts";
import { cutToBytes } from "../answers/safe-text";
import { SHARE_HEADERS_PLUGIN } from "./share-headers";

/** A refusal the gateway gives itself (4xx): counted (metrics.ts), and a line in the audit trail (audit.ts). */
export type RefusalWatch = (request: FastifyRequest, refusal: GatewayError) => void;

export const REFUSALS_PLUGIN = "index-gateway-refusals";

declare module "fastify" {
  interface FastifyInstance {
    /** Answers a request that failed, in the service's error shape (also for Fastify's own `frameworkErrors`). */
    answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply;
    /** Tells `watch` of every refusal the gateway gives itself, from now on. */
    watchRefusals(watch: RefusalWatch): void;
  }
}

/** How much of a path a 404 quotes back: enough to recognise, never the whole of a hostile URL. */
const MAX_ECHOED_PATH_BYTES = 200;

/** A client's mistake Fastify found (bad percent-encoding, a body on a GET...), or undefined for the gateway's own fault. */
function clientMistake(error: unknown): GatewayError | undefined {
  const status = Number((error as { statusCode?: unknown } | null)?.statusCode);
  if (!(status >= 400 && status < 500)) return undefined;
  return new GatewayError(
    status,
    "BAD_REQUEST",
    "The request is not one this gateway can read (bad URL encoding or headers).",
  );
}

const refusals: FastifyPluginAsync = async (app) => {
  const watches: RefusalWatch[] = [];
  // A request Fastify refused before routing it has no caller (nor the decoration).
  const shareOf = (request: FastifyRequest) =>
    typeof request.deskAccount === "string" ? app.shareHeaders(request.deskAccount) : {};
  /**
   * The answer to a request that failed: the gateway's own error in the service's shape, `no-store`; a refusal to a
   * caller the gateway knows carries their share of the budget (every answer to a desk member does, docs/gateway.md).
   */
  const answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const known = error instanceof GatewayError ? error : clientMistake(error);
    if (known === undefined) request.log.error({ err: error }, "unexpected failure");
    if (known !== undefined && known.statusCode < 500) for (const watch of watches) watch(request, known);
    const answer =
      known ?? new GatewayError(500, "INTERNAL_ERROR", "The gateway failed unexpectedly; its log has the details.");
    return reply
      .code(answer.statusCode)
      .headers({ "cache-control": "no-store", ...shareOf(request), ...answer.headers })
      .send(answer.toBody());
  };
  app.decorate("answerError", answerError);
  app.decorate("watchRefusals", (watch: RefusalWatch) => void watches.push(watch));
  app.setErrorHandler(async (error, request, reply) => answerError(error, request, reply));
  app.setNotFoundHandler(async (request) => {
    // GatewayError writes out what is unsafe in it; the cut keeps a hostile URL from filling the message.
    const split = request.url.indexOf("?");
    const path = cutToBytes(split < 0 ? request.url : request.url.slice(0, split), MAX_ECHOED_PATH_BYTES);
    throw new GatewayError(404, "NOT_FOUND", `${request.method} ${path} is not an endpoint of the Index Data Service.`);
  });
};

/**
 * The gateway's own answers to what failed: the service's error shape, `no-store`, the caller's share of the budget;
 * a 404 for every path that is no endpoint; each refusal told to whoever watches (metrics, the audit trail).
 */
export const refusalsPlugin = fp(refusals, {
  name: REFUSALS_PLUGIN,
  fastify: "5.x",
  dependencies: [SHARE_HEADERS_PLUGIN],
});
