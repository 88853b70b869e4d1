import type { Clock, TimerHandle } from "../../src/time";
import { GatewayError } from "./gateway-error";

interface FairQueueOptions {
  /** Takes one send from the desk's budget: 0 when granted, else the milliseconds to wait. */
  readonly takeSend: () => Promise<number>;
  /** Longest a request waits for a send; past it, a 429. Below the add-in's 10 s timeout, so it answers first. */
  readonly maxWaitMs: number;
  /** Most requests one user may have waiting; more get a 429 at once. */
  readonly maxPerUser: number;
  /** The budget's pace, for the Retry-After of a refusal. */
  readonly msPerSend: () => number;
  readonly clock: Clock;
}

interface Waiter {
  readonly user: string;
  readonly resolve: () => void;
  readonly timer: TimerHandle;
}

const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * Requests waiting for the desk's budget, one line per user, served in turn: each free send goes to the next
 * user with a request waiting, so a user with hundreds waiting delays another user's one request by at most one
 * send per waiting user, never by their whole line. Bounded in length per user and in time per request: past
 * either bound the request is refused with 429 and a Retry-After, never left hanging.
 */
export class FairQueue {
  private readonly lines = new Map<string, Waiter[]>();
  private pumping = false;
  private timer: TimerHandle | undefined;

  constructor(private readonly options: FairQueueOptions) {}

  /** Resolves when a send is granted to this request; rejects with a 429 GatewayError past the bounds. */
  wait(user: string): Promise<void> {
    const line = this.lines.get(user) ?? [];
    if (line.length >= this.options.maxPerUser) {
      return Promise.reject(this.refusal(`you already have ${line.length} requests waiting for the desk's budget`));
    }
    return new Promise<void>((resolve, reject) => {
      const timer = this.options.clock.setTimer(() => {
        if (this.remove(waiter))
          reject(this.refusal(`the desk's budget had no room within ${this.options.maxWaitMs / 1000} s`));
      }, this.options.maxWaitMs);
      const waiter: Waiter = { user, resolve, timer };
      line.push(waiter);
      this.lines.set(user, line);
      void this.pump();
    });
  }

  /** How many requests wait, by user. */
  waiting(): Record<string, number> {
    return Object.fromEntries([...this.lines].map(([user, line]) => [user, line.length]));
  }

  private refusal(why: string): GatewayError {
    const queued = [...this.lines.values()].reduce((sum, line) => sum + line.length, 0);
    const seconds = Math.min(
      MAX_RETRY_AFTER_SECONDS,
      Math.max(1, Math.ceil(((queued + 1) * this.options.msPerSend()) / 1000)),
    );
    return new GatewayError(429, "RATE_LIMITED", `Not sent: ${why}. Retry in ${seconds} s.`, {
      "retry-after": String(seconds),
    });
  }

  private remove(waiter: Waiter): boolean {
    const line = this.lines.get(waiter.user);
    const at = line?.indexOf(waiter) ?? -1;
    if (line === undefined || at < 0) return false;
    line.splice(at, 1);
    if (line.length === 0) this.lines.delete(waiter.user);
    return true;
  }

  /** The head of the next user's line; that user goes to the back of the turn order. */
  private next(): Waiter | undefined {
    const first = this.lines.entries().next();
    if (first.done === true) return undefined;
    const [user, line] = first.value;
    const waiter = line.shift();
    this.lines.delete(user);
    if (line.length > 0) this.lines.set(user, line);
    return waiter;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.lines.size > 0) {
        const wait = await this.options.takeSend().catch(() => 100);
        if (wait > 0) {
          this.options.clock.clearTimer(this.timer);
          this.timer = this.options.clock.setTimer(() => void this.pump(), wait);
          return;
        }
        const waiter = this.next();
        if (waiter === undefined) return;
        this.options.clock.clearTimer(waiter.timer);
        waiter.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }

  close(): void {
    this.options.clock.clearTimer(this.timer);
    for (const line of this.lines.values()) for (const waiter of line) this.options.clock.clearTimer(waiter.timer);
    this.lines.clear();
  }
}
