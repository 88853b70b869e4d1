import type { AddressInfo } from "node:net";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isJsonContentType } from "@modelcontextprotocol/server";
import type { Clock } from "@index-data/wire/time";
import type { CorrectionsArchive } from "../corrections/archive";
import type { AuditTrail } from "../observability/audit-trail";
import type { GatewayMetrics } from "../observability/gateway-metrics";
import { nextTurn } from "../answers/paced-parse";
import { AUTH_PLUGIN } from "../plugins/auth";
import type {} from "../request-facts";
import { McpExchange, type HttpAnswer } from "./exchange";
import { McpGuards, rpcRefusal, type GuardOptions } from "./guards";
import { MCP_PATH } from "./metadata";
import { OpenRequests, type McpRefusal, type OpenRequestLimits } from "./open-requests";
import { ResourceReader, type ResourceSource } from "./resource-reader";
import { mcpServer } from "./server";
import type { ToolDeps } from "./tool-deps";
import { ToolMetrics } from "./tool-metrics";

export { MCP_PATH, RESOURCE_METADATA_PATH } from "./metadata";

export interface McpPluginOptions extends GuardOptions {
  /** How the HTTP route reads a resource: the same resolver (cache, coalescing, budget), request count and metrics. */
  readonly source: ResourceSource;
  readonly audit: AuditTrail;
  readonly metrics: GatewayMetrics;
  /** The as-published archive get_corrections lists. */
  readonly corrections: CorrectionsArchive;
  readonly clock: Clock;
  /** Replicas alive (the shared store's heartbeat): each takes its part of the desk's caps. */
  readonly replicas: () => number;
  readonly limits?: OpenRequestLimits | undefined;
  /** Every /mcp request is answered within this long: the tools' reads' own bounds, with room to spare. */
  readonly settleMs: number;
  /** The server's version in the MCP handshake. */
  readonly version: string;
  /** Lets the event loop serve others between slices of CPU-heavy work. @default setImmediate */
  readonly pause?: () => Promise<void>;
}

export const MCP_PLUGIN = "index-gateway-mcp";

/** Largest MCP request body: a tool's arguments are a few hundred bytes; anything near this is hostile. */
const MAX_BODY_BYTES = 64 * 1024;

const REFUSED: Readonly<
  Record<Exclude<McpRefusal, "origin" | "host">, { status: number; retry: string; message: string }>
> = {
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
const mcp: FastifyPluginAsync<McpPluginOptions> = async (app, options) => {
  const deps: ToolDeps = {
    reader: new ResourceReader(options.source, options.pause ?? nextTurn),
    audit: options.audit,
    metrics: new ToolMetrics(options.metrics.registry),
    corrections: options.corrections,
  };
  const open = new OpenRequests(options.metrics.registry, options.replicas, options.limits);
  const guards = new McpGuards(() => app.server.address() as AddressInfo | null, options, open);
  guards.register(app);
  const exchange = new McpExchange({
    serverFor: (caller) => mcpServer(deps, options.version, caller),
    settleMs: options.settleMs,
    clock: options.clock,
    onTimeout: () => open.timedOut(),
    onError: (error) => app.log.debug({ err: error }, "mcp"),
  });
  app.addHook("onClose", () => exchange.close());

  app.post(MCP_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
    const refused = guards.refusal(request, reply);
    if (refused !== undefined) return refused;
    if (!isJsonContentType(request.headers["content-type"]))
      return rpcRefusal(reply, 415, "An MCP request is JSON: send it as Content-Type: application/json.");
    // Auth, a declared dependency, names every caller of a route not open to anyone; none arrives unnamed.
    const account = request.deskAccount;
    if (account === null) return rpcRefusal(reply, 401, "An MCP request needs a desk token or a sign-in token.");
    const slot = open.enter(account);
    if (typeof slot === "string") {
      const { status, retry, message } = REFUSED[slot];
      return rpcRefusal(reply, status, message, { "retry-after": retry });
    }
    try {
      const answer: HttpAnswer = await exchange.answer(
        request.body,
        request.headers,
        `${guards.originOf(request)}${MCP_PATH}`,
        account,
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    } finally {
      slot.close();
    }
  });
  // No sessions and no stream of server-sent events: every answer is the JSON response to its POST.
  const noSuchMethod = async (request: FastifyRequest, reply: FastifyReply) =>
    guards.refusal(request, reply) ??
    rpcRefusal(
      reply.header("allow", "POST"),
      405,
      "This server keeps no sessions and sends no event stream: POST each request.",
    );
  app.get(MCP_PATH, noSuchMethod);
  app.delete(MCP_PATH, noSuchMethod);
};

/** `/mcp` for AI agents, after auth (whose caller it serves); encapsulated, its hooks and routes its own. */
export const mcpPlugin = fp(mcp, {
  name: MCP_PLUGIN,
  fastify: "5.x",
  encapsulate: true,
  dependencies: [AUTH_PLUGIN],
});
