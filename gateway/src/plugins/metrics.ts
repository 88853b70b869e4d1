import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ServedLabel } from "../observability/gateway-metrics";
import { deskWideRefusal, registerMetricsRoute, type MetricsAccess } from "../observability/metrics-route";
import type {} from "../request-facts";
import { REFUSALS_PLUGIN } from "./refusals";
import { RESOURCE_ROUTES_PLUGIN } from "./resource-routes";

export const METRICS_PLUGIN = "index-gateway-metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether `request` holds the metrics credential, which reads the desk-wide figures (the health page's too). */
    holdsMetricsCredential(request: FastifyRequest): boolean;
  }
}

const metrics: FastifyPluginAsync<MetricsAccess> = async (app, access) => {
  app.decorate("holdsMetricsCredential", (request: FastifyRequest) => deskWideRefusal(request, access) === undefined);
  app.watchRefusals((_request, refusal) =>
    access.metrics.refused(refusal.statusCode, refusal.reason ?? refusal.code.toLowerCase()),
  );
  // A callback hook, not an async one: no promise made per request on the hit path.
  app.addHook("onResponse", (request, reply, done) => {
    if (request.servedHow !== null && request.resourceKind !== null)
      access.metrics.served(request.resourceKind, request.servedHow as ServedLabel, reply.elapsedTime / 1000);
    done();
  });
  registerMetricsRoute(app, access);
};

/**
 * The gateway's figures: each answer served and each refusal counted, and GET /metrics with its own access rule (the
 * metrics token, or this machine's scrapers without one: metrics-route.ts).
 */
export const metricsPlugin = fp(metrics, {
  name: METRICS_PLUGIN,
  fastify: "5.x",
  dependencies: [REFUSALS_PLUGIN, RESOURCE_ROUTES_PLUGIN],
});
