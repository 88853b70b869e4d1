/** The service's window as a runtime tells it to the others on its channel: what is left, and when it turns. */
export interface ServerWindow {
  remaining: number;
  resetAt: number;
}

/** When the window an answer spoke of began, at the earliest, and the round trip it took. */
export interface WindowTiming {
  /** The earliest moment the window may have begun: our sends since were counted in it. */
  readonly windowStart: number;
  readonly tripMs: number;
}

/**
 * The timing of this runtime's answers, beside the rate rule's count (which the rule keeps): when the window an
 * answer speaks of may have begun (for the header rule's count of our sends in it), the shortest round trip, and
 * when an answer last told the count (figures lapse in a quiet spell).
 */
export class AnswerTiming {
  /** Sends of ours up to this moment were counted in an earlier window of the service. */
  private countedUntil = -Infinity;
  private lastSentAt: number | undefined;
  private start = -Infinity;
  private lastHeardAt = -Infinity;
  private shortestTripMs = Infinity;

  constructor(private readonly windowMs: number) {}

  get roundTripMs(): number {
    return this.shortestTripMs;
  }

  /**
   * Our answer at `now` to the request sent at `sentAt`; `opened`: it is a new window's first. With a reset told
   * (written when the service counted the request, rounded up to a second) the window began no earlier than a second
   * before sentAt + reset − window; without one, our sends from this request on are counted in it.
   */
  answered(now: number, sentAt: number, resetSeconds: number | undefined, opened: boolean): WindowTiming {
    const tripMs = now - sentAt;
    this.lastHeardAt = now;
    this.shortestTripMs = Math.min(this.shortestTripMs, tripMs);
    // Everything sent up to the last request answered in the old window was counted there.
    if (opened && this.lastSentAt !== undefined) this.countedUntil = this.lastSentAt;
    this.lastSentAt = sentAt;
    if (resetSeconds !== undefined) this.start = now + resetSeconds * 1000 - this.windowMs - tripMs - 1000;
    // Without a reset the window began before this request arrived, when is not told: from its sending on, what
    // we count as ours is surely in it (what we sent before is taken as the others': the cautious side).
    else if (opened) this.start = sentAt;
    return { windowStart: Math.max(this.start, this.countedUntil + 1), tripMs };
  }

  /** The window turned at `at` (the rate rule saw its end pass): every send before it was counted in an old one. */
  turned(at: number): void {
    this.countedUntil = Math.max(this.countedUntil, at - 1);
  }

  /** A runtime on the channel told the window's count. */
  heard(now: number): void {
    this.lastHeardAt = now;
  }

  /**
   * The figures have lapsed: nothing heard for two round trips. Others may have opened and spent meanwhile, and any
   * runtime waking with us holds figures as old as ours.
   */
  lapsed(now: number): boolean {
    return now - this.lastHeardAt > 2 * this.shortestTripMs;
  }
}
