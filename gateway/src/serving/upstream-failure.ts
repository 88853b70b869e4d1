import { GatewayError } from "../answers/gateway-error";
import type { UpstreamResult } from "./upstream";

type Failure = Extract<UpstreamResult, { ok: false }>;

const LATER = "Try again shortly; if it goes on, tell the gateway's administrator.";

/**
 * The gateway's own error for an upstream failure it has no last answer for and no body of the service's to pass
 * on: a documented status keeps its meaning (the add-in words a 404 as an unknown index, a 503 as the service
 * being down); any status the service never sends, and an answer that is not the service's, is one error, 502.
 * The words are the gateway's own: nothing of the upstream's body or headers.
 */
export function upstreamFailure(result: Failure): GatewayError {
  const status = result.status;
  if (status === undefined || result.kind === "unreachable")
    return new GatewayError(
      503,
      "SERVICE_UNAVAILABLE",
      `The gateway could not get an answer from the Index Data Service (${result.reason}). Try again shortly.`,
    );
  if (result.kind === "refusal" && status === 404)
    return new GatewayError(
      404,
      "NOT_FOUND",
      "The Index Data Service answered 404 (not found), without its JSON error body: check the symbol.",
    );
  if (result.kind === "refusal")
    return new GatewayError(
      400,
      "BAD_REQUEST",
      "The Index Data Service refused the request (HTTP 400), without its JSON error body: check the parameters.",
    );
  // The service's failures keep their status, the health check's 503 (its answer, yet not in its JSON) too.
  if (status === 500 || status === 503)
    return new GatewayError(
      status,
      status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
      `The Index Data Service failed (HTTP ${status}). ${LATER}`,
    );
  return new GatewayError(
    502,
    "UPSTREAM_BAD_ANSWER",
    `The Index Data Service sent an answer the gateway does not pass on (${result.reason}). ${LATER}`,
  );
}
