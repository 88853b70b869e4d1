import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { AuditTrail } from "../observability/audit-trail";
import type {} from "../request-facts";
import { REFUSALS_PLUGIN } from "./refusals";

export interface AuditOptions {
  /** The trail; its upstream sends are told to it by the resolver (compose.ts), its refusals by this plugin. */
  readonly trail: AuditTrail;
}

export const AUDIT_PLUGIN = "index-gateway-audit";

const audit: FastifyPluginAsync<AuditOptions> = async (app, { trail }) => {
  trail.attach(app.log);
  app.watchRefusals((request, refusal) =>
    // A request Fastify refused before routing it (a path it cannot decode) never met auth: nobody, not a crash.
    trail.refused(request.deskUser ?? null, request.url, refusal.statusCode, refusal.code),
  );
};

/** The audit trail through the gateway's logger: a line for every refusal the gateway gives itself. */
export const auditPlugin = fp(audit, { name: AUDIT_PLUGIN, fastify: "5.x", dependencies: [REFUSALS_PLUGIN] });
