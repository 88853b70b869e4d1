import type { RateLimitInfo, ResponseInfo } from "../options";
import { fairShares, type Claim } from "./fair-share";

interface RateBudgetOptions {
  /** Requests per window before the service tells us its limit. */
  readonly limit: number;
  /** Length of the service's rate-limit window. */
  readonly windowMs: number;
  /** Slack added to every window edge, for clock and latency differences between us and the service. */
  readonly marginMs: number;
  /**
   * Requests sent before the first answer (ours or another runtime's) has told us what is left of the budget.
   * @default a sixth of `limit` (at least 1): the same caller may have spent five sixths elsewhere without a 429
   */
  readonly openingBurst?: number;
}

/** The service's window as last told (by us or another runtime), corrected for every send we heard of since. */
export interface ServerWindow {
  remaining: number;
  resetAt: number;
}

/** What this budget tells the other runtimes sharing it (see SharedBudget); nothing of it costs a request. */
export interface BudgetPort {
  spent(at: number): void;
  seen(limit: number, window: ServerWindow): void;
  paused(until: number): void;
  demand(queued: number): void;
}

/** Two observations whose reset times differ by less than this belong to the same window (headers are whole seconds). */
const SAME_WINDOW_MS = 1500;
/** A limit above this is not a rate limit anyone means (a typo, a bug, a hostile answer): ignored. */
const MAX_SANE_LIMIT = 100_000;
/** This runtime's name in the fair shares until a channel gives it one. */
const SELF = "self";

/**
 * The per-window budget of the caller's tier, shared by every runtime of the add-in on the machine. A request
 * goes out only when all of these agree:
 * - a sliding log of every send we know of (ours and other runtimes'): never more than `limit` in a window;
 * - the service's own count (`x-ratelimit-remaining`/`-reset`, ours or another runtime's), less every send since;
 * - the header rule: when the service's count falls faster than the sends we know of, someone else spends the
 *   same budget; their pace is reserved until the reset, and what is left is spread evenly (paced, no burst);
 * - a fair share among the runtimes that have requests waiting (max-min, see fairShares).
 * Until an answer has told us the service's count, only the opening burst goes out; the same after an outage.
 */
export class RateBudget {
  private limitPerWindow: number;
  private learnedLimit = false;
  private readonly sends: number[] = [];
  private readonly peerSends: Array<{ readonly at: number; readonly peer: string }> = [];
  private server: ServerWindow | undefined;
  /** Others (not runtimes we hear from) spending the same budget: their pace, their count in a window, when seen. */
  private foreign: { perMs: number; count: number; seenAt: number } | undefined;
  private pausedUntil = 0;
  private probing = true;
  /** Connected to other runtimes and waiting (briefly) for them to tell the running budget. */
  private joining = false;
  private lastSendAt = -Infinity;
  private ownDemand = 0;
  private readonly demands = new Map<string, { queued: number; heardAt: number }>();
  private self = SELF;
  private port: BudgetPort | undefined;

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

  get pausedUntilMs(): number {
    return this.pausedUntil;
  }

  /** Milliseconds until the next request may go out: 0 now, Infinity when waiting for a response or a peer. */
  waitMs(now: number, inFlight: number, queued = 1): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.joining) return Infinity; // the join timer or a runtime's answer pumps the scheduler
    if (this.probing && inFlight > 0 && this.sends.length >= this.openingBurst()) return Infinity;
    this.prune(now);
    let wait = 0;
    const known = this.knownSends();
    if (known.length >= this.limitPerWindow) {
      const oldest = known[known.length - this.limitPerWindow] ?? now;
      wait = oldest + this.options.windowMs + this.options.marginMs - now;
    }
    if (this.server !== undefined && this.server.remaining <= 0) wait = Math.max(wait, this.server.resetAt - now);
    if (wait > 0) return wait;
    const pace = this.paceMs(now);
    if (pace > 0) return pace;
    return this.myShare(now, queued) >= 1 ? 0 : this.nextChangeMs(now);
  }

  /** How many requests could go out right now (by the log and the service's count). */
  available(now: number): number {
    this.prune(now);
    if (now < this.pausedUntil) return 0;
    const local = this.limitPerWindow - this.sends.length - this.peerSends.length;
    const server = this.server !== undefined ? this.server.remaining : Infinity;
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
    this.lastSendAt = now;
    if (this.server !== undefined) this.server.remaining -= 1;
    this.port?.spent(now);
  }

  /** Requests waiting in this runtime's queue (its claim on the fair share). */
  setDemand(queued: number): void {
    if (queued === this.ownDemand) return;
    this.ownDemand = queued;
    this.port?.demand(queued);
  }

  /**
   * Probes again: the opening burst at most until the service answers (after it was found down). Only an
   * answer ends probing, so a service that does not answer never has a flood of requests sent at it.
   */
  reprobe(): void {
    this.probing = true;
  }

  /** Learns the limit and the service's count from a response; `inFlight` includes the request answered. */
  observe(info: ResponseInfo, now: number, inFlight: number): void {
    this.probing = false;
    const rate = this.sane(info.rateLimit);
    if (rate !== undefined) {
      this.limitPerWindow = rate.limit;
      this.learnedLimit = true;
    }
    if (info.status === 429) {
      // A 429 says how long to wait in Retry-After (already clamped to one window by headerWaitSeconds), and
      // every runtime waits with us; without it the sender backs off. Its window figures only restate that
      // the window is spent, and the next answer will report the new one.
      if (info.retryAfterSeconds !== undefined) this.pauseUntil(now + info.retryAfterSeconds * 1000 + this.options.marginMs);
      return;
    }
    if (rate?.resetSeconds === undefined) return;
    const resetAt = now + rate.resetSeconds * 1000 + this.options.marginMs;
    this.noteForeign(rate, resetAt, now);
    this.mergeWindow(rate.remaining - Math.max(0, inFlight - 1), resetAt);
    if (this.server !== undefined) this.port?.seen(this.limitPerWindow, { ...this.server });
  }

  /** Holds every request until `until` (after a 429 everyone waits, every runtime too: the budget is the caller's). */
  pauseUntil(until: number): void {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    this.port?.paused(until);
  }

  /** Connects the budget to the other runtimes: `self` names this one in the fair shares. */
  share(port: BudgetPort, self: string): void {
    this.port = port;
    this.self = self;
    this.joining = true;
  }

  /** A runtime answered our hello: what it told is all we need, so no more waiting to join. */
  joined(): void {
    this.joining = false;
  }

  /** What this runtime tells a runtime that joins: its sends in the window, the service's count, its demand. */
  state(now: number): { sends: number[]; server?: ServerWindow; limit: number; pausedUntil: number; demand: number } {
    this.prune(now);
    const server = this.server !== undefined ? { server: { ...this.server } } : {};
    return { sends: [...this.sends], ...server, limit: this.limitPerWindow, pausedUntil: this.pausedUntil, demand: this.ownDemand };
  }

  peerSpent(at: number, peer: string): void {
    this.peerSends.push({ at, peer });
    this.peerSends.sort((a, b) => a.at - b.at);
    if (this.server !== undefined && at < this.server.resetAt) this.server.remaining -= 1;
  }

  peerSeen(limit: number, window: ServerWindow): void {
    // A runtime's corrected count may be below zero (sends beyond what the service said was left): none left.
    const sane = this.sane({ limit, remaining: Math.max(0, window.remaining) });
    if (sane === undefined) return;
    this.limitPerWindow = sane.limit;
    this.learnedLimit = true;
    this.probing = false;
    this.mergeWindow(sane.remaining, window.resetAt);
  }

  peerPaused(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  peerDemand(peer: string, queued: number, now: number): void {
    if (queued > 0) this.demands.set(peer, { queued, heardAt: now });
    else this.demands.delete(peer);
  }

  /** Any word from a runtime shows it is still there (its demand stays counted). */
  peerHeard(peer: string, now: number): void {
    const known = this.demands.get(peer);
    if (known !== undefined) known.heardAt = now;
  }

  peerGone(peer: string): void {
    this.demands.delete(peer);
  }

  private openingBurst(): number {
    return Math.max(1, this.options.openingBurst ?? Math.floor(this.limitPerWindow / 6));
  }

  /** Hostile or broken figures: a limit beyond any tier is ignored, a remaining above the limit is the limit. */
  private sane(rate: RateLimitInfo | undefined): RateLimitInfo | undefined {
    if (rate === undefined || !(rate.limit > 0 && rate.limit <= MAX_SANE_LIMIT) || !(rate.remaining >= 0)) return undefined;
    return { ...rate, remaining: Math.min(rate.remaining, rate.limit) };
  }

  /**
   * The header rule: what the service counted in its window beyond every send we know of (ours, in flight
   * included, and other runtimes') was spent by someone else. A lower bound (sends in flight may not be counted
   * yet); its pace carries into the next window, since whoever spends is likely still at it, until an answer a
   * quarter of a window in shows nothing foreign.
   */
  private noteForeign(rate: RateLimitInfo, resetAt: number, now: number): void {
    // The reset is in whole seconds, rounded up: the window may have started up to a second earlier.
    const windowStart = resetAt - this.options.windowMs - this.options.marginMs - 1000;
    const known = this.knownSends().filter((at) => at >= windowStart).length;
    const others = rate.limit - rate.remaining - known;
    const elapsed = now - windowStart;
    if (others > 0) this.foreign = { perMs: others / Math.max(this.options.windowMs / 4, elapsed), count: others, seenAt: now };
    else if (elapsed >= this.options.windowMs / 4) this.foreign = undefined;
  }

  /**
   * While someone else spends the budget: reserve their pace until the reset, and spread what is left evenly
   * over the time to it (a token bucket refilled from the headers), instead of bursting into their share.
   */
  private paceMs(now: number): number {
    const foreign = this.foreign;
    // Seen more than two windows ago: whoever it was has not shown up since (our answers would have said).
    if (foreign === undefined || now - foreign.seenAt > 2 * this.options.windowMs) return 0;
    const left = this.server !== undefined ? this.server.resetAt - now : this.options.windowMs;
    // Their pace until the reset, but never more than they spent in a whole window.
    const usable = this.available(now) - Math.min(foreign.count, Math.ceil(foreign.perMs * left));
    if (usable <= 0) return Math.max(1, Math.min(left, this.options.windowMs / 10));
    return Math.max(0, this.lastSendAt + left / usable - now);
  }

  /** This runtime's fair share of what is free now, against every runtime that spent or waits in the window. */
  private myShare(now: number, queued: number): number {
    const used = new Map<string, number>();
    for (const send of this.peerSends) used.set(send.peer, (used.get(send.peer) ?? 0) + 1);
    const claims = new Map<string, Claim>([[this.self, { used: this.sends.length, waiting: Math.max(queued, this.ownDemand) }]]);
    for (const [peer, d] of this.demands) {
      // A runtime silent for two windows is gone (closed without a word).
      if (now - d.heardAt > 2 * this.options.windowMs) this.demands.delete(peer);
      else claims.set(peer, { used: used.get(peer) ?? 0, waiting: d.queued });
    }
    if (claims.size === 1) return Infinity;
    const turn = Math.floor(now / this.options.windowMs);
    return fairShares(this.available(now), claims, turn).get(this.self) ?? 0;
  }

  /** When the free slots next grow: the oldest known send leaves the window, or the service's window resets. */
  private nextChangeMs(now: number): number {
    const oldest = this.knownSends()[0];
    const expiry = oldest !== undefined ? oldest + this.options.windowMs + this.options.marginMs - now : this.options.windowMs;
    const reset = this.server !== undefined ? this.server.resetAt - now : Infinity;
    return Math.max(1, Math.min(expiry, reset));
  }

  private mergeWindow(estimate: number, resetAt: number): void {
    const current = this.server;
    if (current === undefined || resetAt > current.resetAt + SAME_WINDOW_MS) {
      this.server = { remaining: estimate, resetAt };
    } else if (resetAt > current.resetAt - SAME_WINDOW_MS) {
      current.remaining = Math.min(current.remaining, estimate);
      current.resetAt = Math.max(current.resetAt, resetAt);
    }
  }

  private knownSends(): number[] {
    if (this.peerSends.length === 0) return this.sends;
    return [...this.sends, ...this.peerSends.map((send) => send.at)].sort((a, b) => a - b);
  }

  private prune(now: number): void {
    const horizon = now - this.options.windowMs - this.options.marginMs;
    let drop = 0;
    while (drop < this.sends.length && (this.sends[drop] ?? Infinity) <= horizon) drop += 1;
    if (drop > 0) this.sends.splice(0, drop);
    drop = 0;
    while (drop < this.peerSends.length && (this.peerSends[drop]?.at ?? Infinity) <= horizon) drop += 1;
    if (drop > 0) this.peerSends.splice(0, drop);
    if (this.server !== undefined && now >= this.server.resetAt) this.server = undefined;
  }
}
