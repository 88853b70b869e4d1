import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { GatewayError } from "../answers/gateway-error";
import type { GatewayMetrics } from "./gateway-metrics";
import { presentedToken } from "../identity/tokens";

/**
 * Who may read /metrics and the desk-wide health page: the holder of the metrics token, or (without one) a scraper on
 * this machine that presents no credential (a desk or sign-in token is a user's, who sees only their own figures).
 */
export interface MetricsAccess {
  readonly metrics: GatewayMetrics;
  /** SHA-256 of the token from --metrics-token-file; absent: loopback only. */
  readonly tokenDigest?: Buffer | undefined;
}

/** Whether a peer address is this machine (an IPv4-mapped IPv6 loopback too). */
export function loopbackPeer(address: string | undefined): boolean {
  const ip = (address ?? "").replace(/^::ffff:/i, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** Why `request` may not read the desk-wide figures, or undefined when it holds the metrics credential. */
export function deskWideRefusal(request: FastifyRequest, access: MetricsAccess): GatewayError | undefined {
  const { tokenDigest } = access;
  if (tokenDigest === undefined) {
    if (loopbackPeer(request.socket.remoteAddress) && presentedToken(request.headers) === undefined) return undefined;
    if (loopbackPeer(request.socket.remoteAddress))
      return new GatewayError(
        403,
        "METRICS_LOOPBACK_ONLY",
        "The gateway's metrics are served to this machine's scrapers, which send no token: a desk or sign-in token reads only its own figures (/gateway/health). Scrape without it, or start the gateway with --metrics-token-file FILE.",
      );
    return new GatewayError(
      403,
      "METRICS_LOOPBACK_ONLY",
      "The gateway's metrics are served to this machine only: scrape from here, or start the gateway with --metrics-token-file FILE and send that token as a Bearer token.",
    );
  }
  const presented = presentedToken(request.headers);
  const digest = createHash("sha256")
    .update(presented ?? "")
    .digest();
  if (presented !== undefined && timingSafeEqual(digest, tokenDigest)) return undefined;
  return new GatewayError(
    401,
    "UNAUTHORIZED",
    "The gateway's metrics need the token of --metrics-token-file, as `Authorization: Bearer <token>` (Prometheus: authorization.credentials_file).",
  );
}

/**
 * GET /metrics in the Prometheus text format; a scrape costs at most one call to the shared store. Open to anyone as
 * far as the desk tokens go (plugins/auth.ts): this rule decides.
 */
export function registerMetricsRoute(app: FastifyInstance, access: MetricsAccess): void {
  app.get("/metrics", { config: { openToAnyone: true } }, async (request, reply) => {
    const refused = deskWideRefusal(request, access);
    if (refused !== undefined) throw refused;
    const text = await access.metrics.text();
    return reply.header("cache-control", "no-store").type(access.metrics.contentType).send(text);
  });
}
