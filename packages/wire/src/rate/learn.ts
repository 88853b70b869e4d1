import { openingBurstOf, RESET_SLACK_MS, saneLimit } from "./figures";
import type { RateReading, RateRules, RateState } from "./rate-state";
import { doubt, doubting, hold, limitOf, marginMs, provenCeiling, sendsSince, settle, spanOf } from "./rate-state";

/** What an answer told the caller beyond the state: whether it was a new window's first, or spoke of an old one. */
export interface Learned {
  /** The first answer of a new window of the service: its count (and when it began) are news. */
  readonly opened: boolean;
  /** It answers a send made before the window turned: it speaks of the window before, and is not read. */
  readonly stale: boolean;
}

/** A count read, to merge into what is known of the window. */
interface Count {
  /** What is left, less every send the service had not counted yet. */
  readonly estimate: number;
  /** When the window turns, as the service told it (a reset); undefined when only the answers' timing says. */
  readonly resetAt: number | undefined;
  /** A rise this small is read as a send we thought uncounted that was counted, not as a new window. */
  readonly jumpSlack: number;
}

/**
 * Merges a count into the state; true when it is a new window's first. Without a reset, a window is new when what
 * is left rises (a fixed window turned; a sliding one let sends go), and it has surely turned a window and its
 * margin after this answer: it began no later than the answered request arrived.
 */
function mergeCount(state: RateState, rules: RateRules, now: number, count: Count): boolean {
  const left = state.remaining !== undefined ? state.remaining - (state.spent ?? 0) : undefined;
  const byReset = count.resetAt !== undefined && state.resetTold === true;
  const isNew =
    left === undefined ||
    (byReset ? (count.resetAt ?? 0) > (state.endsBy ?? 0) + RESET_SLACK_MS : count.estimate > left + count.jumpSlack);
  state.toldAt = now; // a count, whoever read it, is what the window's opening waits for
  delete state.shareCap; // the count tells what the others leave: no measured share is needed
  delete state.shareFrom;
  if (isNew) {
    delete state.lookSeq;
    state.remaining = count.estimate;
    state.spent = 0;
    state.endsBy = count.resetAt ?? now + spanOf(rules);
    state.resetTold = count.resetAt !== undefined;
    return true;
  }
  if (count.estimate < left) {
    // Nothing left, and more gone than our sends and the slack explain: others spent it, or the count lies.
    if (count.estimate === 0 && left - count.estimate > count.jumpSlack) state.lookSeq = state.seq;
    state.remaining = count.estimate;
    state.spent = 0;
  }
  if (count.resetAt !== undefined) {
    // A reset told is a bonus: it replaces the end inferred from timing; resets of one window only move on.
    state.endsBy = byReset ? Math.max(state.endsBy ?? count.resetAt, count.resetAt) : count.resetAt;
    state.resetTold = true;
  }
  return false;
}

/** Our share of a window a bare 429 said was full: `got` of our sends got in; under an opening burst, no share. */
function measureShare(state: RateState, got: number, rules: RateRules): void {
  if (got >= openingBurstOf(state.limit ?? rules.assumedLimit)) state.shareCap = got;
  else {
    delete state.shareCap;
    delete state.shareFrom;
  }
}

/** How an answer contradicts what the service said before, if it does. */
type Contradiction = "count above limit" | "429 with room" | "429 after a told wait";

/**
 * Whether an answer contradicts what the service said before: a count above its own limit; a 429 while the count
 * it told left room; a 429 once a wait it told had passed (within a window of it).
 */
function contradiction(
  state: RateState,
  rules: RateRules,
  now: number,
  reading: RateReading,
  room?: number,
): Contradiction | undefined {
  const { limit, remaining } = reading;
  if (limit !== undefined && remaining !== undefined && remaining > limit) return "count above limit";
  if (reading.limited !== true) return undefined;
  if (room !== undefined && room > 0) return "429 with room";
  const waited = state.toldWaitEnd;
  return waited !== undefined && now >= waited && now < waited + rules.windowMs ? "429 after a told wait" : undefined;
}

/**
 * A 429 proved the limit wrong: what we had sent in the window when it came (less the refused one) is the most
 * believed until the service shows more holds; each later 429 of the same wave counts one more off.
 */
function proveCap(state: RateState, rules: RateRules, now: number): void {
  const proven = provenCeiling(state, rules, now);
  const recent = proven !== undefined && now - (state.provenAt ?? now) < rules.windowMs;
  const got = recent ? proven - 1 : sendsSince(state, now - rules.windowMs) - 1;
  state.provenCap = Math.max(1, Math.min(got, proven ?? Infinity));
  state.provenAt = now;
}

/**
 * When a 429 is explained by our own sends (the limit in force went in the last window), the window that refused
 * began no later than the limit's-worth last send, and has turned by the time that send leaves the log.
 */
function ownRelease(state: RateState, rules: RateRules, now: number): number | undefined {
  const cap = limitOf(state, rules, 1);
  if (sendsSince(state, now - rules.windowMs) - 1 < cap) return undefined;
  return (state.sends[state.sends.length - cap] ?? now) + spanOf(rules);
}

/** A 429 that is news: the window is full now. Holds every send until it must have turned. */
function windowFull(state: RateState, rules: RateRules, now: number, reading: RateReading, believed: boolean): void {
  // A wait told by a service doubted is not read: the window must have turned a window from now, or (when our own
  // sends filled it) by the time the log lets the next send go.
  const told = reading.retryAfterMs !== undefined && believed;
  const inferred = Math.min(state.endsBy ?? now + spanOf(rules), ownRelease(state, rules, now) ?? Infinity);
  const endsAt = told ? now + (reading.retryAfterMs ?? 0) + marginMs(rules) : inferred;
  delete state.lookSeq;
  if (state.remaining === undefined) {
    // A bare 429: nothing says who spent the window. What of ours got in before it filled is our share of it; less
    // than an opening burst measures nothing (the window was spent before we came: whoever spent it may be gone).
    measureShare(state, sendsSince(state, now - rules.windowMs) - 1, rules);
    state.shareFrom = endsAt;
  } else {
    state.remaining = 0;
    state.spent = 0;
    if (told) {
      state.endsBy = endsAt;
      state.resetTold = true;
    }
  }
  if (told) state.toldWaitEnd = endsAt;
  hold(state, endsAt);
}

/** A limit told: believed as told, but while the service is doubted no higher than the tier's. */
function believeLimit(state: RateState, rules: RateRules, now: number, limit: number): void {
  state.limit = doubting(state, now) ? Math.min(limit, rules.assumedLimit) : limit;
}

/** The count showed a new window: a second one within half a window of the last, twice running, is a count that flaps. */
function windowTurned(state: RateState, rules: RateRules, now: number): void {
  const quick = state.turnedAt !== undefined && now - state.turnedAt < rules.windowMs / 2;
  state.quickTurns = quick ? (state.quickTurns ?? 0) + 1 : 0;
  state.turnedAt = now;
  if (state.quickTurns >= 2) doubt(state, rules, now);
}

/**
 * Learns from one answer: its limit; its count (what is left, less our sends it had not counted; when the window
 * turns, told or inferred); a 429's hold. An answer to a send made before the window turned is not read.
 */
export function learn(state: RateState, rules: RateRules, now: number, reading: RateReading): Learned {
  settle(state, rules, now);
  const room = state.remaining !== undefined ? state.remaining - (state.spent ?? 0) : undefined;
  if (saneLimit(reading.limit)) believeLimit(state, rules, now, reading.limit);
  const stale = reading.sentSeq !== undefined && reading.sentSeq <= state.turnSeq;
  if (stale) {
    // One more of the sends the last bare 429 refused: it was counted in our share, but did not get in.
    if (reading.limited === true && state.shareCap !== undefined && now < state.heldUntil)
      measureShare(state, state.shareCap - 1, rules);
    if (reading.limited === true && state.provenCap !== undefined && now < state.heldUntil) proveCap(state, rules, now);
    return { opened: false, stale };
  }
  if (reading.answered === true) state.toldAt = now;
  // Whether this answer's own wait is read: not while doubted before it, nor when it is the told wait that lied.
  let believed = !doubting(state, now);
  const lie = contradiction(state, rules, now, reading, room);
  // A 429 with room told at or under the tier's limit says others spent the count (the window is full: it holds as
  // any 429 does); above the tier's, it proves the limit a lie as far as the 429 shows, and the figures doubted.
  const above = (state.limit ?? 0) > rules.assumedLimit || state.provenCap !== undefined;
  if (lie === "429 with room" && above) proveCap(state, rules, now);
  if (lie !== undefined && (lie !== "429 with room" || above)) {
    if (lie === "429 after a told wait") believed = false;
    doubt(state, rules, now);
  }
  let opened = false;
  const { limit, remaining } = reading;
  if (
    !doubting(state, now) &&
    saneLimit(limit) &&
    remaining !== undefined &&
    Number.isSafeInteger(remaining) &&
    remaining >= 0
  ) {
    const uncounted = reading.sentSeq !== undefined ? Math.max(0, state.seq - reading.sentSeq) : 0;
    opened = mergeCount(state, rules, now, {
      estimate: Math.max(0, Math.min(remaining, limit) - uncounted),
      resetAt: reading.resetMs !== undefined ? now + reading.resetMs + marginMs(rules) : undefined,
      // Which sends an answer counted is not known (answers come out of order; a service may count sends still in
      // flight): a rise our later sends could explain is not a new window.
      jumpSlack: Math.max(openingBurstOf(limit), uncounted),
    });
    if (opened) windowTurned(state, rules, now);
    opened = opened && !doubting(state, now);
  }
  if (reading.limited === true) windowFull(state, rules, now, reading, believed);
  return { opened, stale };
}

/**
 * Another runtime's word on the window (the engine's channel): its count, already less what it sent since, and
 * when its window turns. It fills in the limit if no answer of ours told it; true when it tells of a new window.
 */
export function learnFromPeer(
  state: RateState,
  rules: RateRules,
  now: number,
  word: { readonly limit: number; readonly remaining: number; readonly endsBy: number },
): boolean {
  settle(state, rules, now);
  if (!saneLimit(word.limit)) return false;
  state.limit ??= word.limit;
  const estimate = Math.max(0, Math.min(word.remaining, state.limit));
  return mergeCount(state, rules, now, { estimate, resetAt: word.endsBy, jumpSlack: 0 });
}
