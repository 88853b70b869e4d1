import type { ResponseInfo } from "../options";

interface RateBudgetOptions {
  /** Requests per window before the service tells us its limit. */
  readonly limit: number;
  /** Length of the service's rate-limit window. */
  readonly windowMs: number;
  /** Slack added to every window edge, for clock and latency differences between us and the service. */
  readonly marginMs: number;
  /**
   * Requests sent before the first answer has told us the service's count. 1 (a probe) never trips the
   * limit even when this caller (by IP or key) spent budget elsewhere, at the cost of one round trip on
   * the first wave. @default 1
   */
  readonly openingBurst?: number;
}

/** What the service last told us about its window, corrected for what we sent since. */
interface ServerWindow {
  remaining: number;
  resetAt: number;
}

/** Two observations whose reset times differ by less than this belong to the same window (headers are whole seconds). */
const SAME_WINDOW_MS = 1500;

/**
 * The per-minute budget of the caller's tier. Two guards, both must agree before a request goes out:
 * - a sliding log of our own sends: never more than `limit` in any window-long interval, which also keeps
 *   any fixed window the service may use under its limit;
 * - the service's own count (`x-ratelimit-remaining`/`-reset`), which covers what other sessions from the
 *   same caller spent before us.
 * Until a response has told us the service's count, only a probe goes out (one request by default); the
 * same after the service was found down.
 */
export class RateBudget {
  private limitPerWindow: number;
  private learnedLimit = false;
  private readonly sends: number[] = [];
  private server: ServerWindow | undefined;
  private pausedUntil = 0;
  private probing = true;

  constructor(private readonly options: RateBudgetOptions) {
    this.limitPerWindow = options.limit;
  }

  get limit(): number {
    return this.limitPerWindow;
  }

  /** True once a response carried the service's limit. */
  get limitLearned(): boolean {
    return this.learnedLimit;
  }

  get windowMs(): number {
    return this.options.windowMs;
  }

  /** Milliseconds until the next request may go out: 0 now, Infinity when waiting for a response. */
  waitMs(now: number, inFlight: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.probing && inFlight > 0 && this.sends.length >= this.openingBurst()) return Infinity;
    this.prune(now);
    let wait = 0;
    const { windowMs, marginMs } = this.options;
    if (this.sends.length >= this.limitPerWindow) {
      const oldest = this.sends[this.sends.length - this.limitPerWindow] ?? now;
      wait = oldest + windowMs + marginMs - now;
    }
    if (this.server !== undefined) {
      if (now >= this.server.resetAt) this.server = undefined;
      else if (this.server.remaining <= 0) wait = Math.max(wait, this.server.resetAt - now);
    }
    return Math.max(0, wait);
  }

  /** How many requests could go out right now. */
  available(now: number): number {
    this.prune(now);
    if (now < this.pausedUntil) return 0;
    const local = this.limitPerWindow - this.sends.length;
    const server = this.server !== undefined && now < this.server.resetAt ? this.server.remaining : Infinity;
    return Math.max(0, Math.min(local, server));
  }

  /** A rough time until the request with `ahead` requests before it could go out; used to fail early. */
  estimateWaitMs(now: number, ahead: number): number {
    const free = this.available(now);
    const base = Math.max(0, this.pausedUntil - now);
    if (ahead < free) return base;
    const windows = Math.ceil((ahead - free + 1) / this.limitPerWindow);
    return base + windows * (this.options.windowMs + this.options.marginMs);
  }

  recordSend(now: number): void {
    this.sends.push(now);
    if (this.server !== undefined) this.server.remaining -= 1;
  }

  /**
   * Probes again: one request at a time until the service answers (after it was found down). Only an
   * answer ends probing, so a service that does not answer never has a flood of requests sent at it.
   */
  reprobe(): void {
    this.probing = true;
  }

  /** Before the first answer, at most this many requests go out (see `RateBudgetOptions.openingBurst`). */
  private openingBurst(): number {
    return Math.max(1, this.options.openingBurst ?? 1);
  }

  /** Learns the limit and the service's count from a response; `inFlight` includes the request answered. */
  observe(info: ResponseInfo, now: number, inFlight: number): void {
    this.probing = false;
    const rate = info.rateLimit;
    if (rate !== undefined && rate.limit > 0) {
      this.limitPerWindow = rate.limit;
      this.learnedLimit = true;
    }
    if (info.status === 429) {
      // A 429 says how long to wait in Retry-After (or, without it, the sender backs off); its window
      // figures only restate that the window is spent, and the next answer will report the new one.
      if (info.retryAfterSeconds !== undefined) this.pauseUntil(now + info.retryAfterSeconds * 1000 + this.options.marginMs);
      return;
    }
    if (rate?.resetSeconds !== undefined) this.observeWindow(rate.remaining, rate.resetSeconds, now, inFlight);
  }

  /** Holds every request until `until` (after a 429, everyone waits, not just the one refused). */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  get pausedUntilMs(): number {
    return this.pausedUntil;
  }

  private observeWindow(remaining: number, resetSeconds: number, now: number, inFlight: number): void {
    // Requests still in flight may not have reached the service yet: count them as spent.
    const estimate = remaining - Math.max(0, inFlight - 1);
    const resetAt = now + resetSeconds * 1000 + this.options.marginMs;
    const current = this.server;
    if (current === undefined || resetAt > current.resetAt + SAME_WINDOW_MS) {
      this.server = { remaining: estimate, resetAt };
    } else if (resetAt > current.resetAt - SAME_WINDOW_MS) {
      current.remaining = Math.min(current.remaining, estimate);
      current.resetAt = Math.max(current.resetAt, resetAt);
    }
  }

  private prune(now: number): void {
    const horizon = now - this.options.windowMs - this.options.marginMs;
    let drop = 0;
    while (drop < this.sends.length && (this.sends[drop] ?? Infinity) <= horizon) drop += 1;
    if (drop > 0) this.sends.splice(0, drop);
  }
}
