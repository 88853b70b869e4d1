import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { SYMBOL_RULE, validSymbol } from "@index-data/wire";
import { GatewayError } from "../answers/gateway-error";
import { AUTH_PLUGIN } from "./auth";
import type { CorrectionsArchive } from "../corrections/archive";

export interface CorrectionsRouteOptions {
  readonly archive: CorrectionsArchive;
}

interface CorrectionsQuery {
  Querystring: { since?: unknown; symbol?: unknown };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** `since` as epoch ms: a date (midnight UTC) or an instant with its offset; absent: the archive's beginning. */
export function sinceOf(given: unknown): number {
  if (given === undefined) return 0;
  const ms = typeof given === "string" && ISO_INSTANT.test(given) ? Date.parse(given) : Number.NaN;
  if (Number.isNaN(ms))
    throw new GatewayError(
      400,
      "BAD_REQUEST",
      "since: give an ISO 8601 date or instant, e.g. 2025-06-01 or 2025-06-01T09:00:00Z, once.",
    );
  return ms;
}

function symbolOf(given: unknown): string | undefined {
  if (given === undefined) return undefined;
  const symbol = validSymbol(given);
  if (symbol === undefined) throw new GatewayError(400, "INVALID_SYMBOL", `symbol: give ${SYMBOL_RULE}, once.`);
  return symbol;
}

const route: FastifyPluginAsync<CorrectionsRouteOptions> = async (app, options) => {
  // For any known caller (a desk token or a sign-in): the auth plugin refuses everyone else before this runs.
  app.get<CorrectionsQuery>("/gateway/corrections", async (request, reply) => {
    const since = sinceOf(request.query.since);
    const symbol = symbolOf(request.query.symbol);
    const corrections = await options.archive.corrections(since, symbol).catch((error: unknown) => {
      request.log.warn({ err: error }, "corrections archive read failed");
      throw new GatewayError(
        503,
        "SERVICE_UNAVAILABLE",
        "The desk's corrections archive (its Redis) did not answer. Try again shortly.",
        { "retry-after": "5" },
      );
    });
    return reply.header("cache-control", "no-store").send({ corrections });
  });
};

/** GET /gateway/corrections?since=ISO&symbol=S: the days the service published again differently, as the desk saw. */
export const correctionsRoutePlugin = fp(route, {
  name: "index-gateway-corrections",
  fastify: "5.x",
  encapsulate: true,
  dependencies: [AUTH_PLUGIN],
});
