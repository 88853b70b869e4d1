import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { GatewayError } from "../answers/gateway-error";
import { deskTokenUser, noAuthUser, type DeskUser } from "../identity/identity";
import { loopbackHostHeader } from "../identity/loopback-host";
import { looksLikeJwt, type SignIn } from "../identity/oidc/sign-in";
import type {} from "../request-facts";
import { DESK_TENANT, accountOf, tenantOfSignIn } from "../tenancy/account";
import { nameOfToken, presentedToken, type DeskToken } from "../identity/tokens";
import { CORS_PLUGIN } from "./cors";
import { REFUSALS_PLUGIN } from "./refusals";

export interface AuthOptions {
  /** The desk's tokens, read again on SIGHUP; `undefined` runs without authentication (loopback only). */
  readonly tokens: () => readonly DeskToken[] | undefined;
  /** Origins allowed by CORS: without authentication, the only pages of another site the gateway answers. */
  readonly allowOrigins: readonly string[];
  /** OpenID Connect bearer tokens beside the desk tokens; absent: desk tokens only. */
  readonly signIn?: SignIn | undefined;
}

export const AUTH_PLUGIN = "index-gateway-auth";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route has an access rule of its own (the health page, the metrics page): its caller is recognised when they
     * can be, and nobody is refused for presenting no token, or one that fails.
     */
    openToAnyone?: boolean;
  }
}

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

const auth: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  app.decorateRequest("deskUser", null);
  app.decorateRequest("deskAccount", null);
  app.addHook("onRequest", async (request) => {
    const tokens = options.tokens();
    if (tokens === undefined && !loopbackHostHeader(request.headers.host)) throw misdirected();
    if (tokens === undefined && fromAnotherSite(request.headers, options.allowOrigins)) throw anotherSite();
    if (request.method === "OPTIONS") return;
    // Open by its route's own config (never by a prefix of the raw URL); a request no route takes has none.
    const open = request.routeOptions.config.openToAnyone === true;
    const caller = await identify(request, tokens, options.signIn).catch((error: unknown) => {
      if (open) return undefined;
      throw error;
    });
    if (caller !== undefined) {
      request.deskUser = caller.user;
      request.deskAccount = accountOf(caller.tenant, caller.user);
    } else if (!open) throw unauthorized(presentedToken(request.headers));
  });
};

/**
 * Who is asking, on every request before anything is spent on it (the queue, the store): a desk token, a sign-in
 * token, or this machine without authentication (`--no-auth`, which answers no page of another site); anyone else
 * is refused, but on a route open to anyone. After CORS, so a browser's preflight needs no token.
 */
export const authPlugin = fp(auth, { name: AUTH_PLUGIN, fastify: "5.x", dependencies: [CORS_PLUGIN, REFUSALS_PLUGIN] });
