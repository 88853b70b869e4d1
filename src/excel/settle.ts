import { resolveWithin, systemClock, type Clock } from "@index-data/wire/time";

/**
 * The settle bound used when no engine supplies one (120 s). In the add-in the wrappers pass the request
 * engine's own bound (`getContext().settleBoundMs`), which also covers work queued behind the rate budget.
 */
export const DEFAULT_SETTLE_MS = 120_000;

/**
 * Settles with `promise`'s outcome, or with `onTimeout()` after `ms` on `clock`, whichever comes first; the
 * deadline is cleared either way, so nothing is left pending. A rejection of `promise` is passed through unchanged,
 * or settled with `onError(error)` when given. Nothing is made for the bound unless it is reached.
 */
export function settleWithin<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => T,
  clock: Clock = systemClock,
  onError?: (error: unknown) => T,
): Promise<T> {
  return resolveWithin(promise, ms, onTimeout, clock, onError);
}
