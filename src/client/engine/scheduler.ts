import type { Clock, TimerHandle } from "../../time";
import { QueueFullError } from "../errors";
import { queueBound } from "../errors/queue-full-error";
import type { RateBudget } from "./rate-budget";

interface SchedulerOptions {
  /** Longest a request may wait for a free slot before it fails with a clear message. */
  readonly maxQueueWaitMs: number;
  /** Requests in flight at once, whatever the budget allows. */
  readonly maxInFlight: number;
  readonly clock: Clock;
}

/** Progress of the queue since the last reset (a refresh), for the taskpane. */
interface QueueProgress {
  readonly requestsDone: number;
  readonly requestsQueued: number;
  readonly inFlight: number;
  /** When the next slot opens (epoch ms), while requests wait for one. */
  readonly nextSlotAt?: number;
}

/**
 * Whose request it is, most urgent first: the user's own action (a scoped refresh, a taskpane read), a cell the
 * user can see, then everything else. A hint for the order only: every request is still sent.
 */
export type Lane = "user" | "visible" | "background";

const LANE_RANK: Readonly<Record<Lane, number>> = { user: 0, visible: 1, background: 2 };

interface QueuedTask {
  readonly run: () => Promise<unknown>;
  /** Asked again when the hints change (the visible set moved): a waiting request may change lane. */
  readonly lane: () => Lane;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  expiry: TimerHandle | undefined;
}

/**
 * Sends requests no faster than the rate budget allows, in lanes: a waiting request of the user's lane goes
 * before a visible cell's, which goes before the rest; first come first served within a lane, retries at the
 * front of theirs (they have waited already). The lanes order one runtime's queue only; how the budget is split
 * between runtimes stays with the fair share (fair-share.ts), so no workbook starves. The queue's length is this runtime's demand in the budget's fair share among the add-in's runtimes.
 * Every task settles: it runs, or fails once it has waited `maxQueueWaitMs` (or at once, when the budget
 * already shows it would wait longer than that).
 */
export class Scheduler {
  private readonly queue: QueuedTask[] = [];
  private inFlight = 0;
  private done = 0;
  private slotTimer: TimerHandle | undefined;
  private nextSlotAt: number | undefined;
  private readonly listeners = new Set<() => void>();
  /**
   * The lane of each call handed to `inLane`. Kept by the call itself because the sender passes a call through
   * unchanged (retries included), so the lane follows it without every layer between carrying one.
   */
  private readonly lanes = new WeakMap<() => Promise<unknown>, () => Lane>();

  constructor(
    private readonly budget: RateBudget,
    private readonly options: SchedulerOptions,
  ) {}

  /**
   * Runs `run` when a slot is free. `first` puts it ahead of the queue (a retry has waited already);
   * `maxWaitMs` shortens the queue-wait bound (a retry must not outlive its call's deadline).
   */
  schedule<T>(run: () => Promise<T>, first = false, maxWaitMs = this.options.maxQueueWaitMs): Promise<T> {
    const bound = Math.max(0, Math.min(maxWaitMs, this.options.maxQueueWaitMs));
    const lane = this.lanes.get(run) ?? (() => "background");
    const at = this.placeFor(LANE_RANK[lane()], first);
    const estimate = this.budget.estimateWaitMs(this.options.clock.now(), at + this.inFlightIfProbing());
    if (estimate > bound) return Promise.reject(this.waitTooLong(estimate));
    return new Promise<T>((resolve, reject) => {
      const task: QueuedTask = { run, lane, resolve: resolve as (value: unknown) => void, reject, expiry: undefined };
      task.expiry = this.options.clock.setTimer(() => this.expire(task, bound), bound);
      this.queue.splice(at, 0, task);
      this.changed();
      this.pump();
    });
  }

  /** Marks `run` as a request of `lane` (asked when it is queued, and again at `reorder`); returns `run`. */
  inLane<T>(run: () => Promise<T>, lane: () => Lane): () => Promise<T> {
    this.lanes.set(run, lane);
    return run;
  }

  /** The hints changed (the visible set, a user's refresh): waiting requests move to their lane, order kept within. */
  reorder(): void {
    const ranked = this.queue.map((task, index) => ({ task, index, rank: LANE_RANK[task.lane()] }));
    ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
    this.queue.splice(0, this.queue.length, ...ranked.map((r) => r.task));
  }

  /** Where a task of `rank` goes: the end of its lane, or its front for a retry. */
  private placeFor(rank: number, first: boolean): number {
    const after = this.queue.findIndex((task) => (first ? LANE_RANK[task.lane()] >= rank : LANE_RANK[task.lane()] > rank));
    return after < 0 ? this.queue.length : after;
  }

  /** Call after a response or failure that may have changed the budget (a 429 pause, a learned count). */
  pump(): void {
    if (this.slotTimer !== undefined) {
      this.options.clock.clearTimer(this.slotTimer);
      this.slotTimer = undefined;
    }
    this.nextSlotAt = undefined;
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const now = this.options.clock.now();
      const wait = this.budget.waitMs(now, this.inFlight, this.queue.length);
      if (wait > 0) {
        if (Number.isFinite(wait)) this.armSlotTimer(now, wait);
        break;
      }
      const task = this.queue.shift();
      if (task !== undefined) this.dispatch(task, now);
    }
    this.changed();
  }

  progress(): QueueProgress {
    return {
      requestsDone: this.done,
      requestsQueued: this.queue.length,
      inFlight: this.inFlight,
      ...(this.nextSlotAt !== undefined ? { nextSlotAt: this.nextSlotAt } : {}),
    };
  }

  /** Starts counting progress afresh (a refresh starts a new round). */
  resetProgress(): void {
    this.done = 0;
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Fails every waiting task (the service is down, or the engine is being replaced); requests in flight finish. */
  failWaiting(reason: Error): void {
    for (const task of this.queue.splice(0)) {
      this.options.clock.clearTimer(task.expiry);
      task.reject(reason);
    }
    this.options.clock.clearTimer(this.slotTimer);
    this.slotTimer = undefined;
    this.nextSlotAt = undefined;
    this.changed();
  }

  private inFlightIfProbing(): number {
    return this.budget.limitLearned ? 0 : this.inFlight;
  }

  private dispatch(task: QueuedTask, now: number): void {
    this.options.clock.clearTimer(task.expiry);
    this.budget.recordSend(now);
    this.inFlight += 1;
    const settle = () => {
      this.inFlight -= 1;
      this.done += 1;
      this.pump();
    };
    task.run().then(
      (value) => {
        settle();
        task.resolve(value);
      },
      (error: unknown) => {
        settle();
        task.reject(error);
      },
    );
  }

  private armSlotTimer(now: number, wait: number): void {
    this.nextSlotAt = now + wait;
    this.slotTimer = this.options.clock.setTimer(() => {
      this.slotTimer = undefined;
      this.pump();
    }, wait);
  }

  private expire(task: QueuedTask, waitedMs: number): void {
    const index = this.queue.indexOf(task);
    if (index < 0) return;
    this.queue.splice(index, 1);
    task.reject(this.waitTooLong(waitedMs));
    this.changed();
  }

  /** Our own refusal, worded apart from the service's 429: the service refused nothing. */
  private waitTooLong(waitMs: number): QueueFullError {
    const waitSeconds = Math.ceil(waitMs / 1000);
    const perMinute = Math.round((this.budget.limit * 60_000) / this.budget.windowMs);
    const maxQueueWaitMs = this.options.maxQueueWaitMs;
    return new QueueFullError(
      `Not sent: too many cells are waiting for the service; the queue holds at most ${queueBound(maxQueueWaitMs)} of requests ` +
        `(${perMinute} requests a minute for this tier), and this one would wait about ${waitSeconds} s. ` +
        "Refresh to retry them; an API key gives a higher limit.",
      { maxQueueWaitMs, waitSeconds },
    );
  }

  private changed(): void {
    this.budget.setDemand(this.queue.length);
    for (const listener of this.listeners) listener();
  }
}
