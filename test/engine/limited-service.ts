import { RateLimitedError, responseInfo, type ResponseInfo } from "@index-data/wire";
import { writeRateHeaders, type RateHeaders } from "../../reference-service/src/rate-limit";
import { RateWindows, type RateWindow } from "../../reference-service/src/rate-windows";
import { LaneHints } from "../../src/engine/sending/lane-hints";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { Outage } from "../../src/engine/sending/outage";
import { RequestSender } from "../../src/engine/sending/request-sender";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { SharedBudget, type BudgetChannel } from "../../src/engine/budget/shared-budget";
import type { FakeClock } from "../support/fake-clock";
import type { Upstream, UpstreamAnswer } from "../support/spec-upstream";

/** How the service speaks of its limit and counts its window: the reference service's own choices. */
export interface LimitedServiceOptions {
  /** @default "full" (X-RateLimit-Limit, -Remaining, -Reset; Retry-After on each 429) */
  readonly headers?: RateHeaders;
  /** @default "first-request" (@fastify/rate-limit's fixed window) */
  readonly window?: RateWindow;
}

/**
 * A service's rate limit on a fake clock, counted and told exactly as the reference service counts and tells it
 * (its RateWindows and writeRateHeaders): a request is counted when it arrives and answered after the latency with
 * the form's headers, read by the add-in's own header parser; past the limit it is refused with 429. For tests of
 * the budget's rules, which need many windows and many runtimes without waiting for real ones.
 */
export class LimitedService implements Upstream {
  private readonly windows: RateWindows;
  private refusals = 0;
  /** Every arrival: when, and whether it was refused. */
  readonly arrivals: Array<{ readonly at: number; readonly status: number; readonly by: string }> = [];

  constructor(
    private readonly clock: FakeClock,
    readonly limit: number,
    readonly windowMs: number,
    private readonly options: LimitedServiceOptions = {},
  ) {
    this.windows = new RateWindows(options.window ?? "first-request", windowMs, clock);
  }

  get rejected(): number {
    return this.arrivals.filter((a) => a.status === 429).length;
  }

  arrive(by = ""): ResponseInfo {
    const counted = this.windows.hit("ip", this.limit);
    const headers = new Headers();
    const sink = { header: (name: string, value: string | number) => headers.set(name, String(value)) };
    const form = this.options.headers ?? "full";
    writeRateHeaders(sink, form, { max: this.limit, windowMs: this.windowMs, counted, refusals: this.refusals });
    if (!counted.allowed) this.refusals += 1;
    const status = counted.allowed ? 200 : 429;
    this.arrivals.push({ at: this.clock.now(), status, by });
    return responseInfo("/", status, headers);
  }

  answer(by?: string): UpstreamAnswer {
    const info = this.arrive(by);
    return { info: () => info };
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
  /**
   * How long the page takes to read and decode an answer after its headers came (the connection is free by then):
   * the request is done only after it. @default 0
   */
  readonly bodyMs?: number;
}

/** A browser's connections to one origin: at most `size` requests on the wire, the rest wait in order. */
export class ConnectionPool {
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

/** The engine's client timeout: a bound against a hang here, never reached on a fake clock that answers. */
const TIMEOUT_MS = 10_000;

/**
 * One runtime as the engine builds it (a budget, its scheduler and its sender, which queues a 429's request again)
 * sending to `service` through `connections`: a request arrives when a connection is free and is answered after
 * `latencyMs`. `send` resolves with every request's final status (200), or the name of the error it ended with.
 */
export function runtimeOn(service: Upstream, clock: FakeClock, options: RuntimeOptions) {
  const budget = new RateBudget({
    limit: service.limit,
    windowMs: service.windowMs,
    marginMs: options.marginMs ?? 100,
  });
  const hints = new LaneHints();
  const maxQueueWaitMs = options.maxQueueWaitMs ?? 10 * service.windowMs;
  const scheduler = new Scheduler(budget, hints, { maxQueueWaitMs, maxInFlight: 512, clock });
  if (options.channel !== undefined) new SharedBudget(options.channel, budget, clock, () => scheduler.pump());
  const sender = new RequestSender(scheduler, budget, new Outage({ holdMs: 5000, tripAfter: 3 }), {
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    timeoutMs: TIMEOUT_MS,
    requestBoundMs: maxQueueWaitMs + 3 * TIMEOUT_MS + service.windowMs,
    clock,
  });
  const sentAt: number[] = [];
  const pool = new ConnectionPool(options.connections ?? Infinity);
  const request = () =>
    new Promise<number>((resolve, reject) => {
      sentAt.push(clock.now());
      pool.take(() => {
        const answer = service.answer(options.name);
        clock.setTimer(() => {
          const info = answer.info();
          pool.release();
          // As the engine's Dispatch hears a response: at its headers, before its body is read.
          budget.learn(info, clock.now());
          scheduler.responded();
          scheduler.pump();
          const done = () => {
            if (info.status === 429) reject(new RateLimitedError("429", { path: "/", status: 429 }));
            else resolve(info.status);
          };
          const bodyMs = options.bodyMs ?? 0;
          if (bodyMs === 0) done();
          else clock.setTimer(done, bodyMs);
        }, answer.latencyMs ?? options.latencyMs);
      });
    });
  const sent = (answers: { keys: string[] }) =>
    sender.send(request, answers).catch((error: unknown) => (error as Error).name);
  /** Queues `count` requests; resolves with their final statuses once all are answered. */
  const send = (count: number) => Promise.all(Array.from({ length: count }, () => sent({ keys: [] })));
  /** The same, as the user's own action (the taskpane's reads): in the user lane. */
  const sendForUser = (count: number) =>
    hints.userWhile("user-action", () =>
      Promise.all(Array.from({ length: count }, () => sent({ keys: ["user-action"] }))),
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
