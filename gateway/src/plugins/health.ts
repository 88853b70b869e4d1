import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HealthPage, type HealthReader, type HealthSources } from "../observability/health-page";
import type {} from "../request-facts";
import { AUTH_PLUGIN } from "./auth";
import { METRICS_PLUGIN } from "./metrics";

export interface HealthOptions {
  readonly health: HealthSources;
}

export const HEALTH_PLUGIN = "index-gateway-health";

const health: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const page = new HealthPage(options.health);
  /** Who reads the page: the metrics credential's holder sees the desk, a known caller their own figures. */
  const readerOf = (request: FastifyRequest): HealthReader => {
    if (app.holdsMetricsCredential(request)) return { kind: "desk" };
    return request.deskAccount === null ? { kind: "anyone" } : { kind: "user", account: request.deskAccount };
  };
  // Open to anyone (a load balancer's probe); what it shows depends on who reads it.
  app.get("/gateway/health", { config: { openToAnyone: true } }, async (request, reply) =>
    reply.header("cache-control", "no-store").send(await page.body(readerOf(request))),
  );
};

/** GET /gateway/health: the state for anyone, a caller's own figures, the desk's for the metrics credential. */
export const healthPlugin = fp(health, {
  name: HEALTH_PLUGIN,
  fastify: "5.x",
  // A route of its own, decorating nothing: encapsulated, as routes are.
  encapsulate: true,
  dependencies: [AUTH_PLUGIN, METRICS_PLUGIN],
});
