import type { Clock } from "@index-data/wire/time";

/**
 * How a service may count its window: the spec says only "per minute" (section 8), and real services differ.
 * - `first-request`: a window begins with the first request after the last one ended (@fastify/rate-limit's store);
 * - `minute`: windows sit on the clock's grid (every minute on the minute, or every window length), shifted by a
 *   phase when one is set;
 * - `sliding`: a sliding log: any stretch of one window holds at most the limit of accepted requests.
 */
export const RATE_WINDOWS = ["first-request", "minute", "sliding"] as const;
export type RateWindow = (typeof RATE_WINDOWS)[number];

/** One request counted: whether it is let through, what is left, and in how long the next slot frees. */
export interface Counted {
  readonly allowed: boolean;
  readonly remaining: number;
  readonly resetMs: number;
}

/** At most this many callers are remembered, as @fastify/rate-limit's own store does; the oldest go first. */
const MAX_CALLERS = 5000;

interface FixedCount {
  start: number;
  count: number;
}

/**
 * Each caller's window, counted on a clock the service is given, so a test's window moves only when it says.
 * A request is judged (`peek`) and counted (`record`) as two steps, so a service may count it when it arrives
 * (`hit`: both at once) or only once it has been answered.
 */
export class RateWindows {
  private readonly fixed = new Map<string, FixedCount>();
  private readonly logs = new Map<string, number[]>();

  /** `phaseMs`: where the `minute` grid turns, as an offset from the clock's zero (taken modulo the window). */
  constructor(
    private readonly kind: RateWindow,
    private readonly windowMs: number,
    private readonly clock: Pick<Clock, "now">,
    private phaseMs = 0,
  ) {}

  /** Counts a request of `key` against `max` as it arrives. */
  hit(key: string, max: number): Counted {
    return this.record(key, max, this.peek(key, max).allowed);
  }

  /** Whether a request of `key` would be let through now, and what would be left; counts nothing. */
  peek(key: string, max: number): Counted {
    const now = this.clock.now();
    if (this.kind === "sliding") {
      const log = this.recentLog(key, now);
      return {
        allowed: log.length < max,
        remaining: Math.max(0, max - log.length),
        resetMs: this.slideReset(log, now),
      };
    }
    const window = this.currentWindow(key, now);
    return {
      allowed: window.count < max,
      remaining: Math.max(0, max - window.count),
      resetMs: window.start + this.windowMs - now,
    };
  }

  /**
   * Counts one request of `key` now, let through or not as `allowed` says (decided when it arrived). A fixed window
   * counts every request, a refused one too; a sliding log only those let through.
   */
  record(key: string, max: number, allowed: boolean): Counted {
    const now = this.clock.now();
    if (this.kind === "sliding") {
      const log = this.recentLog(key, now);
      if (allowed) log.push(now);
      remember(this.logs, key, log);
      return { allowed, remaining: Math.max(0, max - log.length), resetMs: this.slideReset(log, now) };
    }
    const window = this.currentWindow(key, now);
    window.count += 1;
    remember(this.fixed, key, window);
    return { allowed, remaining: Math.max(0, max - window.count), resetMs: window.start + this.windowMs - now };
  }

  /**
   * Turns every caller's window now, as if its length had just run out: counts start again from nothing, the
   * `minute` grid moves so that it turns now, and a sliding log forgets what it held.
   */
  turn(): void {
    this.phaseMs = this.clock.now() % this.windowMs;
    this.fixed.clear();
    this.logs.clear();
  }

  /** The fixed window `now` falls in: the caller's running one, or a new one (not yet remembered). */
  private currentWindow(key: string, now: number): FixedCount {
    const kept = this.fixed.get(key);
    if (kept !== undefined && kept.start + this.windowMs > now) return kept;
    const start =
      this.kind === "minute" ? Math.floor((now - this.phaseMs) / this.windowMs) * this.windowMs + this.phaseMs : now;
    return { start, count: 0 };
  }

  private recentLog(key: string, now: number): number[] {
    return (this.logs.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  /** When the oldest request let through leaves the log, and a slot with it. */
  private slideReset(log: readonly number[], now: number): number {
    return (log[0] ?? now) + this.windowMs - now;
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CALLERS) map.delete(map.keys().next().value ?? "");
}
