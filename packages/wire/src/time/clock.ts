/** An armed timer, as the clock that armed it hands it back (a number in browsers, an object in Node). */
export type TimerHandle = unknown;

/**
 * Where time comes from. Everything that waits (the engine's scheduler, retries and deadlines, the live
 * feed, the office spill wait) takes one, so a test can pass a fake clock and move time by hand.
 */
export interface Clock {
  now(): number;
  /** Calls `callback` after `delayMs`; the delay is made safe (see MAX_TIMER_MS). */
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** The longest delay setTimeout can hold; a longer one overflows and fires at once (Node warns, browsers don't). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A delay made safe: never negative, never NaN, never beyond MAX_TIMER_MS, so no figure (from a header, an
 * option or arithmetic) can arm a timer that fires at once. A capped timer fires early (after ~24.8 days):
 * the scheduler's slot timer then just looks again, and every other delay is bounded far below that.
 */
export function safeDelay(delayMs: number): number {
  return Number.isFinite(delayMs) ? Math.min(MAX_TIMER_MS, Math.max(0, delayMs)) : MAX_TIMER_MS;
}

/** The machine's clock. */
export const systemClock: Readonly<Clock> = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => setTimeout(callback, safeDelay(delayMs)),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
};

/** Resolves after `ms` on `clock`. */
export function sleep(ms: number, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms));
}
