import type { ResponseInfo } from "@index-data/wire";
import { LaneHints } from "../../src/engine/sending/lane-hints";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { SharedBudget, type BudgetChannel } from "../../src/engine/budget/shared-budget";
import type { FakeClock } from "../support/fake-clock";

/**
 * A service's fixed rate-limit window on a fake clock, as the reference service keeps it (@fastify/rate-limit's
 * LocalStore): a window begins with the first request that arrives after the last one ended (not on a grid), a
 * request is counted when it arrives and answered after the latency with the window's headers (the reset rounded
 * up to a second), and past the limit it is refused with 429 and `Retry-After` until the window's end.
 * For tests of the budget's rules, which need many windows and many runtimes without waiting for real ones.
 */
export class FixedWindow {
  private count = 0;
  private windowStart = -Infinity;
  /** Every arrival: when, and whether it was refused. */
  readonly arrivals: Array<{ readonly at: number; readonly status: number; readonly by: string }> = [];

  constructor(
    private readonly clock: FakeClock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  get rejected(): number {
    return this.arrivals.filter((a) => a.status === 429).length;
  }

  arrive(by = ""): ResponseInfo {
    const now = this.clock.now();
    if (now >= this.windowStart + this.windowMs) {
      this.count = 0;
      this.windowStart = now;
    }
    this.count += 1;
    const resetSeconds = Math.ceil((this.windowStart + this.windowMs - now) / 1000);
    const refused = this.count > this.limit;
    this.arrivals.push({ at: now, status: refused ? 429 : 200, by });
    if (refused)
      return {
        path: "/",
        status: 429,
        retryAfterSeconds: resetSeconds,
        rateLimit: { limit: this.limit, remaining: 0, resetSeconds },
      };
    return {
      path: "/",
      status: 200,
      rateLimit: { limit: this.limit, remaining: this.limit - this.count, resetSeconds },
    };
  }
}

/** One runtime (a budget and its scheduler) sending to `service`: each request arrives at once and is answered after `latencyMs`. */
export interface RuntimeOptions {
  readonly latencyMs: number;
  readonly marginMs?: number;
  readonly maxQueueWaitMs?: number;
  /** Names its requests in the service's arrivals. */
  readonly name?: string;
  /** Shares the budget over this channel (none: the header rule alone). */
  readonly channel?: BudgetChannel;
  /**
   * Connections to the service: a request the engine has sent waits for a free one before it reaches the service,
   * as Chromium holds all but 6 per origin (HTTP/1.1). @default Infinity (every request arrives as it is sent)
   */
  readonly connections?: number;
}

/** A browser's connections to one origin: at most `size` requests on the wire, the rest wait in order. */
class ConnectionPool {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /** Calls `start` once a connection is free for the request. */
  take(start: () => void): void {
    if (this.busy < this.size) {
      this.busy += 1;
      start();
    } else this.waiting.push(start);
  }

  /** The answer has come: its connection takes the next request waiting, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.busy -= 1;
  }
}

export function runtimeOn(service: FixedWindow, clock: FakeClock, options: RuntimeOptions) {
  const budget = new RateBudget({
    limit: service.limit,
    windowMs: service.windowMs,
    marginMs: options.marginMs ?? 100,
  });
  const hints = new LaneHints();
  const scheduler = new Scheduler(budget, hints, {
    maxQueueWaitMs: options.maxQueueWaitMs ?? 10 * service.windowMs,
    maxInFlight: 48,
    clock,
  });
  if (options.channel !== undefined) new SharedBudget(options.channel, budget, clock, () => scheduler.pump());
  const sentAt: number[] = [];
  const pool = new ConnectionPool(options.connections ?? Infinity);
  const request = () =>
    new Promise<number>((resolve) => {
      sentAt.push(clock.now());
      pool.take(() => {
        const info = service.arrive(options.name);
        clock.setTimer(() => {
          pool.release();
          budget.observe(info, clock.now());
          scheduler.pump();
          resolve(info.status);
        }, options.latencyMs);
      });
    });
  /** Queues `count` requests; resolves with their statuses once all are answered. */
  const send = (count: number) => Promise.all(Array.from({ length: count }, () => scheduler.schedule(request)));
  /** The same, as the user's own action (the taskpane's reads): in the user lane. */
  const sendForUser = (count: number) =>
    hints.userWhile("user-action", () =>
      Promise.all(
        Array.from({ length: count }, () => scheduler.schedule(request, { answers: { keys: ["user-action"] } })),
      ),
    );
  return { budget, scheduler, sentAt, send, sendForUser };
}

/** Runs `clock` on until `work` settles (or `limitMs` passes); resolves with when it settled, from now. */
export async function settleOn<T>(
  clock: FakeClock,
  work: Promise<T>,
  limitMs: number,
  stepMs = 50,
): Promise<{ value: T; afterMs: number }> {
  const start = clock.now();
  let done: { value: T } | undefined;
  void work.then((value) => (done = { value }));
  while (done === undefined && clock.now() - start < limitMs) await clock.advance(stepMs);
  if (done === undefined) throw new Error(`did not settle within ${limitMs} ms of fake time`);
  return { value: done.value, afterMs: clock.now() - start };
}
