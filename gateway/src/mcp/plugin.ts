import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Clock } from "@index-data/wire/time";
import type { AuditTrail } from "../audit-trail";
import type { GatewayMetrics } from "../gateway-metrics";
import { gatewayOrigin, MCP_PATH, RESOURCE_METADATA_PATH, resourceMetadata, wwwAuthenticate } from "./metadata";
import type { ResourceSource } from "./resource-reader";
import { mcpServer } from "./server";
import type { ToolDeps } from "./tool-deps";
import { SessionTable, type SessionLimits } from "./sessions";
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
  /** The gateway's origin as its clients reach it (--public-url); absent: each request's own scheme and Host. */
  readonly publicOrigin?: string;
  readonly sessions?: SessionLimits;
  /** The server's version in the MCP handshake. */
  readonly version: string;
}

/** Largest MCP request body: a tool's arguments are a few hundred bytes; anything near this is hostile. */
const MAX_BODY_BYTES = 64 * 1024;

interface Open {
  readonly transport: StreamableHTTPServerTransport;
  close(): void;
}

/** A JSON-RPC error the transport itself would give, for what the plugin refuses before the transport. */
function rpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .send({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** Hands the request to the SDK's transport, with the caller as its authInfo. */
async function handOver(
  transport: StreamableHTTPServerTransport,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
): Promise<void> {
  const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
  raw.auth = { token: "", clientId: account, scopes: [], extra: { account } };
  reply.hijack();
  await transport.handleRequest(raw, reply.raw, request.body);
}

/**
 * `/mcp`: the Model Context Protocol over the SDK's Streamable HTTP transport, for AI agents, beside the HTTP API. The
 * app's sign-in has already identified the caller (a desk token or an OIDC bearer); a 401 here names the resource
 * metadata (RFC 9728), served unauthenticated at /.well-known/oauth-protected-resource. Sessions are bounded
 * (sessions.ts); each is one McpServer whose tools read through the gateway's resolver.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  const deps: ToolDeps = {
    source: options.source,
    audit: options.audit,
    metrics: new ToolMetrics(options.metrics.registry),
  };
  const sessions = new SessionTable<Open>(options.clock, (open) => open.close(), options.sessions);
  app.addHook("onClose", async () => sessions.closeAll());
  // Every 401 of /mcp says where its metadata is (MCP authorization): the app's sign-in threw it before routing here.
  app.addHook("onSend", async (request, reply) => {
    if (reply.statusCode !== 401) return;
    // A sign-in token's refusal already says `error="invalid_token"`: the pointer joins it.
    const given = reply.getHeader("www-authenticate");
    const pointer = wwwAuthenticate(gatewayOrigin(request, options.publicOrigin));
    void reply.header(
      "www-authenticate",
      typeof given === "string" && given.startsWith("Bearer ")
        ? `${given}, ${pointer.slice("Bearer ".length)}`
        : pointer,
    );
  });
  // Built from the request's Host when no --public-url is given: then a cache must keep one copy per Host.
  const metadata = async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.publicOrigin === undefined) {
      // Beside what the CORS plugin may already vary by (Origin), never in its place.
      const vary = reply.getHeader("vary");
      void reply.header("vary", vary === undefined ? "host" : `${String(vary)}, host`);
    }
    return reply
      .header("cache-control", "max-age=3600")
      .send(resourceMetadata(gatewayOrigin(request, options.publicOrigin), options.issuer, options.requiredScope));
  };
  // The metadata is what a client reads before it has any token (RFC 9728): open to anyone.
  app.get(RESOURCE_METADATA_PATH, { config: { openToAnyone: true } }, metadata);
  app.get(`${RESOURCE_METADATA_PATH}${MCP_PATH}`, { config: { openToAnyone: true } }, metadata);

  const open = async (request: FastifyRequest, reply: FastifyReply, account: string): Promise<void> => {
    if (!sessions.room(account)) {
      void rpcError(
        reply.header("retry-after", "60"),
        503,
        -32000,
        "The gateway holds as many MCP sessions as it may: try again in a minute.",
      );
      return;
    }
    const server = mcpServer(deps, options.version);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => sessions.add(id, account, { transport, close: () => void server.close() }),
      onsessionclosed: (id) => sessions.remove(id),
    });
    await server.connect(transport);
    await handOver(transport, request, reply, account);
  };

  app.post(MCP_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
    const account = request.deskAccount as string;
    const id = request.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.use(id, account);
      if (session === undefined)
        return rpcError(reply, 404, -32001, "Session not found: start a new one (initialize).");
      return handOver(session.value.transport, request, reply, account);
    }
    if (!isInitializeRequest(request.body))
      return rpcError(
        reply,
        400,
        -32000,
        "No session: send initialize first, then its Mcp-Session-Id on each request.",
      );
    return open(request, reply, account);
  });
  app.delete(MCP_PATH, async (request, reply) => {
    const id = request.headers["mcp-session-id"];
    const session = typeof id === "string" ? sessions.use(id, request.deskAccount as string) : undefined;
    if (session === undefined) return rpcError(reply, 404, -32001, "Session not found.");
    return handOver(session.value.transport, request, reply, request.deskAccount as string);
  });
  // No stream of server-sent events: every answer is the JSON response to its request, so no connection stays open.
  app.get(MCP_PATH, async (_request, reply) =>
    rpcError(reply.header("allow", "POST, DELETE"), 405, -32000, "This server sends no event stream: POST requests."),
  );
}
