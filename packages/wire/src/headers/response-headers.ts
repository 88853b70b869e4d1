import { ietfRateLimit, type RateLimitFigures } from "./rate-limit-fields";

/** Rate-limit figures a response carried (`x-ratelimit-*` / `ratelimit-*` headers), when it carried them. */
export interface RateLimitInfo {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds?: number;
}

export interface ResponseInfo {
  /** Path and query, never the key. */
  readonly path: string;
  readonly status: number;
  readonly rateLimit?: RateLimitInfo | undefined;
  /** `Retry-After` in seconds, when sent. */
  readonly retryAfterSeconds?: number | undefined;
}

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

function headerNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name)?.trim() ?? "";
  const n = raw === "" ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
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

/** A rate-limit header's reset: seconds (or epoch seconds) through the one gate, an epoch already past as zero. */
function resetSeconds(reset: number | undefined, now: number): number | undefined {
  const delay = reset !== undefined && reset > EPOCH_THRESHOLD_SECONDS ? reset - now / 1000 : reset;
  // An epoch already past means the window has reset: zero, not "ignore".
  return delay === undefined ? undefined : headerWaitSeconds(reset !== delay ? Math.max(0, delay) : delay);
}

/**
 * Rate-limit figures when a response carries a limit and what remains of it: the service's `x-ratelimit-*`
 * first, then the IETF structured fields `RateLimit-Policy` / `RateLimit` (rate-limit-fields.ts), then the
 * draft's earlier `ratelimit-limit` / `-remaining` / `-reset`. Every figure goes through the same gates.
 */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimitInfo | undefined {
  const figures =
    oneHeaderEach(headers, "x-ratelimit") ?? ietfRateLimit(headers) ?? oneHeaderEach(headers, "ratelimit");
  if (figures === undefined) return undefined;
  const { limit, remaining } = figures;
  const reset = resetSeconds(figures.reset, now);
  return reset === undefined ? { limit, remaining } : { limit, remaining, resetSeconds: reset };
}

/** One header per figure (`x-ratelimit-limit: 100`, `-remaining`, `-reset`): limit and remaining both counts. */
function oneHeaderEach(headers: Headers, prefix: string): RateLimitFigures | undefined {
  const limit = headerCount(headerNumber(headers, `${prefix}-limit`));
  const remaining = headerCount(headerNumber(headers, `${prefix}-remaining`));
  if (limit === undefined || remaining === undefined) return undefined;
  return { limit, remaining, reset: headerNumber(headers, `${prefix}-reset`) };
}

/** What `onResponse` is told about one response. */
export function responseInfo(path: string, status: number, headers: Headers): ResponseInfo {
  const rateLimit = parseRateLimit(headers);
  const retryAfterSeconds = parseRetryAfter(headers.get("retry-after"));
  return {
    path,
    status,
    rateLimit,
    retryAfterSeconds,
  };
}
