/**
 * The settle bound used when no engine supplies one (120 s). In the add-in the wrappers pass the request
 * engine's own bound (`getContext().settleBoundMs`), which also covers work queued behind the rate budget.
 */
export const DEFAULT_SETTLE_MS = 120_000;

/**
 * Settles with a promise's outcome, or with `onTimeout()` after `ms` on the clock, whichever comes first
 * (@index-data/wire/time's `resolveWithin`, under the name the excel layer has always given it).
 */
export { resolveWithin as settleWithin } from "@index-data/wire/time";
