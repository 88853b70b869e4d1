import type { LatencyTimer } from "../../reference-service/src/index";

export interface HeldTimer {
  readonly ms: number;
  /** Wakes the held request, as the real timer would after `ms`. */
  fire(): void;
}

/** A latency timer that never fires by itself: the test sees each wait the service starts and releases it. */
export class FakeLatencyTimer {
  /** Every wait started, in order. */
  readonly scheduled: HeldTimer[] = [];
  private readonly unclaimed: HeldTimer[] = [];
  private readonly claimants: Array<(held: HeldTimer) => void> = [];

  readonly timer: LatencyTimer = (ms, wake) => {
    let cancelled = false;
    const held: HeldTimer = { ms, fire: () => (cancelled ? undefined : wake()) };
    this.scheduled.push(held);
    const claimant = this.claimants.shift();
    if (claimant !== undefined) claimant(held);
    else this.unclaimed.push(held);
    return () => {
      cancelled = true;
    };
  };

  /** The next wait the service starts, or the oldest one started and not yet handed out. */
  nextScheduled(): Promise<HeldTimer> {
    const waiting = this.unclaimed.shift();
    if (waiting !== undefined) return Promise.resolve(waiting);
    return new Promise((resolve) => this.claimants.push(resolve));
  }

  clear(): void {
    this.scheduled.length = 0;
    this.unclaimed.length = 0;
  }
}
