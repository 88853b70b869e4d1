import type { FastifyReply, FastifyRequest } from "fastify";
import { GatewayError } from "./gateway-error";

/** A refusal the gateway gives itself (4xx): counted, and a line in the audit trail. */
export type RefusalWatch = (request: FastifyRequest, refusal: GatewayError) => void;

/** The user's share of the budget in rate-limit headers, for a request whose caller is known. */
export type ShareHeadersOf = (request: FastifyRequest) => Record<string, string>;

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

/**
 * The answer to a request that failed: the gateway's own error in the service's shape, `no-store`; a refusal to a
 * caller the gateway knows carries their share of the budget (every answer to a desk member does, docs/gateway.md).
 */
export function answerError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  watch: RefusalWatch,
  shareOf: ShareHeadersOf,
): FastifyReply {
  const known = error instanceof GatewayError ? error : clientMistake(error);
  if (known === undefined) request.log.error({ err: error }, "unexpected failure");
  if (known !== undefined && known.statusCode < 500) watch(request, known);
  const answer =
    known ?? new GatewayError(500, "INTERNAL_ERROR", "The gateway failed unexpectedly; its log has the details.");
  return reply
    .code(answer.statusCode)
    .headers({ "cache-control": "no-store", ...shareOf(request), ...answer.headers })
    .send(answer.toBody());
}
