import type { ResponseInfo } from "@index-data/wire";
import type { FreshnessSnapshot } from "../answers/freshness";
import type { ResolvedEngineOptions } from "../engine-options";
import { LaneHints, type Answers } from "./lane-hints";
import { Outage } from "./outage";
import { RateBudget } from "../budget/rate-budget";
import { RequestSender } from "./request-sender";
import { Scheduler } from "./scheduler";
import { shareBudget, type BudgetChannel, type SharedBudget } from "../budget/shared-budget";

/** Where the budget is shared: this service and caller, over `channel` (null: not shared). */
interface BudgetPlace {
  readonly channel: BudgetChannel | null | undefined;
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
}

/**
 * The engine's budget and lanes: every request goes out through here, in the lane of the keys it answers,
 * within the tier's budget (shared with the add-in's other runtimes on this machine where there is a channel),
 * with retries and the outage rule. It knows requests, never cells or cached answers.
 */
export class Dispatch {
  /** Which keys the user's action or a visible cell waits for: the lane of their requests. */
  readonly hints = new LaneHints();
  private readonly budget: RateBudget;
  private readonly scheduler: Scheduler;
  private readonly sender: RequestSender;
  private readonly sharing: SharedBudget | undefined;

  constructor(
    private readonly options: ResolvedEngineOptions,
    place: BudgetPlace,
    changed: () => void,
  ) {
    const o = options;
    this.budget = new RateBudget({
      limit: o.initialLimit,
      windowMs: o.rateWindowMs,
      marginMs: o.rateMarginMs,
    });
    this.scheduler = new Scheduler(this.budget, this.hints, {
      maxQueueWaitMs: o.maxQueueWaitMs,
      maxInFlight: o.maxInFlight,
      clock: o.clock,
    });
    this.scheduler.subscribe(changed);
    this.sharing = shareBudget(this.budget, { ...place, clock: o.clock }, () => this.scheduler.pump());
    this.sender = new RequestSender(
      this.scheduler,
      this.budget,
      new Outage({ holdMs: o.failureTtlMs, tripAfter: o.retry.maxAttempts }),
      o,
    );
  }

  /** Sends `call` in the lane of the keys it `answers`, retrying where it may help. */
  send<T>(call: () => Promise<T>, answers: Answers): Promise<T> {
    return this.sender.send(call, answers);
  }

  /** While `work` is outstanding, `key` is the user's when `user` says so: its request goes in the user lane. */
  userWhile<T>(key: string, user: boolean, work: () => Promise<T>): Promise<T> {
    return user ? this.hints.userWhile(key, work) : work();
  }

  /** A response's rate-limit headers: what is left of the budget. */
  learn(info: ResponseInfo): void {
    this.budget.learn(info, this.options.clock.now());
    this.scheduler.responded();
    this.scheduler.pump();
  }

  /** The visible cells' keys go in the visible lane (a hint for the order, never for what is sent). */
  setVisible(isVisible: (address: string) => boolean, keys: readonly string[]): void {
    this.hints.setVisible(isVisible, keys);
    this.scheduler.pump();
  }

  /** True while requests wait for a slot or are in flight. */
  get busy(): boolean {
    const { requestsQueued, inFlight } = this.scheduler.progress();
    return requestsQueued > 0 || inFlight > 0;
  }

  get queued(): number {
    return this.scheduler.progress().requestsQueued;
  }

  /** Starts counting progress afresh (a refresh starts a new round). */
  resetProgress(): void {
    this.scheduler.resetProgress();
  }

  /** The requests' part of the freshness snapshot: progress, and the budget as learned. */
  snapshot(): Omit<FreshnessSnapshot, "staleCells" | "staleAsOf"> {
    const progress = this.scheduler.progress();
    return {
      requestsDone: progress.requestsDone,
      requestsQueued: progress.requestsQueued,
      inFlight: progress.inFlight,
      nextSlotAt: progress.nextSlotAt === undefined ? undefined : new Date(progress.nextSlotAt).toISOString(),
      limitPerMinute: Math.round((this.budget.limit * 60_000) / this.options.rateWindowMs),
      limitLearned: this.budget.limitLearned,
    };
  }

  /**
   * Shortest poll interval per symbol for INDEX.LIVE with `watchedSymbols` symbols watched: live polling
   * may use `liveShare` of the budget, leaving the rest to the sheet; never below one second.
   */
  liveFloorMs(watchedSymbols: number): number {
    const perWindow = Math.max(1, this.budget.limit * this.options.liveShare);
    return Math.max(1000, Math.ceil((Math.max(1, watchedSymbols) * this.options.rateWindowMs) / perWindow));
  }

  /** Fails whatever still waits for a slot with `reason`, and leaves the shared budget. */
  close(reason: Error): void {
    this.scheduler.failWaiting(reason);
    this.sharing?.close();
  }
}
