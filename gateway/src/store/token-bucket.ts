import type { BudgetReading, BudgetSnapshot } from "./store";

/**
 * The desk's budget as a token bucket, paced from the upstream's headers. This is the one statement of the
 * rule; `redis-scripts.ts` runs the same steps in Lua so that replicas take tokens atomically, and the store
 * contract test holds both to the same answers.
 *
 * The bucket holds at most a sixth of the limit (the opening burst the add-in's engine uses too) and refills
 * with the other five sixths over a window, so no window-long interval, wherever the upstream's window starts,
 * ever sees more than the limit: 0 × 429 whatever window the upstream counts in. The upstream's own
 * `x-ratelimit-remaining` is a second ceiling, for anyone else spending the same key.
 */
export interface BudgetRules {
  /** The upstream's window: its limits are per minute (spec section 8); the benchmark compresses it. */
  readonly windowMs: number;
  /** The limit assumed until the upstream says its own: the lowest published tier. */
  readonly assumedLimit: number;
}

export interface BucketState {
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
  limit?: number;
  upstreamRemaining?: number;
  upstreamResetAt?: number;
  pausedUntil: number;
}

/** The bucket holds at most limit / BURST_DIVISOR (rounded up): a sixth, as the engine's opening burst. */
export const BURST_DIVISOR = 6;
/** Reset figures come in whole seconds: answers of one upstream window disagree by up to this much. */
export const RESET_SLACK_MS = 1000;
/** Largest limit believed from a header; the add-in's engine ignores the same absurd figures. */
export const MAX_BELIEVED_LIMIT = 100_000;

function burstOf(limit: number): number {
  return Math.max(1, Math.ceil(limit / BURST_DIVISOR));
}

function shape(state: BucketState, rules: BudgetRules, share: number) {
  const limit = Math.max(1, Math.floor((state.limit ?? rules.assumedLimit) * share));
  const burst = burstOf(limit);
  return { burst, perMs: Math.max(1, limit - burst) / rules.windowMs };
}

export function newBucket(rules: BudgetRules, now: number): BucketState {
  return { tokens: burstOf(rules.assumedLimit), at: now, pausedUntil: 0 };
}

/** Brings tokens up to `now` and forgets the upstream's count once its window has reset. */
function refill(state: BucketState, rules: BudgetRules, now: number, share: number): number {
  const at = Math.max(now, state.at);
  const { burst, perMs } = shape(state, rules, share);
  state.tokens = Math.min(burst, state.tokens + (at - state.at) * perMs);
  state.at = at;
  if (state.upstreamResetAt !== undefined && at >= state.upstreamResetAt) {
    delete state.upstreamRemaining;
    delete state.upstreamResetAt;
  }
  return at;
}

/** 0 when a send is granted (and spent), else the milliseconds until one may be. */
export function takeSend(state: BucketState, rules: BudgetRules, now: number, share: number): number {
  if (now < state.pausedUntil) return Math.ceil(state.pausedUntil - now);
  const at = refill(state, rules, now, share);
  // Apart from the others (share < 1), a replica counts only its share of what the upstream says is left.
  if (
    state.upstreamRemaining !== undefined &&
    state.upstreamResetAt !== undefined &&
    state.upstreamRemaining * share < 1
  ) {
    return Math.max(1, Math.ceil(state.upstreamResetAt - at));
  }
  if (state.tokens < 1) return Math.max(1, Math.ceil((1 - state.tokens) / shape(state, rules, share).perMs));
  state.tokens -= 1;
  if (state.upstreamRemaining !== undefined) state.upstreamRemaining -= 1;
  return 0;
}

export function observeBudget(state: BucketState, assumedLimit: number, now: number, reading: BudgetReading): void {
  const { limit, remaining, resetMs, retryAfterMs } = reading;
  if (limit !== undefined && Number.isInteger(limit) && limit >= 1 && limit <= MAX_BELIEVED_LIMIT) {
    // The burst moves with the limit, less what was already spent of the old one: never above the new limit.
    state.tokens = Math.max(0, state.tokens + burstOf(limit) - burstOf(state.limit ?? assumedLimit));
    state.limit = limit;
  }
  if (remaining !== undefined && resetMs !== undefined) {
    const resetAt = now + resetMs;
    if (
      state.upstreamResetAt === undefined ||
      state.upstreamRemaining === undefined ||
      resetAt > state.upstreamResetAt + RESET_SLACK_MS
    ) {
      state.upstreamRemaining = remaining;
      state.upstreamResetAt = resetAt;
    } else {
      state.upstreamRemaining = Math.min(state.upstreamRemaining, remaining);
    }
  }
  if (retryAfterMs !== undefined) {
    state.pausedUntil = Math.max(state.pausedUntil, now + retryAfterMs);
    // Empty when the pause ends: the time spent paused refills nothing.
    state.tokens = 0;
    state.at = Math.max(state.at, state.pausedUntil);
  }
}

export function snapshotOf(state: BucketState, rules: BudgetRules, now: number): BudgetSnapshot {
  const copy: BucketState = { ...state };
  refill(copy, rules, now, 1);
  return {
    limit: copy.limit ?? rules.assumedLimit,
    windowMs: rules.windowMs,
    sendableNow: now < copy.pausedUntil ? 0 : Math.floor(copy.tokens),
    ...(copy.upstreamRemaining !== undefined ? { upstreamRemaining: Math.max(0, copy.upstreamRemaining) } : {}),
    pausedForMs: Math.max(0, Math.ceil(copy.pausedUntil - now)),
  };
}
