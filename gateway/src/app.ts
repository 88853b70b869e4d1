import cors from "@fastify/cors";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { AuditTrail } from "./audit";
import { cacheHeaders, type Served } from "./cache-headers";
import { GatewayError } from "./gateway-error";
import { HealthPage, type HealthReader, type HealthSources } from "./health";
import { logRequest } from "./logs/request-log";
import { deskTokenUser, noAuthUser, type DeskUser } from "./identity";
import { loopbackHostHeader } from "./loopback-host";
import type { ServedLabel } from "./metrics";
import { METRICS_ROUTE, deskWideRefusal, registerMetricsRoute, type MetricsAccess } from "./metrics-route";
import { answerError, type RefusalWatch } from "./refusals";
import type {} from "./request-facts";
import type { Resolver } from "./resolver";
import { looksLikeJwt, type SignIn } from "./oidc/sign-in";
import { mcpPlugin, RESOURCE_METADATA_PATH, type McpPluginOptions } from "./mcp/plugin";
import { ENDPOINTS, resourceOf, type Endpoint, type Resource } from "./resources";
import { cutToBytes } from "./safe-text";
import { shareHeaders } from "./share-headers";
import { DESK_TENANT, accountOf, tenantOfSignIn } from "./tenancy/account";
import { nameOfToken, presentedToken, type DeskToken } from "./tokens";

interface AppOptions {
  readonly resolver: Resolver;
  readonly health: HealthSources;
  /** The desk's tokens, read again on SIGHUP; `undefined` runs without authentication (loopback only). */
  readonly tokens: () => readonly DeskToken[] | undefined;
  readonly allowOrigins: readonly string[];
  readonly staleIfErrorSeconds: number;
  readonly https?: { readonly key: Buffer; readonly cert: Buffer };
  /** Fastify's logger; every line is the gateway's own, never a header. @default false */
  readonly logger?: FastifyServerOptions["logger"];
  /** The metrics and who may read them. */
  readonly metrics: MetricsAccess;
  readonly audit: AuditTrail;
  /** OpenID Connect bearer tokens beside the desk tokens; absent: desk tokens only. */
  readonly signIn?: SignIn;
  /** The MCP face for AI agents (mcp/plugin.ts): its issuer, sessions and clock; absent: no /mcp. */
  readonly mcp?: Omit<McpPluginOptions, "source" | "audit" | "metrics">;
}

/**
 * CORS as the service's own: GET only, the key's two headers; the caching and rate-limit headers readable by the
 * page (the add-in paces itself by its share). A bare OPTIONS is a preflight too.
 */
const CORS_RULES = {
  methods: ["GET", "HEAD", "OPTIONS"],
  allowedHeaders: ["X-API-Key", "Authorization", "Content-Type"],
  strictPreflight: false,
  exposedHeaders: [
    "age",
    "cache-status",
    "retry-after",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "ratelimit-policy",
    "ratelimit",
  ],
  maxAge: 600,
};

function unauthorized(presented: string | undefined): GatewayError {
  const message =
    presented === undefined
      ? "This is the desk's Index Data gateway: enter your desk token as the API key in Settings (or ask the desk's administrator for one)."
      : "Unknown desk token. Check the API key in Settings; the desk's administrator can issue a new token.";
  return new GatewayError(401, "UNAUTHORIZED", message);
}

/**
 * Whether a browser sent the request for a page of another site: its `Origin` is not one the gateway allows, or (a
 * request without one, such as an image's) its `Sec-Fetch-Site` says so. Without tokens, nothing else stops any web
 * page the trader opens from spending the desk's budget through a gateway on 127.0.0.1.
 */
function fromAnotherSite(headers: FastifyRequest["headers"], allowOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return !allowOrigins.includes(origin);
  const site = headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

function anotherSite(): GatewayError {
  return new GatewayError(
    403,
    "FORBIDDEN_ORIGIN",
    "This gateway runs without authentication (--no-auth) and answers no page of another site: give the add-in's origin with --allow-origin, or run the gateway with --tokens.",
  );
}

/** A request to a gateway without authentication that was addressed to a name other than this machine's. */
function misdirected(): GatewayError {
  return new GatewayError(
    421,
    "MISDIRECTED_REQUEST",
    "This gateway runs without authentication (--no-auth) and answers only requests addressed to this machine: use http://localhost or http://127.0.0.1 with its port.",
  );
}

/** Who is asking: one user per credential (identity.ts), and their tenant (tenancy/account.ts). */
interface Caller {
  readonly user: DeskUser;
  readonly tenant: string;
}

/**
 * The caller: a desk token's name or a sign-in token's stable subject, with its tenant; undefined when the request
 * presents no valid desk token (or authentication is off); a sign-in token that fails its checks throws its own 401.
 */
async function identify(
  request: FastifyRequest,
  tokens: readonly DeskToken[] | undefined,
  signIn: SignIn | undefined,
): Promise<Caller | undefined> {
  if (tokens === undefined) return { user: noAuthUser(request.ip), tenant: DESK_TENANT };
  const presented = presentedToken(request.headers);
  if (presented === undefined) return undefined;
  if (signIn !== undefined && looksLikeJwt(presented))
    return { user: await signIn.userOf(presented), tenant: tenantOfSignIn(presented) };
  const name = nameOfToken(tokens, presented);
  return name === undefined ? undefined : { user: deskTokenUser(name), tenant: DESK_TENANT };
}

/** The answer with its caching headers and the user's share of the desk's budget, set in one call. */
function send(reply: FastifyReply, served: Served, options: AppOptions, account: string): FastifyReply {
  reply.request.servedHow = served.how;
  const now = options.health.now();
  const headers = { ...cacheHeaders(served, now, options.staleIfErrorSeconds), ...shareOf(account, options.health) };
  const { status, contentType, body } = served.how === "passed" ? served : served.answer;
  return reply.code(status).type(contentType).headers(headers).send(body);
}

/** The caller's share of the desk's budget, in the rate-limit headers of every answer to them (a refusal too). */
function shareOf(account: string, health: HealthSources): Record<string, string> {
  return shareHeaders(health.shares.shareOf(account, health.now()));
}

/** A miss, a join or a stale answer: what takes the store, the lock, the queue or the upstream. */
async function resolve(
  reply: FastifyReply,
  resource: Resource,
  account: string,
  options: AppOptions,
): Promise<FastifyReply> {
  // A refusal carries the share too: answerError adds it.
  const served = await options.resolver.serve(resource, account);
  return send(reply, served, options, account);
}

function registerEndpoint(app: FastifyInstance, endpoint: Endpoint, options: AppOptions): void {
  const { resolver, health } = options;
  // Not an async handler: a hit is answered in the same turn, with no await and no round trip.
  app.get(endpoint.route, (request, reply) => {
    const account = request.deskAccount ?? accountOf(DESK_TENANT, "anonymous");
    const now = health.now();
    const query = request.query as Record<string, string | string[] | undefined>;
    const resource = resourceOf(endpoint, request.params as Record<string, string>, query, now);
    request.resourceKind = resource.kind;
    // Counted in memory, sent to the store in batches.
    health.store.count(account, now, "request");
    const hit = resolver.hit(resource);
    return hit === undefined ? resolve(reply, resource, account, options) : send(reply, hit, options, account);
  });
}

/** What /mcp's tools read with: the HTTP route's resolver, request count and metrics, and the audit trail. */
function mcpParts(options: AppOptions): Pick<McpPluginOptions, "source" | "audit" | "metrics"> {
  const { resolver, health, metrics, audit } = options;
  return {
    source: {
      resolver,
      countRequest: (account, now) => health.store.count(account, now, "request"),
      onServed: (kind, how, seconds) => metrics.metrics.served(kind, how, seconds),
      now: health.now,
    },
    audit,
    metrics: metrics.metrics,
  };
}

/** How much of a path a 404 quotes back: enough to recognise, never the whole of a hostile URL. */
const MAX_ECHOED_PATH_BYTES = 200;

/** Who reads the health page: the metrics credential's holder sees the desk, a known caller their own figures. */
function healthReader(request: FastifyRequest, options: AppOptions): HealthReader {
  if (deskWideRefusal(request, options.metrics) === undefined) return { kind: "desk" };
  return request.deskAccount === null ? { kind: "anyone" } : { kind: "user", account: request.deskAccount };
}

/** The gateway's HTTP face: the service's own paths and error shape, CORS for the add-in, a desk token on every call. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const healthPage = new HealthPage(options.health);
  const watch: RefusalWatch = (request, refusal) => {
    options.metrics.metrics.refused(refusal.statusCode, refusal.reason ?? refusal.code.toLowerCase());
    options.audit.refused(request.deskUser, request.url, refusal.statusCode, refusal.code, options.health.now());
  };
  const refusalShare = (request: FastifyRequest) =>
    // A request Fastify refused before routing it has no caller (nor the decoration).
    typeof request.deskAccount === "string" ? shareOf(request.deskAccount, options.health) : {};
  const app = Fastify({
    logger: options.logger ?? false,
    // The gateway logs each request itself (onResponse), with the user's name and never a header; one logger for
    // every request, not a child logger made per request.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    forceCloseConnections: true,
    ...(options.https !== undefined ? { https: options.https } : {}),
    frameworkErrors: (error, request, reply) => void answerError(error, request, reply, watch, refusalShare),
  }) as unknown as FastifyInstance;
  app.decorateRequest("deskUser", null);
  app.decorateRequest("deskAccount", null);
  app.decorateRequest("servedHow", null);
  app.decorateRequest("resourceKind", null);
  // No origin listed: no CORS headers at all (the CLI, or pages that reach the gateway through their own origin).
  await app.register(cors, {
    ...CORS_RULES,
    origin: options.allowOrigins.length > 0 ? [...options.allowOrigins] : false,
  });
  app.addHook("onRequest", async (request, reply) => {
    // Every answer is JSON and says so; no browser may take it for anything else.
    void reply.header("x-content-type-options", "nosniff");
    const tokens = options.tokens();
    if (tokens === undefined && !loopbackHostHeader(request.headers.host)) throw misdirected();
    if (tokens === undefined && fromAnotherSite(request.headers, options.allowOrigins)) throw anotherSite();
    if (request.method === "OPTIONS") return;
    // The health page, by its route (never by a prefix of the raw URL), may be read without a token; the metrics
    // page has a rule of its own (metrics-route.ts).
    const open =
      request.routeOptions.url === "/gateway/health" ||
      request.routeOptions.url === METRICS_ROUTE ||
      request.routeOptions.url?.startsWith(RESOURCE_METADATA_PATH) === true;
    const caller = await identify(request, tokens, options.signIn).catch((error: unknown) => {
      if (open) return undefined;
      throw error;
    });
    if (caller !== undefined) {
      request.deskUser = caller.user;
      request.deskAccount = accountOf(caller.tenant, caller.user);
    } else if (!open) throw unauthorized(presentedToken(request.headers));
  });
  // A callback hook, not an async one: no promise made per request for a line the logger buffers anyway.
  app.addHook("onResponse", (request, reply, done) => {
    if (request.servedHow !== null && request.resourceKind !== null)
      options.metrics.metrics.served(request.resourceKind, request.servedHow as ServedLabel, reply.elapsedTime / 1000);
    // One line per request, into the bounded output (logs/log-output.ts).
    logRequest(request, reply);
    done();
  });
  app.setErrorHandler(async (error, request, reply) => answerError(error, request, reply, watch, refusalShare));
  app.setNotFoundHandler(async (request) => {
    // GatewayError writes out what is unsafe in it; the cut keeps a hostile URL from filling the message.
    const split = request.url.indexOf("?");
    const path = cutToBytes(split < 0 ? request.url : request.url.slice(0, split), MAX_ECHOED_PATH_BYTES);
    throw new GatewayError(404, "NOT_FOUND", `${request.method} ${path} is not an endpoint of the Index Data Service.`);
  });
  for (const endpoint of ENDPOINTS) registerEndpoint(app, endpoint, options);
  registerMetricsRoute(app, options.metrics);
  if (options.mcp !== undefined) await app.register(mcpPlugin, { ...options.mcp, ...mcpParts(options) });
  app.get("/gateway/health", async (request, reply) =>
    reply.header("cache-control", "no-store").send(await healthPage.body(healthReader(request, options))),
  );
  return app;
}
