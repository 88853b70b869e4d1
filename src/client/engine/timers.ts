/** The longest delay setTimeout can hold; a longer one overflows and fires at once (Node warns, browsers don't). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout with the delay made safe: never negative, never NaN, never beyond MAX_TIMER_MS. Every engine
 * timer goes through here, so no figure (from a header, an option or arithmetic) can arm a timer that fires
 * at once. A capped timer fires early (after ~24.8 days): the scheduler's slot timer then just looks again, and
 * every other engine delay is bounded by its options far below that.
 */
export function armTimer(callback: () => void, delayMs: number): ReturnType<typeof setTimeout> {
  const delay = Number.isFinite(delayMs) ? Math.min(MAX_TIMER_MS, Math.max(0, delayMs)) : MAX_TIMER_MS;
  return setTimeout(callback, delay);
}
