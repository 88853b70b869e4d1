import type { ResponseInfo } from "../../src/client/options";
import { LaneHints } from "../../src/client/engine/lane-hints";
import { RateBudget } from "../../src/client/engine/rate-budget";
import { Scheduler } from "../../src/client/engine/scheduler";
import { SharedBudget, type BudgetChannel } from "../../src/client/engine/shared-budget";
import type { FakeClock } from "../support/fake-clock";

/**
 * A service's fixed rate-limit window on a fake clock, as the reference service keeps it (@fastify/rate-limit):
 * a request is counted when it arrives, answered after the latency with the window's headers, 429 past the limit.
 * For tests of the budget's rules, which need many windows and many runtimes without waiting for real ones.
 */
export class FixedWindow {
  private count = 0;
  private windowEnd: number;
  /** Every arrival: when, and whether it was refused. */
  readonly arrivals: Array<{ readonly at: number; readonly status: number; readonly by: string }> = [];

  constructor(
    private readonly clock: FakeClock,
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.windowEnd = clock.now() + windowMs;
  }

  get rejected(): number {
    return this.arrivals.filter((a) => a.status === 429).length;
  }

  arrive(by = ""): ResponseInfo {
    const now = this.clock.now();
    if (now >= this.windowEnd) {
      this.count = 0;
      this.windowEnd += Math.ceil((now - this.windowEnd + 1) / this.windowMs) * this.windowMs;
    }
    this.count += 1;
    const resetSeconds = Math.ceil((this.windowEnd - now) / 1000);
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
  const request = () =>
    new Promise<number>((resolve) => {
      sentAt.push(clock.now());
      const info = service.arrive(options.name);
      clock.setTimer(() => {
        budget.observe(info, clock.now());
        scheduler.pump();
        resolve(info.status);
      }, options.latencyMs);
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
