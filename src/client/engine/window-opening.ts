import { openingBurstOf } from "./header-rule";

/** Figures that lapsed (a quiet spell): how much others had spent in the window when the window opened again. */
export interface Reopening {
  readonly othersSpent: number;
}

/**
 * Slow start, per window of the service: while no answer has told the window's count (the start, a window that
 * reset, a service found down, figures gone stale in a quiet spell), only the opening burst goes out.
 */
export class WindowOpening {
  /** Since when no answer has told the window's count; undefined once one has. */
  private since: number | undefined = -Infinity;
  private reopening: Reopening | undefined;
  /** What the window had left, as last told, when it was opened again (our burst is sized from it). */
  private reopenedWith: number | undefined;

  /** `tierBurst` is the opening burst at the tier's limit (header-rule.ts). */
  constructor(private readonly tierBurst: () => number) {}

  /** No answer has told the window's count since it opened: the burst gate holds. */
  get open(): boolean {
    return this.since !== undefined;
  }

  /** When the window opened (undefined: it is not opening). */
  get openedAt(): number | undefined {
    return this.since;
  }

  /** Our opening burst: opened again within a window, a twelfth of what it had left, as a new one's is of it all. */
  burst(): number {
    const burst = this.tierBurst();
    return this.reopenedWith === undefined ? burst : Math.min(burst, openingBurstOf(this.reopenedWith));
  }

  /** An answer (ours or the channel's) told the window's count. */
  told(): void {
    this.since = undefined;
  }

  /** Our answer with figures: the reopening it ends, if the window was opened again after a quiet spell. */
  answered(): Reopening | undefined {
    const reopening = this.reopening;
    this.reopening = undefined;
    return reopening;
  }

  /** The service was found down: the burst at most until it answers. */
  reprobe(now: number): void {
    this.since ??= now;
  }

  /** The service's window reset at `resetAt`: nothing is known of the new one until its first answer. */
  reset(resetAt: number): void {
    this.since = resetAt;
    this.began();
  }

  /** A new window of the service began. */
  began(): void {
    this.reopenedWith = undefined;
  }

  /** The figures lapsed in a quiet spell, with `remaining` left as last told: the window opens again at `now`. */
  reopen(now: number, othersSpent: number, remaining: number): void {
    this.since = now;
    this.reopening = { othersSpent };
    this.reopenedWith = Math.max(0, remaining);
  }
}
