import { sleep } from "./deadline";
import type { RateBudget } from "./rate-budget";
import { decideRetry, type RetryOptions } from "./retry-policy";
import type { Scheduler } from "./scheduler";

export interface SenderOptions {
  readonly retry: RetryOptions;
  /** The client's per-request timeout. */
  readonly timeoutMs: number;
  /** Longest a request may take, all attempts included. */
  readonly requestBoundMs: number;
}

/**
 * Sends one request through the scheduler and tries again where it may help: after a 429 (waiting as long
 * as the service says, or backing off with jitter, and holding every other request meanwhile), and a
 * bounded number of times after 5xx, network errors and timeouts. It never starts an attempt that could
 * not finish before the request's bound; the last error then goes to the caller.
 */
export class RequestSender {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly budget: RateBudget,
    private readonly options: SenderOptions,
  ) {}

  async send<T>(call: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.options.requestBoundMs;
    let attempt = 1;
    let rateLimitRetries = 0;
    for (;;) {
      const retrying = attempt > 1 || rateLimitRetries > 0;
      const maxWaitMs = deadline - Date.now() - this.options.timeoutMs;
      try {
        return await this.scheduler.schedule(call, retrying, maxWaitMs);
      } catch (error) {
        const decision = decideRetry(error, attempt, rateLimitRetries, this.options.retry);
        if (!decision.retry || Date.now() + decision.delayMs + this.options.timeoutMs > deadline) throw error;
        if (decision.rateLimited) {
          rateLimitRetries += 1;
          // Everyone waits, not just this request: the budget is the caller's, not the cell's.
          this.budget.pauseUntil(Date.now() + decision.delayMs);
          this.scheduler.pump();
        } else {
          attempt += 1;
          await sleep(decision.delayMs);
        }
      }
    }
  }
}
