import type { Counted } from "./rate-windows";

/**
 * What the service says about its limit. The spec shows none ("Response headers or retry information on limit: not
 * shown", section 8), so real services differ; the reference service speaks each form a client may meet:
 * - `full`: `X-RateLimit-Limit`, `-Remaining`, `-Reset` on every answer, `Retry-After` on each 429 (what
 *   @fastify/rate-limit sends);
 * - `partial`: `X-RateLimit-Limit` and `-Remaining` only, `Retry-After` on every other 429, never a reset;
 * - `ietf`: only the IETF structured fields `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers);
 * - `none`: nothing at all, and a bare 429.
 */
export const RATE_HEADER_FORMS = ["full", "partial", "ietf", "none"] as const;
export type RateHeaders = (typeof RATE_HEADER_FORMS)[number];

/** Every header any form sends, for CORS to expose: the X-RateLimit trio, Retry-After, and the IETF pair. */
export const RATE_LIMIT_HEADERS = ["limit", "remaining", "reset"]
  .map((figure) => `x-ratelimit-${figure}`)
  .concat("retry-after", "ratelimit", "ratelimit-policy");

/** The policy's name in the IETF fields. */
const POLICY = '"default"';

/** Where the headers go: a Fastify reply, or anything else that takes a header (a test's fake service). */
interface HeaderSink {
  header(name: string, value: string | number): unknown;
}

/**
 * Writes the form's headers for one counted request onto `reply`; `refusals` is how many 429s this caller got
 * before this one (partial sends Retry-After on every other one).
 */
export function writeRateHeaders(
  reply: HeaderSink,
  form: RateHeaders,
  window: { readonly max: number; readonly windowMs: number; readonly counted: Counted; readonly refusals: number },
): void {
  const { max, counted } = window;
  const resetSeconds = Math.max(0, Math.ceil(counted.resetMs / 1000));
  const refused = !counted.allowed;
  switch (form) {
    case "full":
      reply.header("x-ratelimit-limit", max);
      reply.header("x-ratelimit-remaining", counted.remaining);
      reply.header("x-ratelimit-reset", resetSeconds);
      if (refused) reply.header("retry-after", resetSeconds);
      return;
    case "partial":
      reply.header("x-ratelimit-limit", max);
      reply.header("x-ratelimit-remaining", counted.remaining);
      if (refused && window.refusals % 2 === 0) reply.header("retry-after", resetSeconds);
      return;
    case "ietf":
      reply.header("ratelimit-policy", `${POLICY};q=${max};w=${Math.round(window.windowMs / 1000)}`);
      reply.header("ratelimit", `${POLICY};r=${counted.remaining};t=${resetSeconds}`);
      return;
    case "none":
      return;
  }
}

/** The 429's message: retry information only where the form gives it in headers too. */
export function refusalMessage(form: RateHeaders, tier: string, max: number, window: number, resetMs: number): string {
  const base = `Rate limit of ${max} requests per ${window / 1000} s exceeded for the ${tier} tier.`;
  return form === "full" ? `${base} Retry in ${Math.max(0, Math.ceil(resetMs / 1000))} s.` : base;
}
