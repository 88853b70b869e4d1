import { DOUBT_WINDOWS, marginOf, openingBurstOf } from "./figures";

/** The service's window as a caller of the rule knows it before any answer. */
export interface RateRules {
  /** The service's window: its limits are per minute (spec section 8); tests and the benchmark compress it. */
  readonly windowMs: number;
  /** The limit assumed until the service says its own: the tier table's (tierLimit). */
  readonly assumedLimit: number;
  /** Slack added to every window edge. @default marginOf(windowMs) */
  readonly marginMs?: number;
}

/**
 * What one answer of the service said about the window, every figure already through the header gates
 * (headers/response-headers.ts), with which send it answers. Every field may be missing: no header is promised.
 */
export interface RateReading {
  /** The service answered (whatever it said); absent for a request that got no answer at all. */
  readonly answered?: boolean;
  /** The answer was a 429: the window is full now. */
  readonly limited?: boolean;
  readonly limit?: number | undefined;
  readonly remaining?: number | undefined;
  /** Milliseconds until the window resets, from whichever header carried it. */
  readonly resetMs?: number | undefined;
  /** A 429's Retry-After, in milliseconds. */
  readonly retryAfterMs?: number | undefined;
  /** The number of the send this answers: the service had not counted the sends after it. */
  readonly sentSeq?: number | undefined;
}

/**
 * The rule's whole state: plain numbers and a sorted log, so that the Redis store keeps the same fields in a hash
 * and a sorted set (gateway/src/store/redis-scripts.ts) and both run the same steps on them.
 */
export interface RateState {
  /** When each send of the last span (a window and its margin) left, oldest first: ours and any we hear of. */
  sends: number[];
  /** Sends ever recorded: each send's number, so an answer can tell which sends came after its own. */
  seq: number;
  /** The limit the service said (sane), once it has. */
  limit?: number;
  /** The window's count as last read, less the sends the service had not counted yet. */
  remaining?: number;
  /** Sends since that reading. */
  spent?: number;
  /** The latest moment the window the count belongs to has surely turned. */
  endsBy?: number;
  /** That moment came from a reset the service told (a header, Retry-After), not from the answers' timing. */
  resetTold?: boolean;
  /** No send before this: a 429 said the window is full. */
  heldUntil: number;
  /** Sends since this moment open a window whose count no answer has told yet. */
  openedAt: number;
  /** When an answer last told the window's count, or showed there is none to tell. */
  toldAt: number;
  /** Sends up to this number were made before the window turned: their answers speak of the window before. */
  turnSeq: number;
  /** After a bare 429: the sends per window that the others left us, measured then. */
  shareCap?: number;
  /** From when that share holds (it grows by an opening burst per window after). */
  shareFrom?: number;
  /**
   * Until when the service's figures are doubted: it contradicted them (a 429 with room told, a count above its
   * limit, windows turning twice too fast, a 429 once a told wait had passed). Meanwhile its counts and told waits
   * are not read, and its limit is believed no higher than the tier's: the rule runs as with no header at all.
   */
  doubtUntil?: number;
  /**
   * A limit a 429 proved wrong: what we had sent in the window when it came. It rises by an opening burst only for
   * each window the service's count shows turned with room beyond it (earnProven).
   */
  provenCap?: number;
  /** When that 429 came. */
  provenAt?: number;
  /** When the count last showed a new window. */
  turnedAt?: number;
  /** New windows shown in a row, each within half a window of the one before. */
  quickTurns?: number;
  /** When the last wait the service told (a 429's Retry-After) ended. */
  toldWaitEnd?: number;
  /**
   * The count fell to nothing faster than our sends explain and no 429 said so: `seq` when it was read. The next
   * send the gateway takes goes to look (a count that flaps shows itself; a window others spent answers one 429).
   */
  lookSeq?: number;
}

export function newRateState(): RateState {
  return { sends: [], seq: 0, heldUntil: 0, openedAt: 0, toldAt: -1, turnSeq: 0 };
}

export function marginMs(rules: RateRules): number {
  return rules.marginMs ?? marginOf(rules.windowMs);
}

/** How long a send stays counted: a window and its margin. */
export function spanOf(rules: RateRules): number {
  return rules.windowMs + marginMs(rules);
}

/** The limit, scaled by `share` (a replica apart from the others keeps to its part), at least one. */
export function limitOf(state: RateState, rules: RateRules, share: number): number {
  return Math.max(1, Math.floor((state.limit ?? rules.assumedLimit) * share));
}

/** The service's figures are doubted now (see RateState.doubtUntil). */
export function doubting(state: RateState, now: number): boolean {
  return state.doubtUntil !== undefined && now < state.doubtUntil;
}

/** The service contradicted its figures: doubt them for DOUBT_WINDOWS windows, and forget the count they told. */
export function doubt(state: RateState, rules: RateRules, now: number): void {
  state.doubtUntil = now + DOUBT_WINDOWS * rules.windowMs;
  if (state.limit !== undefined) state.limit = Math.min(state.limit, rules.assumedLimit);
  forgetCount(state);
}

/**
 * The ceiling a 429 proved, while it is below the limit told; undefined once it has been earned back to the limit, or
 * none was proved. Time alone never raises it (earnProven does): a limit a 429 showed wrong is not believed again
 * until the service shows it holds.
 */
export function provenCeiling(state: RateState, rules: RateRules): number | undefined {
  if (state.provenCap === undefined) return undefined;
  return state.provenCap < (state.limit ?? rules.assumedLimit) ? state.provenCap : undefined;
}

/**
 * The service's count rose to `estimate` left, more than our own sends explain: a window of its turned, and shows
 * room beyond the proven ceiling. Only then does the ceiling rise, by the tier's opening burst (were the limit still a
 * lie, a burst of 429s is all it costs). A count that never rises (an hourly quota told as the window's) earns nothing.
 */
export function earnProven(state: RateState, rules: RateRules, estimate: number): void {
  const proven = provenCeiling(state, rules);
  if (proven === undefined || estimate <= proven) return;
  state.provenCap = proven + openingBurstOf(rules.assumedLimit);
  if (state.provenCap >= (state.limit ?? rules.assumedLimit)) {
    delete state.provenCap;
    delete state.provenAt;
  }
}

/** Windows for which a share measured at a bare 429 holds: whoever spent the window is likely still at it. */
export const SHARE_WINDOWS = 2;

/**
 * The most the log may hold at `at`: the limit, or for SHARE_WINDOWS windows after a bare 429 the share measured
 * then; after them the limit again (others who stopped leave room that only trying can find).
 */
export function logCeiling(state: RateState, rules: RateRules, share: number, at: number): number {
  const proven = provenCeiling(state, rules);
  const told = limitOf(state, rules, share);
  const limit = proven !== undefined ? Math.min(told, Math.max(1, Math.floor(proven * share))) : told;
  if (state.shareCap === undefined || at - (state.shareFrom ?? at) >= SHARE_WINDOWS * rules.windowMs) return limit;
  return Math.min(limit, Math.max(1, Math.floor(state.shareCap * share)));
}

/** Sends at or after `since` (the log is sorted). */
export function sendsSince(state: RateState, since: number): number {
  let low = 0;
  let high = state.sends.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((state.sends[mid] ?? Infinity) < since) low = mid + 1;
    else high = mid;
  }
  return state.sends.length - low;
}

/** Forgets the count read (its window has turned, or it was never read). */
export function forgetCount(state: RateState): void {
  delete state.lookSeq;
  delete state.remaining;
  delete state.spent;
  delete state.endsBy;
  delete state.resetTold;
}

/**
 * Drops sends older than the span; once the window the count belongs to has surely turned, forgets the count and
 * opens the next window. Returns when it turned, if it just did.
 */
export function settle(state: RateState, rules: RateRules, now: number): number | undefined {
  const horizon = now - spanOf(rules);
  let drop = 0;
  while (drop < state.sends.length && (state.sends[drop] ?? Infinity) <= horizon) drop += 1;
  if (drop > 0) state.sends.splice(0, drop);
  const endsBy = state.endsBy;
  if (endsBy === undefined || now < endsBy) return undefined;
  forgetCount(state);
  state.openedAt = Math.max(state.openedAt, endsBy);
  state.turnSeq = state.seq;
  return endsBy;
}

/** Adds sends to the log, in order, each numbered. */
export function addSends(state: RateState, times: readonly number[]): void {
  for (const at of times) {
    let i = state.sends.length;
    while (i > 0 && (state.sends[i - 1] ?? -Infinity) > at) i -= 1;
    state.sends.splice(i, 0, at);
  }
  state.seq += times.length;
}

/** Holds every send until `until`; the window after it opens as a new one, and answers to earlier sends are old. */
export function hold(state: RateState, until: number): void {
  if (until <= state.heldUntil) return;
  state.heldUntil = until;
  state.openedAt = Math.max(state.openedAt, until);
  state.turnSeq = state.seq;
}
