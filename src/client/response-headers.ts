import type { RateLimitInfo, ResponseInfo } from "./options";

/** Reset values above this are epoch seconds, not a delay (some services send `x-ratelimit-reset` that way). */
const EPOCH_THRESHOLD_SECONDS = 1_000_000_000;

/**
 * Longest wait any header may impose: one rate window of the service (the spec's limits are per minute).
 * A service that asks for more (a typo, a bug, a hostile answer) gets one window; the next answer says again.
 */
const MAX_HEADER_WAIT_SECONDS = 60;

/**
 * The one gate for every wait read from a header (`Retry-After`, `x-ratelimit-reset`): whole seconds,
 * undefined unless a finite non-negative number, and at most MAX_HEADER_WAIT_SECONDS. Timers armed from
 * headers therefore never overflow and never hold a sheet for longer than a window.
 */
function headerWaitSeconds(seconds: number): number | undefined {
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(MAX_HEADER_WAIT_SECONDS, Math.ceil(seconds));
}

function headerNumber(headers: Headers, names: readonly string[]): number | undefined {
  for (const name of names) {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === "") continue;
    const n = Number(raw.trim());
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

/** `Retry-After` in whole seconds: a delay (`120`) or an HTTP-date. Undefined when absent, unreadable or negative. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  // Any number JavaScript reads ("120", "1e308", "-5", "Infinity") is a delay, checked by the gate.
  const delay = Number(trimmed);
  if (!Number.isNaN(delay)) return headerWaitSeconds(delay);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return headerWaitSeconds(Math.max(0, (at - now) / 1000));
}

/** A count a rate-limit header may carry: a finite non-negative whole number, else undefined. */
function headerCount(value: number | undefined): number | undefined {
  return value !== undefined && value >= 0 && Number.isSafeInteger(value) ? value : undefined;
}

/** Rate-limit figures from `x-ratelimit-*` or the IETF draft `ratelimit-*` headers, when both limit and remaining are sent. */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimitInfo | undefined {
  const limit = headerCount(headerNumber(headers, ["x-ratelimit-limit", "ratelimit-limit"]));
  const remaining = headerCount(headerNumber(headers, ["x-ratelimit-remaining", "ratelimit-remaining"]));
  if (limit === undefined || remaining === undefined) return undefined;
  const reset = headerNumber(headers, ["x-ratelimit-reset", "ratelimit-reset"]);
  const delay = reset !== undefined && reset > EPOCH_THRESHOLD_SECONDS ? reset - now / 1000 : reset;
  // An epoch already past means the window has reset: zero, not "ignore".
  const resetSeconds =
    delay === undefined ? undefined : headerWaitSeconds(reset !== delay ? Math.max(0, delay) : delay);
  return resetSeconds === undefined ? { limit, remaining } : { limit, remaining, resetSeconds };
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
