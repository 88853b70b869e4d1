import type { BudgetReading, BudgetSnapshot, SendGrant } from "./store";

/**
 * The desk's budget: how many sends the upstream's window has room for now. This is the one statement of the rule;
 * `redis-scripts.ts` runs the same steps in Lua so that replicas take sends atomically, and the store contract test
 * holds both to the same answers. Three ceilings, all of which a send must pass:
 * - a sliding log of the desk's own sends: never more than the limit in any stretch of a window plus a margin
 *   (a send may reach the upstream a moment after it left), so no window the upstream may count in, wherever it
 *   starts, ever sees more than the limit from us: room in the log is used at once, in one burst;
 * - the upstream's own count (`x-ratelimit-remaining`, less our sends it had not counted yet), for anyone else
 *   spending the same key, until its reset;
 * - before the upstream's count is known for the window (at start, after its reset or a pause), only an opening
 *   burst of a sixth of the limit goes, until an answer says what is left.
 * A 429's Retry-After pauses every send.
 */
export interface BudgetRules {
  /** The upstream's window: its limits are per minute (spec section 8); the benchmark compresses it. */
  readonly windowMs: number;
  /** The limit assumed until the upstream says its own: the lowest published tier. */
  readonly assumedLimit: number;
}

export interface BudgetState {
  /** When each send of the last span left, oldest first. */
  sends: number[];
  /** Sends ever granted: each send's number, so an answer can tell which sends came after its own. */
  seq: number;
  limit?: number;
  /** The upstream's remaining count as last read (less our sends it had not counted), until `resetAt`. */
  readRemaining?: number;
  /** Sends since that reading. */
  spentSinceRead?: number;
  resetAt?: number;
  pausedUntil: number;
  /** Sends since this moment are the opening of an upstream window whose count is not known yet. */
  openedAt: number;
  /** An answer without figures came: until then the log alone bounds the sends. */
  unmeteredUntil: number;
}

/** A send may reach the upstream this long after it left: the log spans the window plus this. */
export const SEND_MARGIN_MS = 1000;
/** Before the window's count is known, a sixth of the limit goes (rounded up). */
export const OPENING_DIVISOR = 6;
/** How soon a send held by the opening asks again (an answer that tells the count wakes the queue sooner). */
export const OPENING_POLL_MS = 100;
/** Reset figures come in whole seconds: answers of one upstream window disagree by up to this much. */
export const RESET_SLACK_MS = 1000;
/** Largest limit believed from a header; the add-in's engine ignores the same absurd figures. */
export const MAX_BELIEVED_LIMIT = 100_000;

export function newBudget(): BudgetState {
  return { sends: [], seq: 0, pausedUntil: 0, openedAt: 0, unmeteredUntil: 0 };
}

function spanOf(rules: BudgetRules): number {
  return rules.windowMs + SEND_MARGIN_MS;
}

function limitOf(state: BudgetState, rules: BudgetRules, share: number): number {
  return Math.max(1, Math.floor((state.limit ?? rules.assumedLimit) * share));
}

/** Sends at or after `since` (the log is sorted). */
function sendsSince(state: BudgetState, since: number): number {
  let low = 0;
  let high = state.sends.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((state.sends[mid] ?? Infinity) < since) low = mid + 1;
    else high = mid;
  }
  return state.sends.length - low;
}

/** Drops sends older than the span, and the upstream's count once its window has reset (its opening begins). */
function settle(state: BudgetState, rules: BudgetRules, now: number): void {
  const horizon = now - spanOf(rules);
  let drop = 0;
  while (drop < state.sends.length && (state.sends[drop] ?? Infinity) <= horizon) drop += 1;
  if (drop > 0) state.sends.splice(0, drop);
  if (state.resetAt !== undefined && now >= state.resetAt) {
    state.openedAt = state.resetAt;
    forgetReading(state);
  }
}

function forgetReading(state: BudgetState): void {
  delete state.readRemaining;
  delete state.spentSinceRead;
  delete state.resetAt;
}

/** One ceiling: how many sends it allows now, and how long until it allows one more when it allows none. */
interface Ceiling {
  readonly free: number;
  readonly waitMs: number;
}

function ceilings(state: BudgetState, rules: BudgetRules, now: number, share: number): Ceiling[] {
  const limit = limitOf(state, rules, share);
  const n = state.sends.length;
  const list: Ceiling[] = [
    { free: limit - n, waitMs: n >= limit ? (state.sends[n - limit] ?? now) + spanOf(rules) - now : 0 },
  ];
  if (state.readRemaining !== undefined && state.resetAt !== undefined) {
    // Apart from the others (share < 1), a replica spends only its share of what the upstream said was left.
    const allowed = Math.floor(state.readRemaining * share) - (state.spentSinceRead ?? 0);
    list.push({ free: allowed, waitMs: state.resetAt - now });
  } else if (now >= state.unmeteredUntil) {
    const burst = Math.max(1, Math.ceil(limit / OPENING_DIVISOR));
    list.push({ free: burst - sendsSince(state, state.openedAt), waitMs: OPENING_POLL_MS });
  }
  return list;
}

/** What the ceilings allow now: the fewest free, and (when none) the wait of the slowest that allows none. */
function room(state: BudgetState, rules: BudgetRules, now: number, share: number): Ceiling {
  if (now < state.pausedUntil) return { free: 0, waitMs: Math.ceil(state.pausedUntil - now) };
  settle(state, rules, now);
  const list = ceilings(state, rules, now, share);
  const free = Math.max(0, Math.min(...list.map((c) => c.free)));
  if (free > 0) return { free, waitMs: 0 };
  const waitMs = Math.max(...list.filter((c) => c.free <= 0).map((c) => c.waitMs));
  return { free: 0, waitMs: Math.max(1, Math.ceil(waitMs)) };
}

/**
 * Takes up to `wanted` sends at once: as many as every ceiling allows now. `share` (0 < share ≤ 1) scales the
 * limit and the upstream's count, for a replica that lost the shared store and keeps to its part of the budget.
 */
export function takeSends(
  state: BudgetState,
  rules: BudgetRules,
  now: number,
  share: number,
  wanted: number,
): SendGrant {
  const granted = Math.min(Math.max(0, Math.floor(wanted)), room(state, rules, now, share).free);
  for (let i = 0; i < granted; i += 1) state.sends.push(now);
  state.seq += granted;
  if (state.spentSinceRead !== undefined) state.spentSinceRead += granted;
  const waitMs = granted < wanted ? room(state, rules, now, share).waitMs : 0;
  return { granted, waitMs, lastSeq: granted > 0 ? state.seq : 0, ledger: "memory" };
}

/** Learns from an upstream response: its limit, its count (less our sends after the one it answers), a 429's pause. */
export function observeBudget(state: BudgetState, rules: BudgetRules, now: number, reading: BudgetReading): void {
  settle(state, rules, now);
  const { limit, remaining, resetMs, retryAfterMs, sent } = reading;
  if (limit !== undefined && Number.isInteger(limit) && limit >= 1 && limit <= MAX_BELIEVED_LIMIT) state.limit = limit;
  if (retryAfterMs !== undefined) {
    // Someone spent the window: hold every send, and open carefully after the pause.
    state.pausedUntil = Math.max(state.pausedUntil, now + retryAfterMs);
    state.openedAt = state.pausedUntil;
    forgetReading(state);
  }
  if (remaining !== undefined && resetMs !== undefined) {
    // The upstream counts a request when it arrives: our sends after this one had not been counted yet.
    // Only this budget's own numbers say which sends came after (a replica may have granted it from Redis).
    const uncounted = sent?.ledger === "memory" ? Math.max(0, state.seq - sent.seq) : 0;
    const estimate = Math.max(0, remaining - uncounted);
    const resetAt = now + resetMs;
    const left = (state.readRemaining ?? 0) - (state.spentSinceRead ?? 0);
    const sameWindow = state.resetAt !== undefined && resetAt <= state.resetAt + RESET_SLACK_MS;
    if (!sameWindow || estimate < left) {
      state.readRemaining = estimate;
      state.spentSinceRead = 0;
      state.resetAt = sameWindow ? Math.max(resetAt, state.resetAt ?? resetAt) : resetAt;
    }
  } else if (reading.answered === true && retryAfterMs === undefined) {
    // An upstream that answers without figures: the log alone bounds the sends, for a window.
    state.unmeteredUntil = now + rules.windowMs;
  }
}

/** Milliseconds until `sends` more could go (the last of them included), for a Retry-After that tells the truth. */
export function sendsEtaMs(state: BudgetState, rules: BudgetRules, now: number, share: number, sends: number): number {
  settle(state, rules, now);
  const start = Math.max(now, state.pausedUntil);
  const limit = limitOf(state, rules, share);
  const n = state.sends.length;
  // How many of the logged sends must leave the log first; beyond them, a further span per limit's worth.
  const leaving = n + sends - limit;
  let at = start;
  if (leaving > 0)
    at =
      leaving <= n
        ? (state.sends[leaving - 1] ?? start) + spanOf(rules)
        : start + spanOf(rules) * Math.ceil(leaving / limit);
  if (state.readRemaining !== undefined && state.resetAt !== undefined) {
    const allowed = Math.floor(state.readRemaining * share) - (state.spentSinceRead ?? 0);
    if (sends > allowed) at = Math.max(at, state.resetAt);
  }
  return Math.max(0, Math.ceil(Math.max(start, at) - now));
}

/** The budget as health and the rate-limit headers show it. */
export function snapshotOf(state: BudgetState, rules: BudgetRules, now: number): BudgetSnapshot {
  settle(state, rules, now);
  const limit = limitOf(state, rules, 1);
  const logFree = limit - state.sends.length;
  const upstream =
    state.readRemaining !== undefined ? Math.max(0, state.readRemaining - (state.spentSinceRead ?? 0)) : undefined;
  const paused = now < state.pausedUntil;
  const sendable = paused ? 0 : Math.max(0, Math.min(logFree, upstream ?? Infinity));
  return {
    limit,
    windowMs: rules.windowMs,
    sendableNow: sendable,
    ...(upstream !== undefined ? { upstreamRemaining: upstream } : {}),
    pausedForMs: Math.max(0, Math.ceil(state.pausedUntil - now)),
    roomInMs: sendable > 0 ? 0 : sendsEtaMs(state, rules, now, 1, 1),
  };
}

/** What a replica that spent from its own memory while apart hands the shared budget when it rejoins. */
export function handoverOf(state: BudgetState, now: number): { reading: BudgetReading; sends: readonly number[] } {
  const left = (state.readRemaining ?? 0) - (state.spentSinceRead ?? 0);
  const reading: BudgetReading = {
    ...(state.limit !== undefined ? { limit: state.limit } : {}),
    ...(state.readRemaining !== undefined && state.resetAt !== undefined
      ? { remaining: Math.max(0, left), resetMs: Math.max(0, state.resetAt - now) }
      : {}),
    ...(state.pausedUntil > now ? { retryAfterMs: state.pausedUntil - now } : {}),
  };
  return { reading, sends: [...state.sends] };
}
