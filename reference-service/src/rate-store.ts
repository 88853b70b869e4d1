import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Clock } from "@index-data/wire/time";

interface WindowCount {
  current: number;
  ttl: number;
  iterationStartMs: number;
}

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** At most this many callers are remembered, as @fastify/rate-limit's own store does. */
const MAX_CALLERS = 5000;

/**
 * @fastify/rate-limit's fixed window per caller, timed on a clock the service is given rather than on Date.now(),
 * so that a test's window neither closes nor reopens while a loaded machine is slow to send a burst.
 */
export function clockedRateStore(clock: Pick<Clock, "now">): FastifyRateLimitStoreCtor {
  return class ClockedRateStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, WindowCount>();

    /** Counts one request of `key`; a window that has run its length starts afresh. */
    incr(key: string, answer: Answer, timeWindow: number): void {
      const now = clock.now();
      const kept = this.windows.get(key);
      const window =
        kept === undefined || kept.iterationStartMs + timeWindow <= now
          ? { current: 0, ttl: timeWindow, iterationStartMs: now }
          : kept;
      window.current += 1;
      window.ttl = timeWindow - (now - window.iterationStartMs);
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > MAX_CALLERS) this.windows.delete(this.windows.keys().next().value ?? "");
      answer(null, { current: window.current, ttl: window.ttl });
    }

    /** The count of `key`'s window without counting a request. */
    read(key: string, answer: Answer, timeWindow: number): void {
      const now = clock.now();
      const window = this.windows.get(key);
      if (window === undefined || window.iterationStartMs + timeWindow <= now)
        return answer(null, { current: 0, ttl: 0 });
      answer(null, { current: window.current, ttl: timeWindow - (now - window.iterationStartMs) });
    }

    /** A route with limits of its own counts apart, as with @fastify/rate-limit's own store. */
    child(): FastifyRateLimitStore {
      return new ClockedRateStore();
    }
  };
}
