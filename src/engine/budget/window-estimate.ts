import type { RateLimitInfo } from "@index-data/wire";
import type { PeerRegistry } from "./peer-registry";
import { SendLog } from "./send-log";
import { ServiceWindow, type ServerWindow, type WindowAnswer } from "./service-window";

/** A limit above this is not a rate limit anyone means (a typo, a bug, a hostile answer): ignored. */
export const MAX_SANE_LIMIT = 100_000;

interface WindowEstimateOptions {
  /** Requests per window before the service tells us its limit. */
  readonly limit: number;
  readonly windowMs: number;
  /** Slack added to every window edge, for clock and latency differences between us and the service. */
  readonly marginMs: number;
}

/** An answer's figures as the estimate read them: the window it tells of, and how many of its sends were ours. */
export interface ReadAnswer {
  readonly answer: WindowAnswer;
  /** Sends we know of (ours and the peers') that the service had counted when it answered. */
  readonly countedOurs: number;
}

/**
 * What we know of the service's window: its limit, every send we know of (our log and the peers' tally), the
 * service's own count corrected for the sends since (ServiceWindow), and the pause everyone waits out after a 429.
 * It decides nothing about pace (see Pacer); it only answers what the figures allow.
 */
export class WindowEstimate {
  private limitPerWindow: number;
  private learnedLimit = false;
  private pausedUntil = 0;
  /** Our own sends in the window, with those still in flight. */
  readonly own = new SendLog();
  private readonly service: ServiceWindow;

  constructor(
    private readonly options: WindowEstimateOptions,
    private readonly peers: PeerRegistry,
  ) {
    this.limitPerWindow = options.limit;
    this.service = new ServiceWindow(options.windowMs, options.marginMs);
  }

  get limit(): number {
    return this.limitPerWindow;
  }

  get limitLearned(): boolean {
    return this.learnedLimit;
  }

  get pausedUntilMs(): number {
    return this.pausedUntil;
  }

  /** The service's window as last told, corrected for every send heard of since (undefined: none known). */
  get server(): ServerWindow | undefined {
    return this.service.current;
  }

  /** The measured round trip of our requests. */
  get roundTripMs(): number {
    return this.service.roundTripMs;
  }

  /** A window and its margin: how long a send stays counted. */
  get spanMs(): number {
    return this.options.windowMs + this.options.marginMs;
  }

  /** Learns the limit from an answer's sane figures (see sane); returns them. */
  learn(rate: RateLimitInfo | undefined): RateLimitInfo | undefined {
    const sane = this.sane(rate);
    if (sane !== undefined) {
      this.limitPerWindow = sane.limit;
      this.learnedLimit = true;
    }
    return sane;
  }

  /** Extends the pause to `until`; false when it already held that long. */
  pause(until: number): boolean {
    if (until <= this.pausedUntil) return false;
    this.pausedUntil = until;
    return true;
  }

  /** Another runtime's pause: waited out with it, not told again. */
  peerPaused(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  /** Records one of our sends; returns its id for `settled`. */
  recordSend(now: number): number {
    const id = this.own.record(now);
    this.service.spent();
    return id;
  }

  /** A peer's send, once the registry counted it, is one the service's count has not shown yet. */
  peerSpent(at: number): void {
    this.service.peerSpent(at);
  }

  /**
   * An answer's window figures merged into what we know of the service's window. `reopened`: we opened the
   * window again after a quiet spell (window-opening.ts).
   */
  answered(now: number, rate: RateLimitInfo & { readonly resetSeconds: number }, reopened: boolean): ReadAnswer {
    const uncounted = this.own.uncounted();
    const left = { remaining: rate.remaining - uncounted, resetSeconds: rate.resetSeconds };
    const answer = this.service.answered(now, this.own.oldestInFlight() ?? now, left, reopened);
    const since = answer.windowStart;
    const countedOurs = Math.max(0, this.own.countSince(since) - uncounted) + this.peers.countSince(since);
    return { answer, countedOurs };
  }

  /**
   * A peer's word on the limit and the service's window: fills in the limit if no answer of ours told it, then
   * the window; true when it tells of a new window. False with nothing learned when the figures are not sane.
   */
  peerSeen(limit: number, window: ServerWindow, now: number): { readonly sane: boolean; readonly began: boolean } {
    // A runtime's corrected count may be below zero (sends beyond what the service said was left): none left.
    const sane = this.sane({ limit, remaining: Math.max(0, window.remaining) });
    if (sane === undefined) return { sane: false, began: false };
    // Our own answers are the authority on the limit; a peer's word only fills in what we have not learned.
    if (!this.learnedLimit) {
      this.limitPerWindow = sane.limit;
      this.learnedLimit = true;
    }
    const told = { remaining: Math.min(sane.remaining, this.limitPerWindow), resetAt: window.resetAt };
    return { sane: true, began: this.service.peerSeen(told, now) };
  }

  /** True after a quiet spell long enough for the figures to have lapsed (see ServiceWindow.lapsed). */
  lapsed(now: number): boolean {
    return this.service.lapsed(now);
  }

  /** How many requests could go out right now (by the log and the service's count); prune first. */
  available(now: number): number {
    if (now < this.pausedUntil) return 0;
    const local = this.limitPerWindow - this.own.count - this.peers.count;
    const server = this.server !== undefined ? this.server.remaining : Infinity;
    return Math.max(0, Math.min(local, server));
  }

  /** What is left of the window and how long it still runs: the service's word, or before it the local log's. */
  left(now: number): { readonly remaining: number; readonly leftMs: number } {
    const server = this.server;
    const remaining = server?.remaining ?? this.limitPerWindow - this.own.count - this.peers.count;
    return { remaining, leftMs: server !== undefined ? server.resetAt - now : this.options.windowMs };
  }

  /** Never more than `limit` sends we know of in any window-long interval: the wait until one more may go. */
  slidingLogWait(now: number): number {
    const known = this.own.count + this.peers.count;
    if (known < this.limitPerWindow) return 0;
    const times = [...this.own.all().map((at) => [at, 1] as const), ...this.peers.buckets()].sort(
      (a, b) => b[0] - a[0],
    );
    let seen = 0;
    for (const [at, count] of times) {
      seen += count;
      if (seen >= this.limitPerWindow) return Math.max(0, at + this.spanMs - now);
    }
    return 0;
  }

  /** When the free slots next grow: the oldest known send leaves the window, or the service's window resets. */
  nextChangeMs(now: number): number {
    const oldest = Math.min(this.own.all()[0] ?? Infinity, ...this.peers.buckets().map(([at]) => at));
    const expiry = Number.isFinite(oldest) ? oldest + this.spanMs - now : this.options.windowMs;
    const reset = this.server !== undefined ? this.server.resetAt - now : Infinity;
    return Math.max(1, Math.min(expiry, reset));
  }

  /** Forgets sends older than a window; returns when the service's window reset, if it has just ended. */
  prune(now: number): number | undefined {
    const horizon = now - this.spanMs;
    this.own.prune(horizon);
    this.peers.prune(horizon);
    return this.service.expire(now);
  }

  /** Hostile or broken figures: a limit beyond any tier is ignored, a remaining above the limit is the limit. */
  private sane(rate: RateLimitInfo | undefined): RateLimitInfo | undefined {
    if (rate === undefined || !(rate.limit > 0 && rate.limit <= MAX_SANE_LIMIT) || !(rate.remaining >= 0))
      return undefined;
    return { ...rate, remaining: Math.min(rate.remaining, rate.limit) };
  }
}
