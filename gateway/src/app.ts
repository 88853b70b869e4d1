import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { definedOnly } from "@index-data/wire";
import type { AuditTrail } from "./observability/audit-trail";
import type { HealthSources } from "./observability/health-page";
import type { CorrectionsArchive } from "./corrections/archive";
import { correctionsRoutePlugin } from "./plugins/corrections";
import { mcpPlugin, type McpPluginOptions } from "./mcp/plugin";
import type { MetricsAccess } from "./observability/metrics-route";
import type { SignIn } from "./identity/oidc/sign-in";
import { auditPlugin } from "./plugins/audit";
import { authPlugin } from "./plugins/auth";
import { corsPlugin } from "./plugins/cors";
import { healthPlugin } from "./plugins/health";
import { metricsPlugin } from "./plugins/metrics";
import { refusalsPlugin } from "./plugins/refusals";
import { requestLogPlugin } from "./plugins/request-log";
import { resourceRoutesPlugin } from "./plugins/resource-routes";
import { shareHeadersPlugin } from "./plugins/share-headers";
import type { Resolver } from "./serving/resolver";
import type { DeskToken } from "./identity/tokens";

export interface AppOptions {
  readonly resolver: Resolver;
  readonly health: HealthSources;
  /** The desk's tokens, read again on SIGHUP; `undefined` runs without authentication (loopback only). */
  readonly tokens: () => readonly DeskToken[] | undefined;
  readonly allowOrigins: readonly string[];
  readonly staleIfErrorSeconds: number;
  readonly https?: { readonly key: Buffer; readonly cert: Buffer } | undefined;
  /** Fastify's logger; every line is the gateway's own, never a header. @default false */
  readonly logger?: FastifyServerOptions["logger"] | undefined;
  /** The metrics and who may read them. */
  readonly metrics: MetricsAccess;
  readonly audit: AuditTrail;
  /** The as-published archive, listed at GET /gateway/corrections. */
  readonly corrections: CorrectionsArchive;
  /** OpenID Connect bearer tokens beside the desk tokens; absent: desk tokens only. */
  readonly signIn?: SignIn | undefined;
  /** The MCP face for AI agents (mcp/plugin.ts): its issuer, caps, settle bound and clock; absent: no /mcp. */
  readonly mcp?: Omit<McpPluginOptions, AppParts>;
}

/** What /mcp takes of the app's own parts. */
type AppParts = "source" | "audit" | "metrics" | "https" | "allowOrigins" | "replicas" | "corrections";

/**
 * What /mcp's tools read with (the HTTP route's resolver, request count and metrics, and the audit trail), the
 * origins it answers pages of, and the replicas its caps are shared among.
 */
function mcpParts(options: AppOptions): Pick<McpPluginOptions, AppParts> {
  const { resolver, health, metrics, audit } = options;
  return {
    https: options.https !== undefined,
    allowOrigins: options.allowOrigins,
    replicas: () => health.store.replicas(),
    source: {
      resolver,
      countRequest: (account, now) => health.store.count(account, now, "request"),
      onServed: (kind, how, seconds) => metrics.metrics.served(kind, how, seconds),
      now: health.now,
    },
    audit,
    metrics: metrics.metrics,
    corrections: options.corrections,
  };
}

/**
 * The gateway's HTTP face: the service's own paths and error shape, CORS for the add-in, a desk token on every call.
 * One plugin per concern (plugins/), registered in the order their hooks must run: a preflight is answered before any
 * token is asked for, a caller is known before anything is counted or queued for them, and a request is counted
 * before it is logged. Each plugin names the ones it needs, and Fastify refuses to start without them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { health } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // The gateway logs each request itself (plugins/request-log.ts), with the user's name and never a header; one
    // logger for every request, not a child logger made per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    forceCloseConnections: true,
    // Fastify's types choose its https overload by the key alone: given only when there is a certificate.
    ...definedOnly({ https: options.https }),
    // A request Fastify refused before routing it: answered as every refusal is (plugins/refusals.ts).
    frameworkErrors: (error, request, reply) => void request.server.answerError(error, request, reply),
  }) as unknown as FastifyInstance;
  await app.register(corsPlugin, { allowOrigins: options.allowOrigins });
  await app.register(shareHeadersPlugin, {
    shareOf: (account, now) => health.shares.shareOf(account, now),
    now: health.now,
  });
  await app.register(refusalsPlugin);
  await app.register(authPlugin, {
    tokens: options.tokens,
    allowOrigins: options.allowOrigins,
    signIn: options.signIn,
  });
  await app.register(resourceRoutesPlugin, {
    resolver: options.resolver,
    store: health.store,
    now: health.now,
    staleIfErrorSeconds: options.staleIfErrorSeconds,
  });
  await app.register(metricsPlugin, options.metrics);
  await app.register(auditPlugin, { trail: options.audit });
  await app.register(requestLogPlugin);
  await app.register(healthPlugin, { health });
  await app.register(correctionsRoutePlugin, { archive: options.corrections });
  // Encapsulated like the health page: its routes and its 401 pointer (WWW-Authenticate) stay its own.
  if (options.mcp !== undefined) await app.register(mcpPlugin, { ...options.mcp, ...mcpParts(options) });
  return app;
}
