import type { IndexDataError } from "@index-data/wire";
import { sleep, type Clock } from "@index-data/wire/time";
import { isOutageSign, type Outage } from "./outage";
import type { RateBudget } from "../budget/rate-budget";
import { decideRetry, type RetryOptions } from "./retry-policy";
import type { Answers } from "./lane-hints";
import type { Scheduler } from "./scheduler";

interface SenderOptions {
  readonly retry: RetryOptions;
  /** The client's per-request timeout. */
  readonly timeoutMs: number;
  /** Longest a request may take, all attempts included. */
  readonly requestBoundMs: number;
  readonly clock: Clock;
}

/** The service answered (any status but 503), so it is up, whatever the answer said. */
function answered(error: unknown): boolean {
  return typeof (error as { status?: unknown } | null)?.status === "number" && !isOutageSign(error);
}

/**
 * Sends one request through the scheduler and tries again where it may help: after a 429 (the request queues
 * again, first in its lane, and the rate rule holds it and every other until the window must have turned), and a
 * bounded number of times after 5xx, network errors and timeouts. It never starts an attempt that could not
 * finish before the request's bound; the last error then goes to the caller, except a 429's: a request still
 * waiting its turn at its bound ends as our own queue's refusal (it says when a slot frees), never as a fault of
 * the service. While the service is found down (see Outage), nothing is retried and every waiting request fails
 * at once.
 */
export class RequestSender {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly budget: RateBudget,
    private readonly outage: Outage,
    private readonly options: SenderOptions,
  ) {}

  /** Sends `call` in the lane of the keys it `answers`, retrying where it may help. */
  async send<T>(call: () => Promise<T>, answers: Answers): Promise<T> {
    const clock = this.options.clock;
    const deadline = clock.now() + this.options.requestBoundMs;
    let attempt = 1;
    let rateLimited = false;
    for (;;) {
      const down = this.outage.current(clock.now());
      if (down !== undefined) throw down;
      const retrying = attempt > 1 || rateLimited;
      const maxWaitMs = deadline - clock.now() - this.options.timeoutMs;
      try {
        const value = await this.scheduler.schedule(call, { answers, first: retrying, maxWaitMs });
        this.outage.answered();
        return value;
      } catch (error) {
        const now = clock.now();
        if (answered(error)) this.outage.answered();
        else if (this.outage.current(now) !== undefined)
          throw error; // known down: no retries meanwhile
        else if (isOutageSign(error) && this.tripsOutage(error, now)) throw error;
        const decision = decideRetry(error, attempt, this.options.retry);
        if (decision.retry && decision.rateLimited && now + this.options.timeoutMs > deadline)
          throw this.scheduler.waitTooLong(this.budget.eta(now, 0));
        if (!decision.retry || now + decision.delayMs + this.options.timeoutMs > deadline) throw error;
        if (decision.rateLimited) {
          // Everyone already waits (the budget read the 429): this request takes its turn again when it comes.
          rateLimited = true;
          this.scheduler.pump();
        } else {
          attempt += 1;
          await sleep(decision.delayMs, clock);
          if (this.outage.current(clock.now()) !== undefined) throw error; // found down meanwhile
        }
      }
    }
  }

  private tripsOutage(cause: IndexDataError, now: number): boolean {
    const notSent = this.outage.failed(cause, now);
    if (notSent === undefined) return false;
    // After the hold, one request finds out whether the service is back before the rest follow.
    this.budget.reprobe(now);
    this.scheduler.failWaiting(notSent);
    return true;
  }
}
