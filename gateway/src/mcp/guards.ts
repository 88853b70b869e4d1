import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GatewayError } from "../answers/gateway-error";
import { bearerChallenge, MCP_PATH, RESOURCE_METADATA_PATH, resourceMetadata } from "./metadata";
import type { OpenRequests } from "./open-requests";
import { SelfOrigins } from "./self-origin";

export interface GuardOptions {
  /** Whether the gateway serves https (the scheme of the origins it names itself by without a public URL). */
  readonly https: boolean;
  /** The gateway's origin as its clients reach it (its public URL); absent: the address it listens on. */
  readonly publicOrigin?: string | undefined;
  /** Origins whose pages may call /mcp (the allowed origins); a request with any other Origin is refused (403). */
  readonly allowOrigins: readonly string[];
  /** The OIDC issuer the resource metadata names; absent: desk tokens only. */
  readonly issuer?: string | undefined;
  readonly requiredScope?: string | undefined;
}

/** A JSON-RPC error /mcp answers itself, before any MCP work. */
export function rpcRefusal(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ "cache-control": "no-store", ...headers })
    .send({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}

/**
 * What /mcp checks before any work, as the MCP specification's MUSTs put it: a page's Origin (403 unless
 * the allowed origins list it, against DNS rebinding), the Host (only the gateway's own names: no URL or header is ever
 * made of one, a foreign one is refused with 421), and, on every 401 (and a missing scope's 403), where the resource
 * metadata is and which scope a token needs. The metadata itself (RFC 9728) is served here, open to anyone.
 */
export class McpGuards {
  private readonly self: SelfOrigins;

  constructor(
    address: () => AddressInfo | null,
    private readonly options: GuardOptions,
    private readonly open: OpenRequests,
  ) {
    this.self = new SelfOrigins(options.https ? "https" : "http", address, options.publicOrigin);
  }

  /** The origin the request reached, from the gateway's own list; a Host of another name is refused (421). */
  originOf(request: FastifyRequest): string {
    const origin = this.self.of(request.headers.host);
    if (origin !== undefined) return origin;
    this.open.refuse("host");
    throw new GatewayError(
      421,
      "MISDIRECTED_REQUEST",
      `This gateway names itself by the address it listens on: use ${this.self.example()}${MCP_PATH}, or start it with --public-url.`,
    );
  }

  /** The answer to a request /mcp refuses before any work (a page of another origin, a foreign Host), if it does. */
  refusal(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const from = request.headers.origin;
    if (from !== undefined && !this.options.allowOrigins.includes(from)) {
      this.open.refuse("origin");
      return rpcRefusal(
        reply,
        403,
        "This gateway answers no page of this origin: its administrator adds the page's origin to the gateway's allowed origins.",
      );
    }
    this.originOf(request);
    return undefined;
  }

  /** The challenge on the plugin's 401s and 403s, and the metadata's two routes. */
  register(app: FastifyInstance): void {
    const { issuer, requiredScope } = this.options;
    // The app's sign-in threw the 401 (or the missing scope's 403) before routing here.
    app.addHook("onSend", async (request, reply) => {
      const given = reply.getHeader("www-authenticate");
      if (!(reply.statusCode === 401 || (reply.statusCode === 403 && typeof given === "string"))) return;
      const origin = this.self.of(request.headers.host);
      const challenge = bearerChallenge(typeof given === "string" ? given : undefined, origin, requiredScope);
      void reply.header("www-authenticate", challenge);
    });
    const metadata = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = this.originOf(request);
      // Without a public URL a replica listening on several addresses names the one the request reached.
      if (!this.self.fixed) void reply.header("vary", [reply.getHeader("vary"), "host"].filter(Boolean).join(", "));
      return reply.header("cache-control", "max-age=3600").send(resourceMetadata(origin, issuer, requiredScope));
    };
    // The metadata is what a client reads before it has any token (RFC 9728): open to anyone.
    app.get(RESOURCE_METADATA_PATH, { config: { openToAnyone: true } }, metadata);
    app.get(`${RESOURCE_METADATA_PATH}${MCP_PATH}`, { config: { openToAnyone: true } }, metadata);
  }
}
