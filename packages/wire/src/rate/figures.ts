import { TIER_LIMITS, type ServiceTier } from "../contract";

/*
 * The rate rule's figures: one set, for every place that runs the rule (the add-in's engine, the gateway's memory
 * store, and the Lua twin in the gateway's Redis store, which is handed these same numbers).
 */

/** Before a window's count is known, a twelfth of the limit goes (at least one): the opening burst. */
export const OPENING_DIVISOR = 12;
/** How soon a send held by the opening asks again (an answer that tells the count wakes the queue sooner). */
export const OPENING_POLL_MS = 100;
/**
 * Resets come in whole seconds, written when the service counted the request, not when its answer arrived: two
 * answers of one window disagree by up to this much (a second of rounding, half a second of late answers).
 */
export const RESET_SLACK_MS = 1500;
/** Windows for which the service's figures are doubted after it contradicted them (counts and told waits unread). */
export const DOUBT_WINDOWS = 2;
/** Largest limit believed from a header; a larger one is a typo, a bug or a hostile answer. */
export const MAX_BELIEVED_LIMIT = 100_000;
/** The slack added to every window edge, as a share of the window, and at least this many ms. */
const MARGIN_SHARE = 0.02;
const MIN_MARGIN_MS = 250;

/** The opening burst at `limit`: three runtimes opening at once stay inside it, one alone sends a screen in two trips. */
export function openingBurstOf(limit: number): number {
  return Math.max(1, Math.floor(limit / OPENING_DIVISOR));
}

/** Slack added to every window edge for clock and latency differences: 2% of the window, at least 250 ms. */
export function marginOf(windowMs: number): number {
  return Math.max(MIN_MARGIN_MS, Math.round(windowMs * MARGIN_SHARE));
}

/** A limit a header may be believed for: a whole number from 1 to MAX_BELIEVED_LIMIT. */
export function saneLimit(limit: number | undefined): limit is number {
  return limit !== undefined && Number.isInteger(limit) && limit >= 1 && limit <= MAX_BELIEVED_LIMIT;
}

/**
 * What the spec's tier table (section 8) promises a caller before any header: the lower of the two descriptions'
 * figures for its credential (anonymous: 60 newer, 100 older). An enterprise key cannot be told from any other key
 * without a header, so a key counts as the API-key tier.
 */
export function tierLimit(credential: Exclude<ServiceTier, "enterprise">): number {
  return Math.min(TIER_LIMITS.newer[credential], TIER_LIMITS.older[credential]);
}
