import type { RateLimitInfo, ResponseInfo } from "./options";

/** Reset values above this are epoch seconds, not a delay (some services send `x-ratelimit-reset` that way). */
const EPOCH_THRESHOLD_SECONDS = 1_000_000_000;

function headerNumber(headers: Headers, names: readonly string[]): number | undefined {
  for (const name of names) {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === "") continue;
    const n = Number(raw.trim());
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

/** `Retry-After` in whole seconds: a delay (`120`) or an HTTP-date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Rate-limit figures from `x-ratelimit-*` or the IETF draft `ratelimit-*` headers, when both limit and remaining are sent. */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimitInfo | undefined {
  const limit = headerNumber(headers, ["x-ratelimit-limit", "ratelimit-limit"]);
  const remaining = headerNumber(headers, ["x-ratelimit-remaining", "ratelimit-remaining"]);
  if (limit === undefined || remaining === undefined) return undefined;
  const reset = headerNumber(headers, ["x-ratelimit-reset", "ratelimit-reset"]);
  if (reset === undefined || reset < 0) return { limit, remaining };
  const resetSeconds = reset > EPOCH_THRESHOLD_SECONDS ? Math.max(0, Math.ceil(reset - now / 1000)) : reset;
  return { limit, remaining, resetSeconds };
}

/** What `onResponse` is told about one response. */
export function responseInfo(path: string, status: number, headers: Headers): ResponseInfo {
  const rateLimit = parseRateLimit(headers);
  const retryAfterSeconds = parseRetryAfter(headers.get("retry-after"));
  return {
    path,
    status,
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}
