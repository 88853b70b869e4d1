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
  /** First backoff; doubles each retry, with full jitter. @default 250 */
  readonly baseDelayMs: number;
  /** Longest single backoff for 5xx/network/timeout. @default 4000 */
  readonly maxDelayMs: number;
}

type RetryDecision =
  { readonly retry: false } | { readonly retry: true; readonly delayMs: number; readonly rateLimited: boolean };

/** A 429's request queues again at once: the rate rule, not a backoff, says when it goes. */
const RATE_LIMITED_AGAIN: Readonly<RetryDecision> = { retry: true, delayMs: 0, rateLimited: true };

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
 * Whether to try again after `error` on attempt `attempt` (1-based), and after how long. A 429 is a request that
 * waits its turn, not a failure: it goes back to the queue at once, and the rate rule holds it (and every other)
 * until the window must have turned; only the request's own bound ends its wait. A QueueFullError (our own queue
 * refused) is never retried: waiting longer is exactly what it refused.
 */
export function decideRetry(
  error: unknown,
  attempt: number,
  options: RetryOptions,
  random: () => number = Math.random,
): RetryDecision {
  // No request behind it (no path): there is nothing to send again.
  if (isRateLimitedError(error)) return error.path === undefined ? { retry: false } : RATE_LIMITED_AGAIN;
  if (isTransient(error) && attempt < options.maxAttempts) {
    return {
      retry: true,
      delayMs: backoffMs(attempt, options.baseDelayMs, options.maxDelayMs, random),
      rateLimited: false,
    };
  }
  return { retry: false };
}
