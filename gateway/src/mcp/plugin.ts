import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isJsonContentType } from "@modelcontextprotocol/server";
import type { Clock } from "@index-data/wire/time";
import type { AuditTrail } from "../audit-trail";
import { GatewayError } from "../gateway-error";
import type { GatewayMetrics } from "../gateway-metrics";
import { McpExchange, type HttpAnswer } from "./exchange";
import { bearerChallenge, MCP_PATH, RESOURCE_METADATA_PATH, resourceMetadata } from "./metadata";
import { OpenRequests, type McpRefusal, type OpenRequestLimits } from "./open-requests";
import { ResourceReader, type ResourceSource } from "./resource-reader";
import { SelfOrigins } from "./self-origin";
import { mcpServer } from "./server";
import type { ToolDeps } from "./tool-deps";
import { ToolMetrics } from "./tool-metrics";

export { MCP_PATH, RESOURCE_METADATA_PATH } from "./metadata";

export interface McpPluginOptions {
  /** How the HTTP route reads a resource: the same resolver (cache, coalescing, budget), request count and metrics. */
  readonly source: ResourceSource;
  readonly audit: AuditTrail;
  readonly metrics: GatewayMetrics;
  readonly clock: Clock;
  /** The OIDC issuer the resource metadata names (--oidc-issuer); absent: desk tokens only. */
  readonly issuer?: string;
  readonly requiredScope?: string;
  /** The gateway's origin as its clients reach it (--public-url); absent: the address it listens on. */
  readonly publicOrigin?: string;
  /** Whether the gateway serves https (the scheme of the origins it names itself by without --public-url). */
  readonly https: boolean;
  /** Origins whose pages may call /mcp (--allow-origin); a request with any other Origin is refused (403). */
  readonly allowOrigins: readonly string[];
  /** Replicas alive (the shared store's heartbeat): each takes its part of the desk's caps. */
  readonly replicas: () => number;
  readonly limits?: OpenRequestLimits;
  /** Every /mcp request is answered within this long: the tools' reads' own bounds, with room to spare. */
  readonly settleMs: number;
  /** The server's version in the MCP handshake. */
  readonly version: string;
  /** Lets the event loop serve others between slices of CPU-heavy work. @default setImmediate */
  readonly pause?: () => Promise<void>;
}

/** Largest MCP request body: a tool's arguments are a few hundred bytes; anything near this is hostile. */
const MAX_BODY_BYTES = 64 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A JSON-RPC error the plugin answers itself, before any MCP work. */
function rpcRefusal(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ "cache-control": "no-store", ...headers })
    .send({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}

const REFUSED: Record<Exclude<McpRefusal, "origin" | "host">, { status: number; retry: string; message: string }> = {
  user_cap: { status: 429, retry: "1", message: "You have as many MCP requests open as one user may: wait for one." },
  desk_cap: { status: 503, retry: "5", message: "The gateway has as many MCP requests open as it may: try again." },
};

/**
 * `/mcp`: the Model Context Protocol for AI agents, beside the HTTP API, served statelessly (exchange.ts): both the
 * 2025-11-25 handshake and 2026-07-28 requests, any replica answering any request. The app's sign-in has already
 * identified the caller (a desk token or an OIDC bearer); its 401s and 403s name the resource metadata (RFC 9728),
 * served unauthenticated at /.well-known/oauth-protected-resource, and the scope a token needs. A page of an origin
 * not allowed is refused (403), as is a Host that is not the gateway's own (421); open requests are bounded per user
 * and in all, and each is answered within the settle bound.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  const deps: ToolDeps = {
    reader: new ResourceReader(options.source, options.pause ?? nextTurn),
    audit: options.audit,
    metrics: new ToolMetrics(options.metrics.registry),
  };
  const self = new SelfOrigins(
    options.https ? "https" : "http",
    () => app.server.address() as AddressInfo | null,
    options.publicOrigin,
  );
  const open = new OpenRequests(options.metrics.registry, options.replicas, options.limits);
  const exchange = new McpExchange({
    serverFor: (caller) => mcpServer(deps, options.version, caller),
    settleMs: options.settleMs,
    clock: options.clock,
    onTimeout: () => open.timedOut(),
    onError: (error) => app.log.debug({ err: error }, "mcp"),
  });
  app.addHook("onClose", () => exchange.close());

  // Every 401 (and a missing scope's 403) says where the metadata is and which scope a token needs (MCP
  // authorization): the app's sign-in threw it before routing here.
  app.addHook("onSend", async (request, reply) => {
    const given = reply.getHeader("www-authenticate");
    const challenged = reply.statusCode === 401 || (reply.statusCode === 403 && typeof given === "string");
    if (!challenged) return;
    const origin = self.of(request.headers.host);
    void reply.header(
      "www-authenticate",
      bearerChallenge(typeof given === "string" ? given : undefined, origin, options.requiredScope),
    );
  });

  /** The origin the request reached, from the gateway's own list; a Host of another name is refused (421). */
  const originOf = (request: FastifyRequest): string => {
    const origin = self.of(request.headers.host);
    if (origin !== undefined) return origin;
    open.refuse("host");
    throw new GatewayError(
      421,
      "MISDIRECTED_REQUEST",
      `This gateway names itself by the address it listens on: use ${self.example()}${MCP_PATH}, or start it with --public-url.`,
    );
  };
  const metadata = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOf(request);
    // Without --public-url a replica listening on several addresses names the one the request reached.
    if (!self.fixed) void reply.header("vary", [reply.getHeader("vary"), "host"].filter(Boolean).join(", "));
    return reply
      .header("cache-control", "max-age=3600")
      .send(resourceMetadata(origin, options.issuer, options.requiredScope));
  };
  // The metadata is what a client reads before it has any token (RFC 9728): open to anyone.
  app.get(RESOURCE_METADATA_PATH, { config: { openToAnyone: true } }, metadata);
  app.get(`${RESOURCE_METADATA_PATH}${MCP_PATH}`, { config: { openToAnyone: true } }, metadata);

  /** The answer to a request /mcp refuses before any work (a page of another origin, a foreign Host), if it does. */
  const guard = (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const from = request.headers.origin;
    if (from !== undefined && !options.allowOrigins.includes(from)) {
      open.refuse("origin");
      return rpcRefusal(
        reply,
        403,
        "This gateway answers no page of this origin: its administrator lists the origins it answers with --allow-origin.",
      );
    }
    originOf(request);
    return undefined;
  };

  app.post(MCP_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
    const refused = guard(request, reply);
    if (refused !== undefined) return refused;
    if (!isJsonContentType(request.headers["content-type"]))
      return rpcRefusal(reply, 415, "An MCP request is JSON: send it as Content-Type: application/json.");
    const slot = open.enter(request.deskAccount as string);
    if (typeof slot === "string") {
      const { status, retry, message } = REFUSED[slot];
      return rpcRefusal(reply, status, message, { "retry-after": retry });
    }
    try {
      const answer: HttpAnswer = await exchange.answer(
        request.body,
        request.headers,
        `${originOf(request)}${MCP_PATH}`,
        request.deskAccount as string,
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    } finally {
      slot.close();
    }
  });
  // No sessions and no stream of server-sent events: every answer is the JSON response to its POST.
  const noSuchMethod = async (request: FastifyRequest, reply: FastifyReply) =>
    guard(request, reply) ??
    rpcRefusal(
      reply.header("allow", "POST"),
      405,
      "This server keeps no sessions and sends no event stream: POST each request.",
    );
  app.get(MCP_PATH, noSuchMethod);
  app.delete(MCP_PATH, noSuchMethod);
}
