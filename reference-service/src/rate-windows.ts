import type { Clock } from "@index-data/wire/time";

/**
 * How a service may count its window: the spec says only "per minute" (section 8), and real services differ.
 * - `first-request`: a window begins with the first request after the last one ended (@fastify/rate-limit's store);
 * - `minute`: windows sit on the clock's grid (every minute on the minute, or every window length);
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

/** Each caller's window, counted on a clock the service is given, so a test's window moves only when it says. */
export class RateWindows {
  private readonly fixed = new Map<string, FixedCount>();
  private readonly logs = new Map<string, number[]>();

  constructor(
    private readonly kind: RateWindow,
    private readonly windowMs: number,
    private readonly clock: Pick<Clock, "now">,
  ) {}

  /** Counts a request of `key` against `max`. */
  hit(key: string, max: number): Counted {
    const now = this.clock.now();
    return this.kind === "sliding" ? this.slide(key, max, now) : this.count(key, max, now);
  }

  /** A fixed window: every request counts (a refused one too), until the window ends. */
  private count(key: string, max: number, now: number): Counted {
    const kept = this.fixed.get(key);
    const start = this.kind === "minute" ? Math.floor(now / this.windowMs) * this.windowMs : now;
    const window = kept === undefined || kept.start + this.windowMs <= now ? { start, count: 0 } : kept;
    window.count += 1;
    remember(this.fixed, key, window);
    const resetMs = window.start + this.windowMs - now;
    return { allowed: window.count <= max, remaining: Math.max(0, max - window.count), resetMs };
  }

  /** A sliding log of the requests let through: one more goes when fewer than `max` arrived in the last window. */
  private slide(key: string, max: number, now: number): Counted {
    const log = (this.logs.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const allowed = log.length < max;
    if (allowed) log.push(now);
    remember(this.logs, key, log);
    const oldest = log[0] ?? now;
    return { allowed, remaining: Math.max(0, max - log.length), resetMs: oldest + this.windowMs - now };
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CALLERS) map.delete(map.keys().next().value ?? "");
}
