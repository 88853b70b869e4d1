import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Share } from "../tenancy/share-figures";

export interface ShareHeadersOptions {
  /** Each caller's share of the desk's budget, per user or per tenant (tenancy/tenant-shares.ts). */
  readonly shareOf: (account: string, now: number) => Share;
  readonly now: () => number;
}

export const SHARE_HEADERS_PLUGIN = "index-gateway-share-headers";

declare module "fastify" {
  interface FastifyInstance {
    /** The rate-limit headers of `account`'s share of the desk's budget, now: every answer to a known caller has them. */
    shareHeaders(account: string): Record<string, string>;
  }
}

/** The policy's name in the IETF fields: the user's share of the desk's budget. */
const POLICY = '"desk"';

/**
 * The share in the service's own headers (`X-RateLimit-*`, which the add-in and the CLI already read) and in the IETF
 * structured fields of draft-ietf-httpapi-ratelimit-headers (`RateLimit-Policy` and `RateLimit`).
 */
function shareHeaders(share: Share): Record<string, string> {
  return {
    "x-ratelimit-limit": String(share.limit),
    "x-ratelimit-remaining": String(share.remaining),
    "x-ratelimit-reset": String(share.resetSeconds),
    "ratelimit-policy": `${POLICY};q=${share.limit};w=${share.windowSeconds}`,
    ratelimit: `${POLICY};r=${share.remaining};t=${share.resetSeconds}`,
  };
}

const callerShare: FastifyPluginAsync<ShareHeadersOptions> = async (app, options) => {
  app.decorate("shareHeaders", (account: string) => shareHeaders(options.shareOf(account, options.now())));
};

/**
 * The caller's share of the desk's budget, for the answers (resource-routes.ts) and the refusals (refusals.ts) to
 * write in their headers: the add-in paces itself by it, neither by its tier's default nor by the desk's whole limit.
 */
export const shareHeadersPlugin = fp(callerShare, { name: SHARE_HEADERS_PLUGIN, fastify: "5.x" });
