import {
  isInvalidResponseError,
  isNetworkError,
  isQueueFullError,
  isRateLimitedError,
  isServerError,
  isServiceUnavailableError,
  isTimeoutError,
} from "@index-data/wire";

export interface RetryOptions {
  /** Attempts in all (first try included) for 5xx, network errors and timeouts. @default 3 */
  readonly maxAttempts: number;
  /** Retries after a 429. @default 3 */
  readonly maxRateLimitRetries: number;
  /** First backoff; doubles each retry, with full jitter. @default 250 */
  readonly baseDelayMs: number;
  /** Longest single backoff for 5xx/network/timeout. @default 4000 */
  readonly maxDelayMs: number;
  /** Longest wait after a 429 (a `Retry-After` above it is capped). @default the rate-limit window */
  readonly maxRateLimitDelayMs: number;
}

type RetryDecision =
  { readonly retry: false } | { readonly retry: true; readonly delayMs: number; readonly rateLimited: boolean };

/** A 429 without `Retry-After` starts backing off from this, doubling, with jitter. */
const RATE_LIMIT_BASE_DELAY_MS = 1000;

/** Exponential backoff with full jitter: uniform in [0, min(cap, base * 2^(retry-1))]. */
export function backoffMs(retry: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(random() * ceiling);
}

/**
 * The service failed to answer (as opposed to answering "not found", "bad request" or "unauthorized"), or our
 * own queue could not send the request in time: either way a last-known value is better than an error.
 */
export function isServiceFailure(error: unknown): boolean {
  return (
    isServerError(error) ||
    isServiceUnavailableError(error) ||
    isNetworkError(error) ||
    isTimeoutError(error) ||
    isRateLimitedError(error) ||
    isQueueFullError(error) ||
    isInvalidResponseError(error)
  );
}

function isTransient(error: unknown): boolean {
  return isServerError(error) || isServiceUnavailableError(error) || isNetworkError(error) || isTimeoutError(error);
}

/**
 * Whether to try again after `error` on attempt `attempt` (1-based), and after how long.
 * `rateLimitRetries` counts the 429 retries already made. A QueueFullError (our own queue refused) is never
 * retried: waiting longer is exactly what it refused.
 */
export function decideRetry(
  error: unknown,
  attempt: number,
  rateLimitRetries: number,
  options: RetryOptions,
  random: () => number = Math.random,
): RetryDecision {
  if (isRateLimitedError(error)) {
    // No request behind it (no path): there is nothing to send again.
    if (error.path === undefined || rateLimitRetries >= options.maxRateLimitRetries) return { retry: false };
    const told = error.retryAfterSeconds;
    const delayMs =
      told !== undefined
        ? Math.min(options.maxRateLimitDelayMs, told * 1000 + Math.round(random() * 250))
        : Math.max(250, backoffMs(rateLimitRetries + 1, RATE_LIMIT_BASE_DELAY_MS, options.maxRateLimitDelayMs, random));
    return { retry: true, delayMs, rateLimited: true };
  }
  if (isTransient(error) && attempt < options.maxAttempts) {
    return {
      retry: true,
      delayMs: backoffMs(attempt, options.baseDelayMs, options.maxDelayMs, random),
      rateLimited: false,
    };
  }
  return { retry: false };
}
