import { OPENING_POLL_MS, openingBurstOf } from "./figures";
import type { RateReading, RateRules, RateState } from "./rate-state";
import { addSends, limitOf, logCeiling, sendsSince, settle, spanOf } from "./rate-state";

/** What holds sends back when none may go: a 429's hold, the log, the service's count, or the window's opening. */
export type Ceiling = "hold" | "log" | "count" | "opening";

/** How many sends may go now, and (when none) how long until one may, and what holds them. */
export interface Room {
  readonly free: number;
  readonly waitMs: number;
  readonly heldBy?: Ceiling;
}

/** Sends granted at once, how long until one more could be when fewer were granted, and the last one's number. */
export interface RateGrant {
  readonly granted: number;
  readonly waitMs: number;
  /** The number of the last send granted (the others count down from it); 0 when none was. */
  readonly lastSeq: number;
}

/** The budget as health pages and the rate-limit headers a gateway sends read it. */
export interface RateSnapshot {
  /** Requests per window: the service's own figure once it has said it, else the assumed one. */
  readonly limit: number;
  readonly windowMs: number;
  /** Sends the window has room for right now: the log's room, within the service's count. */
  readonly sendableNow: number;
  /** The service's count as last heard, less the sends since; absent when unknown (no figures, or it turned). */
  readonly upstreamRemaining?: number | undefined;
  readonly pausedForMs: number;
  /** With no room now, how long until there is (a send leaves the log, the window turns, a hold ends); else 0. */
  readonly roomInMs: number;
}

interface Limit {
  readonly by: Ceiling;
  readonly free: number;
  readonly waitMs: number;
}

/** The opening burst: at the limit, and no more than the same share of what the count last left. */
function burstOf(state: RateState, rules: RateRules, share: number): number {
  const burst = openingBurstOf(limitOf(state, rules, share));
  if (state.remaining === undefined) return burst;
  return Math.min(burst, openingBurstOf(Math.max(0, state.remaining - (state.spent ?? 0))));
}

/**
 * Three ceilings, all of which a send must pass:
 * - the log: never more than the limit (or the measured share after a bare 429) in any stretch of a window and its
 *   margin, so no window the service may count in, wherever it starts or however it slides, sees more from us;
 * - the service's count, less the sends since, until the window has surely turned: for everyone else spending;
 * - while no answer has told the count of a window opened anew, only the opening burst;
 * - while the service tells a limit above the tier's that no 429 has tested, beyond the tier's a burst per answer.
 */
function limits(state: RateState, rules: RateRules, now: number, share: number, counted = true): Limit[] {
  const n = state.sends.length;
  const cap = logCeiling(state, rules, share, now);
  const logWait = n >= cap && cap > 0 ? (state.sends[n - cap] ?? now) + spanOf(rules) - now : 0;
  const list: Limit[] = [{ by: "log", free: cap - n, waitMs: logWait }];
  if (counted && state.remaining !== undefined && state.endsBy !== undefined) {
    const free = Math.floor(state.remaining * share) - (state.spent ?? 0);
    list.push({ by: "count", free, waitMs: state.endsBy - now });
  }
  if (state.toldAt < state.openedAt) {
    const free = burstOf(state, rules, share) - sendsSince(state, state.openedAt);
    list.push({ by: "opening", free, waitMs: OPENING_POLL_MS });
  }
  if ((state.limit ?? 0) > rules.assumedLimit && state.provenCap === undefined) {
    // A limit above the tier's, not yet proven either way: beyond the tier's, a burst at a time, each on an answer
    // (were it a lie, a burst of 429s is all it costs; were it true, it is reached a burst a round trip).
    const tier = Math.max(1, Math.floor(rules.assumedLimit * share));
    const probe = Math.max(0, openingBurstOf(rules.assumedLimit) - sendsSince(state, state.toldAt));
    list.push({ by: "count", free: Math.max(0, tier - n) + probe, waitMs: OPENING_POLL_MS });
  }
  return list;
}

/** What the ceilings allow now: the fewest free, and (when none) the longest wait of those that allow none. */
export function roomNow(state: RateState, rules: RateRules, now: number, share: number): Room {
  if (now < state.heldUntil) return { free: 0, waitMs: Math.ceil(state.heldUntil - now), heldBy: "hold" };
  settle(state, rules, now);
  const list = limits(state, rules, now, share);
  const free = Math.max(0, Math.min(...list.map((c) => c.free)));
  if (free > 0) return { free, waitMs: 0 };
  let slowest = list[0] as Limit;
  for (const c of list) if (c.free <= 0 && (slowest.free > 0 || c.waitMs > slowest.waitMs)) slowest = c;
  return { free: 0, waitMs: Math.max(1, Math.ceil(slowest.waitMs)), heldBy: slowest.by };
}

/**
 * One send to look, when the count fell to nothing faster than our sends explain and no 429 said so (RateState's
 * lookSeq), and every other ceiling has room: a count that flaps shows itself, a window others spent answers one
 * 429. Only a caller that takes sends as they are granted looks (the gateway); `room` does not count it.
 */
function lookOf(state: RateState, rules: RateRules, now: number, share: number): number {
  if (state.lookSeq !== state.seq || now < state.heldUntil) return 0;
  return Math.min(...limits(state, rules, now, share, false).map((c) => c.free)) >= 1 ? 1 : 0;
}

/** Takes up to `wanted` sends at once: as many as every ceiling allows now (or the one look, lookOf). */
export function take(state: RateState, rules: RateRules, now: number, share: number, wanted: number): RateGrant {
  const room = roomNow(state, rules, now, share).free;
  const granted = Math.min(Math.max(0, Math.floor(wanted)), room > 0 ? room : lookOf(state, rules, now, share));
  for (let i = 0; i < granted; i += 1) state.sends.push(now);
  state.seq += granted;
  if (state.spent !== undefined) state.spent += granted;
  const waitMs = granted < wanted ? roomNow(state, rules, now, share).waitMs : 0;
  return { granted, waitMs, lastSeq: granted > 0 ? state.seq : 0 };
}

/**
 * Adds sends made elsewhere to the log (a replica's while it was apart, a runtime's heard over a channel); those
 * within the last span only. `unseen`: the count read so far has not shown them.
 */
export function record(
  state: RateState,
  rules: RateRules,
  now: number,
  times: readonly number[],
  unseen = false,
): void {
  settle(state, rules, now);
  const kept = times.filter((at) => at > now - spanOf(rules) && at <= now);
  addSends(state, kept);
  if (unseen && state.spent !== undefined) state.spent += kept.length;
  // Only the newest `limit` sends decide any ceiling: a flood of sends told (a hostile channel) keeps the log small.
  const most = Math.max(limitOf(state, rules, 1), rules.assumedLimit);
  if (state.sends.length > most) state.sends.splice(0, state.sends.length - most);
}

/**
 * Opens the window again as a new one (figures gone stale, a service found down): the burst until an answer tells.
 * `again`: even while it is opening (its burst went and nothing answered: no answer is coming).
 */
export function reopen(state: RateState, now: number, again = false): void {
  if (again || state.toldAt >= state.openedAt) state.openedAt = Math.max(state.openedAt, now);
}

/** Milliseconds until `sends` more could go (the last of them included): what a Retry-After should say. */
export function eta(state: RateState, rules: RateRules, now: number, share: number, sends: number): number {
  settle(state, rules, now);
  const start = Math.max(now, state.heldUntil);
  const cap = logCeiling(state, rules, share, start);
  const n = state.sends.length;
  // How many of the logged sends must leave the log first; beyond them, a further span per ceiling's worth.
  const leaving = n + sends - cap;
  let at = start;
  if (leaving > 0)
    at =
      leaving <= n
        ? (state.sends[leaving - 1] ?? start) + spanOf(rules)
        : start + spanOf(rules) * Math.ceil(leaving / cap);
  if (state.remaining !== undefined && state.endsBy !== undefined) {
    const allowed = Math.floor(state.remaining * share) - (state.spent ?? 0);
    if (sends > allowed) at = Math.max(at, state.endsBy);
  }
  return Math.max(0, Math.ceil(Math.max(start, at) - now));
}

/** The budget as it stands at `now`. */
export function snapshot(state: RateState, rules: RateRules, now: number): RateSnapshot {
  settle(state, rules, now);
  const logFree = logCeiling(state, rules, 1, now) - state.sends.length;
  const upstream = state.remaining !== undefined ? Math.max(0, state.remaining - (state.spent ?? 0)) : undefined;
  const held = now < state.heldUntil;
  const sendable = held ? 0 : Math.max(0, Math.min(logFree, upstream ?? Infinity));
  return {
    limit: limitOf(state, rules, 1),
    windowMs: rules.windowMs,
    sendableNow: sendable,
    upstreamRemaining: upstream,
    pausedForMs: Math.max(0, Math.ceil(state.heldUntil - now)),
    roomInMs: sendable > 0 ? 0 : eta(state, rules, now, 1, 1),
  };
}

/** What a state kept apart (a replica's while the shared store was away) hands the shared one when they meet. */
export function handoverOf(state: RateState, now: number): { reading: RateReading; sends: readonly number[] } {
  const held = state.heldUntil > now;
  const reading: RateReading = {
    limit: state.limit,
    ...(state.remaining !== undefined && state.endsBy !== undefined
      ? { remaining: Math.max(0, state.remaining - (state.spent ?? 0)), resetMs: Math.max(0, state.endsBy - now) }
      : {}),
    ...(held ? { limited: true, retryAfterMs: state.heldUntil - now } : {}),
  };
  return { reading, sends: [...state.sends] };
}
