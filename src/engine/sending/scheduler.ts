import type { Clock, TimerHandle } from "@index-data/wire/time";
import { QueueFullError } from "@index-data/wire";
import { queueBound } from "@index-data/wire";
import type { Answers, Lane, LaneHints } from "./lane-hints";
import { LaneQueue, type Waiting } from "./lane-queue";
import type { RateBudget } from "../budget/rate-budget";

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
  readonly nextSlotAt?: number | undefined;
}

interface ScheduleOptions {
  /** The keys the request answers: its lane is the most urgent of theirs. @default none (background) */
  readonly answers?: Answers;
  /** A retry: first in its lane (it has waited already). @default false */
  readonly first?: boolean;
  /** Shortens the queue-wait bound (a retry must not outlive its call's deadline). */
  readonly maxWaitMs?: number;
}

interface QueuedTask extends Waiting {
  readonly run: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  expiry: TimerHandle | undefined;
}

const NO_ANSWERS: Readonly<Answers> = { keys: [] };

/**
 * Sends requests no faster than the rate budget allows, in lanes (see LaneHints): a waiting request of the user's
 * lane goes before a visible cell's, which goes before the rest; first come first served within a lane, retries at
 * the front of theirs. Queueing and sending cost O(log n) each (LaneQueue), and a change of hints moves only the
 * requests it concerns. The lanes order one runtime's queue only; how the budget is split between runtimes stays
 * with the budget. Every task settles: it runs, or fails once it has waited `maxQueueWaitMs` (or at once, when the
 * budget already shows it would wait longer than that).
 */
export class Scheduler {
  private readonly queue = new LaneQueue<QueuedTask>();
  private inFlight = 0;
  /**
   * Of the requests in flight, how many the service has answered already (their headers are in, their bodies are
   * being read and decoded): the browser's connection is free again, so the cap on requests in flight no longer
   * counts them. Responses are not matched to requests, so a finished request takes one off (see `settle`).
   */
  private answeredInFlight = 0;
  private done = 0;
  private slotTimer: TimerHandle | undefined;
  private nextSlotAt: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly budget: RateBudget,
    private readonly hints: LaneHints,
    private readonly options: SchedulerOptions,
  ) {
    hints.onChange((changed) => this.relane(changed));
  }

  /** Runs `run` when a slot is free, in the lane of the keys it answers. */
  schedule<T>(run: () => Promise<T>, options: ScheduleOptions = {}): Promise<T> {
    const first = options.first ?? false;
    const answers = options.answers ?? NO_ANSWERS;
    const bound = Math.max(0, Math.min(options.maxWaitMs ?? Infinity, this.options.maxQueueWaitMs));
    const lane = this.hints.laneOf(answers);
    const ahead = this.queue.ahead(lane, first);
    const estimate = this.budget.eta(this.options.clock.now(), ahead + this.inFlightIfOpening());
    if (estimate > bound) return Promise.reject(this.waitTooLong(estimate));
    return new Promise<T>((resolve, reject) => {
      const task: QueuedTask = {
        run,
        answers,
        lane,
        seq: this.queue.sequence(first),
        version: 0,
        queued: false,
        resolve: resolve as (value: unknown) => void,
        reject,
        expiry: undefined,
      };
      task.expiry = this.options.clock.setTimer(() => this.expire(task, bound), bound);
      this.queue.add(task);
      this.changed();
      this.pump();
    });
  }

  /** Call after a response or failure that may have changed the budget (a 429 pause, a learned count). */
  pump(): void {
    this.options.clock.clearTimer(this.slotTimer);
    this.slotTimer = undefined;
    this.nextSlotAt = undefined;
    while (
      this.queue.size > 0 &&
      this.inFlight - this.answeredInFlight <
        this.budget.inFlightCap(this.options.maxInFlight, this.options.clock.now())
    ) {
      const now = this.options.clock.now();
      const wait = this.budget.waitMs(now, this.queue.size, this.queue.count("user"));
      if (wait > 0) {
        if (Number.isFinite(wait)) this.armSlotTimer(now, wait);
        break;
      }
      const task = this.queue.take();
      if (task !== undefined) this.dispatch(task, now);
    }
    this.changed();
  }

  /**
   * A response's headers arrived (any status): its request no longer holds a connection, so one more may go while
   * its body is read. Call before `pump`.
   */
  responded(): void {
    this.answeredInFlight = Math.min(this.answeredInFlight + 1, this.inFlight);
  }

  progress(): QueueProgress {
    return {
      requestsDone: this.done,
      requestsQueued: this.queue.size,
      inFlight: this.inFlight,
      nextSlotAt: this.nextSlotAt,
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
    for (const task of this.queue.drain()) {
      this.options.clock.clearTimer(task.expiry);
      task.reject(reason);
    }
    this.options.clock.clearTimer(this.slotTimer);
    this.slotTimer = undefined;
    this.nextSlotAt = undefined;
    this.changed();
  }

  /** The hints changed for these keys or prefixes: the waiting requests answering them move to their lane. */
  private relane(changed: readonly string[]): void {
    let moved = false;
    for (const task of this.queue.tasksUnder(changed)) {
      const lane: Lane = this.hints.laneOf(task.answers);
      if (lane === task.lane) continue;
      this.queue.move(task, lane);
      moved = true;
    }
    if (moved) this.pump();
  }

  /** Before the first answer, requests in flight take slots of the opening burst too. */
  private inFlightIfOpening(): number {
    return this.budget.limitLearned ? 0 : this.inFlight;
  }

  private dispatch(task: QueuedTask, now: number): void {
    this.options.clock.clearTimer(task.expiry);
    const sent = this.budget.recordSend(now);
    this.inFlight += 1;
    const settle = () => {
      this.budget.settled(sent);
      this.inFlight -= 1;
      // Its response, if it had one, was counted as answered: it leaves both counts. One that failed with no
      // response leaves an answered one counted as still holding a connection: the cap errs on the safe side.
      this.answeredInFlight = Math.max(0, Math.min(this.answeredInFlight - 1, this.inFlight));
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
    if (!task.queued) return;
    this.queue.remove(task);
    task.reject(this.waitTooLong(waitedMs));
    this.changed();
  }

  /** Our own refusal, worded apart from the service's 429: a request that would wait longer than its bound. */
  waitTooLong(waitMs: number): QueueFullError {
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
    this.budget.setDemand(this.queue.size);
    for (const listener of this.listeners) listener();
  }
}
