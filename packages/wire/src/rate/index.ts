/**
 * The rate rule, written once: how a caller of the Index Data Service spends its window without being told how.
 * The spec promises no rate-limit header, only the tier table (section 8); the rule knows that table before any
 * answer, learns from whatever answers say (a falling count is others spending, a rise is a new window, a 429 says
 * the window is full), and reads a reset in any form as a bonus. The add-in's engine and the gateway's memory store
 * run it here; the gateway's Redis store runs its Lua twin, held equal by the store contract test.
 */
export {
  DOUBT_WINDOWS,
  MAX_BELIEVED_LIMIT,
  OPENING_DIVISOR,
  OPENING_POLL_MS,
  RESET_SLACK_MS,
  marginOf,
  openingBurstOf,
  saneLimit,
  tierLimit,
} from "./figures";
export { SHARE_WINDOWS, newRateState, spanOf, type RateReading, type RateRules, type RateState } from "./rate-state";
export type { Learned } from "./learn";
export { handoverOf, roomNow, type Ceiling, type RateGrant, type RateSnapshot, type Room } from "./room";
export { RateLedger, readingOf, type CountedWindow } from "./rate-ledger";
