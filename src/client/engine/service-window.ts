/** Two observations whose reset times differ by less than this belong to the same window (headers are whole seconds). */
const SAME_WINDOW_MS = 1500;

/** The service's window as last told (by us or another runtime), corrected for every send we heard of since. */
export interface ServerWindow {
  remaining: number;
  resetAt: number;
}

/** What an answer of ours told of the service's window. */
export interface WindowAnswer {
  /** It was the first answer of a new window of the service. */
  readonly opened: boolean;
  /** The earliest moment the window may have begun: our sends since were counted in it. */
  readonly windowStart: number;
  /** When the request it answers left (the oldest in flight), and how long ago. */
  readonly sentAt: number;
  readonly tripMs: number;
}

/**
 * What this runtime knows of the service's current rate-limit window, from the `X-RateLimit-*` headers of its own
 * answers and of its channel's: what is left until when, from when our sends count in it, and how fresh that is.
 * The service writes a request's count and reset (rounded up to a second) when it counts it, which is between its
 * send and its answer.
 */
export class ServiceWindow {
  private known: ServerWindow | undefined;
  /** The last answer with window figures: when its request left, and the window it was counted in. */
  private lastAnswer: { readonly sentAt: number; readonly resetAt: number } | undefined;
  /** Our sends up to this moment were counted in an earlier window of the service. */
  private floor = -Infinity;
  /** When an answer (ours or a runtime's on the channel) last told the window's count. */
  private lastHeardAt = -Infinity;
  /** The shortest round trip seen. */
  private shortestTripMs = Infinity;

  constructor(
    private readonly windowMs: number,
    private readonly marginMs: number,
  ) {}

  get current(): ServerWindow | undefined {
    return this.known;
  }

  get roundTripMs(): number {
    return this.shortestTripMs;
  }

  /** A send of ours: one less is left. */
  spent(): void {
    if (this.known !== undefined) this.known.remaining -= 1;
  }

  /** A send of a runtime on the channel at `at`: one less is left, if it falls in this window. */
  peerSpent(at: number): void {
    if (this.known !== undefined && at < this.known.resetAt) this.known.remaining -= 1;
  }

  /** A runtime on the channel told the window's count at `now`; true when it is the first of a new window. */
  peerSeen(window: ServerWindow, now: number): boolean {
    this.lastHeardAt = now;
    return this.merge(window.remaining, window.resetAt);
  }

  /**
   * Our answer at `now` to requests in flight since `sentAt`, `uncounted` of which the service had not counted,
   * told `remaining` until a reset `resetSeconds` away; `opening` reads it as a window's first answer whatever its
   * reset says (the window was opened again after a quiet spell).
   */
  answered(
    now: number,
    sentAt: number,
    rate: { remaining: number; resetSeconds: number },
    opening: boolean,
  ): WindowAnswer {
    const tripMs = now - sentAt;
    const resetAt = now + rate.resetSeconds * 1000 + this.marginMs;
    this.lastHeardAt = now;
    this.shortestTripMs = Math.min(this.shortestTripMs, tripMs);
    const opened = this.merge(rate.remaining, resetAt) || opening;
    // Everything sent up to the last request answered in the old window was counted there.
    if (opened && this.lastAnswer !== undefined && this.lastAnswer.resetAt < resetAt - SAME_WINDOW_MS)
      this.floor = this.lastAnswer.sentAt;
    this.lastAnswer = { sentAt, resetAt };
    // The reset was written between sentAt and now, rounded up to a second: so the window began no earlier than a
    // second before sentAt + reset − window.
    const earliest = now + rate.resetSeconds * 1000 - this.windowMs - tripMs - 1000;
    return { opened, windowStart: Math.max(earliest, this.floor + 1), sentAt, tripMs };
  }

  /**
   * The figures have lapsed: nothing heard for two round trips. Others may have opened and spent meanwhile, and
   * any runtime waking with us holds figures as old as ours.
   */
  lapsed(now: number): boolean {
    return this.known !== undefined && now - this.lastHeardAt > 2 * this.shortestTripMs;
  }

  /** The window has reset by `now`: its figures are forgotten; returns when it reset (undefined if it has not). */
  expire(now: number): number | undefined {
    if (this.known === undefined || now < this.known.resetAt) return undefined;
    const resetAt = this.known.resetAt;
    this.known = undefined;
    return resetAt;
  }

  /** Merges a reading of the window; true when it is the first of a new window (even if the last end was unseen). */
  private merge(estimate: number, resetAt: number): boolean {
    const current = this.known;
    if (current === undefined || resetAt > current.resetAt + SAME_WINDOW_MS) {
      this.known = { remaining: estimate, resetAt };
      return true;
    }
    if (resetAt > current.resetAt - SAME_WINDOW_MS) {
      current.remaining = Math.min(current.remaining, estimate);
      current.resetAt = Math.max(current.resetAt, resetAt);
    }
    return false;
  }
}
