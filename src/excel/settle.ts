import { withDeadline } from "../client/engine/deadline";

/**
 * The longest a formula may stay unsettled (#BUSY!) before it shows an error: 120 s. Long enough for a
 * request queued behind a sheet bigger than one minute's rate budget and its retries; short enough that a
 * cell is never stuck. The engine may pass a longer bound for very large sheets.
 */
export const DEFAULT_SETTLE_MS = 120_000;

/**
 * Settles with `promise`'s outcome, or with `onTimeout()` after `ms`, whichever comes first; the timer is
 * cleared either way, so nothing is left pending. A rejection of `promise` is passed through unchanged.
 */
export function settleWithin<T>(promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  const timedOut = new Error("settle bound reached");
  return withDeadline(promise, ms, () => timedOut).catch((error: unknown) => {
    if (error === timedOut) return onTimeout();
    throw error;
  });
}
