import type { RateLimitInfo, ResponseInfo } from "../options";
import { fairShares, type Claim } from "./fair-share";
import { HeaderRule, openingBurstOf } from "./header-rule";
import { PeerTally, SendLog } from "./send-log";

interface RateBudgetOptions {
  /** Requests per window before the service tells us its limit. */
  readonly limit: number;
  /** Length of the service's rate-limit window. */
  readonly windowMs: number;
  /** Slack added to every window edge, for clock and latency differences between us and the service. */
  readonly marginMs: number;
  /**
   * Requests sent in a window before its first answer has told us what is left of the budget.
   * @default openingBurstOf(limit): a twelfth (see header-rule.ts)
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

/** What a runtime tells a runtime that joins the channel. */
interface BudgetState {
  readonly sends: readonly number[];
  readonly server?: ServerWindow;
  readonly limit: number;
  readonly pausedUntil: number;
  readonly demand: number;
}

/** Two observations whose reset times differ by less than this belong to the same window (headers are whole seconds). */
const SAME_WINDOW_MS = 1500;
/** A limit above this is not a rate limit anyone means (a typo, a bug, a hostile answer): ignored. */
export const MAX_SANE_LIMIT = 100_000;
/** This runtime's name in the fair shares until a channel gives it one. */
const SELF = "self";
/** Runtimes counted on the channel at most; beyond it, a flood of made-up peers is ignored. */
const MAX_CHANNEL_PEERS = 64;

/**
 * The per-window budget of the caller's tier. A request goes out only when all of these agree:
 * - a sliding log of every send we know of (ours and other runtimes'): never more than `limit` in a window;
 * - the service's own count (`x-ratelimit-remaining`/`-reset`), less every send we know of since;
 * - the header rule (header-rule.ts): our fair share of what is left, against spenders we cannot hear;
 * - a fair share among the runtimes we hear on the channel (max-min, see fairShares).
 * Before a window's first answer only the opening burst goes out. A refresh that fits in our share goes in one
 * wave; only demand beyond it is paced over the time to the reset, while others share the budget.
 */
export class RateBudget {
  private limitPerWindow: number;
  private learnedLimit = false;
  private readonly own = new SendLog();
  private readonly peers: PeerTally;
  private readonly rule: HeaderRule;
  private server: ServerWindow | undefined;
  /** Since when no answer has told the window's count (the start, an outage, a window that reset). */
  private openingSince: number | undefined = -Infinity;
  private pausedUntil = 0;
  /** Connected to other runtimes and waiting (briefly) for them to tell the running budget. */
  private joining = false;
  private lastSendAt = -Infinity;
  /** The last answer with window figures: when its request left, and the window it was counted in. */
  private lastAnswer: { readonly sentAt: number; readonly resetAt: number } | undefined;
  /** Our sends up to this moment were counted in an earlier window of the service. */
  private windowFloor = -Infinity;
  private ownDemand = 0;
  private readonly demands = new Map<string, { queued: number; heardAt: number }>();
  private self = SELF;
  private port: BudgetPort | undefined;

  constructor(private readonly options: RateBudgetOptions) {
    this.limitPerWindow = options.limit;
    this.peers = new PeerTally(Math.max(1, options.windowMs / 600), MAX_CHANNEL_PEERS);
    this.rule = new HeaderRule(options.windowMs, () => this.openingBurst());
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

  /** The longest a peer's word may hold this budget: one window (with its margin). */
  get longestPeerWaitMs(): number {
    return this.options.windowMs + this.options.marginMs;
  }

  get pausedUntilMs(): number {
    return this.pausedUntil;
  }

  /** Peers spending the same budget that we cannot hear, as the headers show them. */
  unseenPeers(now: number): number {
    return this.rule.peers(now);
  }

  /**
   * Milliseconds until the next request may go out: 0 now, Infinity when waiting for a response or a peer.
   * `userQueued` of the `queued` are the user's own action (the taskpane's reads, a scoped refresh).
   */
  waitMs(now: number, queued = 1, userQueued = 0): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.joining) return Infinity; // the join timer or a runtime's answer pumps the scheduler
    this.prune(now);
    if (this.openingSince !== undefined && this.own.countSince(this.openingSince) >= this.openingBurst()) {
      // The burst is out: the next answer says what is left. If none is coming (nothing in flight), ask anyway.
      if (this.own.inFlight > 0) return Infinity;
    }
    const logWait = this.slidingLogWait(now);
    if (logWait > 0) return logWait;
    if (this.server !== undefined && this.server.remaining <= 0) return Math.max(1, this.server.resetAt - now);
    const channel = this.channelShare(now, queued);
    const share = Math.min(this.headerShare(now), channel);
    // One request alone, never the last that is left (a spender we cannot hear may need it), may go to measure
    // others' pace when the rule asks for it (see probeInMs); the runtimes we hear keep their fair shares.
    const probeIn =
      this.own.inFlight === 0 && channel >= 1 && (this.server?.remaining ?? 0) >= 2
        ? this.rule.probeInMs(now)
        : undefined;
    // The user's own small action goes at once within what the service says is left (two kept for others): a
    // trader who opens a detail does not wait on the guess of what machines we cannot hear might spend.
    if (userQueued > 0 && channel >= 1 && userQueued <= ((this.server?.remaining ?? 0) - 2) / 2) return 0;
    if (share < 1) return probeIn ?? this.nextChangeMs(now);
    if (queued <= share || this.unseenPeers(now) === 0) return 0;
    return Math.min(this.paceMs(now, share), probeIn ?? Infinity);
  }

  /** How many requests could go out right now (by the log and the service's count). */
  available(now: number): number {
    this.prune(now);
    if (now < this.pausedUntil) return 0;
    const local = this.limitPerWindow - this.own.count - this.peers.count;
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

  /** Records a send; returns its id for `settled`. */
  recordSend(now: number): number {
    const id = this.own.record(now);
    this.lastSendAt = now;
    if (this.server !== undefined) this.server.remaining -= 1;
    this.port?.spent(now);
    return id;
  }

  /** The request `id` has its answer (or failed): it is no longer in flight. */
  settled(id: number): void {
    this.own.settled(id);
  }

  /** Requests waiting in this runtime's queue. */
  get demand(): number {
    return this.ownDemand;
  }

  /** Requests waiting in this runtime's queue (its claim on the fair share). */
  setDemand(queued: number): void {
    if (queued === this.ownDemand) return;
    this.ownDemand = queued;
    this.port?.demand(queued);
  }

  /**
   * Opens again with the burst at most until the service answers (after it was found down). Only an answer ends
   * it, so a service that does not answer never has a flood of requests sent at it.
   */
  reprobe(now: number): void {
    this.openingSince ??= now;
  }

  /** Learns the limit and the service's count from a response. */
  observe(info: ResponseInfo, now: number): void {
    const rate = this.sane(info.rateLimit);
    if (rate !== undefined) {
      this.limitPerWindow = rate.limit;
      this.learnedLimit = true;
    }
    if (info.status === 429) {
      // A 429 says how long to wait in Retry-After (already clamped to one window by headerWaitSeconds), and
      // every runtime waits with us; without it the sender backs off. It tells nothing of the window that the
      // pause does not: the burst gate stays shut, so the window after it opens with a burst again.
      if (info.retryAfterSeconds !== undefined)
        this.pauseUntil(now + info.retryAfterSeconds * 1000 + this.options.marginMs);
      return;
    }
    this.openingSince = undefined; // an answer: what is left is known (or, without figures, nothing holds us back)
    if (rate?.resetSeconds === undefined) return;
    const sentAt = this.own.oldestInFlight() ?? now;
    const resetAt = now + rate.resetSeconds * 1000 + this.options.marginMs;
    const uncounted = this.own.uncounted();
    const remaining = rate.remaining;
    if (this.mergeWindow(remaining - uncounted, resetAt)) {
      // Everything sent up to the last request answered in the old window was counted there.
      if (this.lastAnswer !== undefined && this.lastAnswer.resetAt < resetAt - SAME_WINDOW_MS)
        this.windowFloor = this.lastAnswer.sentAt;
      this.rule.opened(now, now - sentAt);
    }
    this.lastAnswer = { sentAt, resetAt };
    // The reset is rounded up to a second, so the window began between a second before reset − window and then.
    const windowStartLatest = now + rate.resetSeconds * 1000 - this.options.windowMs;
    const windowStart = Math.max(windowStartLatest - 1000, this.windowFloor + 1);
    const countedOurs = Math.max(0, this.own.countSince(windowStart) - uncounted) + this.peers.countSince(windowStart);
    this.rule.observe({ limit: rate.limit, remaining, windowStart, windowStartLatest, now, countedOurs, sentAt });
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
  state(now: number): BudgetState {
    this.prune(now);
    const server = this.server !== undefined ? { server: { ...this.server } } : {};
    return {
      sends: [...this.own.all()],
      ...server,
      limit: this.limitPerWindow,
      pausedUntil: this.pausedUntil,
      demand: this.ownDemand,
    };
  }

  // What other runtimes tell (SharedBudget has validated and clamped every figure to one window from now).

  peerSpent(at: number, peer: string): void {
    if (!this.peers.add(peer, at)) return;
    if (this.server !== undefined && at < this.server.resetAt) this.server.remaining -= 1;
  }

  peerSeen(limit: number, window: ServerWindow, now: number): void {
    // A runtime's corrected count may be below zero (sends beyond what the service said was left): none left.
    const sane = this.sane({ limit, remaining: Math.max(0, window.remaining) });
    if (sane === undefined) return;
    // Our own answers are the authority on the limit; a peer's word only fills in what we have not learned.
    if (!this.learnedLimit) {
      this.limitPerWindow = sane.limit;
      this.learnedLimit = true;
    }
    this.openingSince = undefined;
    if (this.mergeWindow(Math.min(sane.remaining, this.limitPerWindow), window.resetAt)) this.rule.opened(now, 0);
  }

  peerPaused(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  peerDemand(peer: string, queued: number, now: number): void {
    if (queued > 0 && (this.demands.has(peer) || this.demands.size < MAX_CHANNEL_PEERS))
      this.demands.set(peer, { queued, heardAt: now });
    else if (queued <= 0) this.demands.delete(peer);
  }

  /** Any word from a runtime shows it is still there (its demand stays counted). */
  peerHeard(peer: string, now: number): void {
    const known = this.demands.get(peer);
    if (known !== undefined) known.heardAt = now;
  }

  peerGone(peer: string): void {
    this.demands.delete(peer);
    this.peers.forget(peer);
  }

  private openingBurst(): number {
    return this.options.openingBurst ?? openingBurstOf(this.limitPerWindow);
  }

  /** Hostile or broken figures: a limit beyond any tier is ignored, a remaining above the limit is the limit. */
  private sane(rate: RateLimitInfo | undefined): RateLimitInfo | undefined {
    if (rate === undefined || !(rate.limit > 0 && rate.limit <= MAX_SANE_LIMIT) || !(rate.remaining >= 0))
      return undefined;
    return { ...rate, remaining: Math.min(rate.remaining, rate.limit) };
  }

  /** Never more than `limit` sends we know of in any window-long interval. */
  private slidingLogWait(now: number): number {
    const known = this.own.count + this.peers.count;
    if (known < this.limitPerWindow) return 0;
    const times = [...this.own.all().map((at) => [at, 1] as const), ...this.peers.buckets()].sort(
      (a, b) => b[0] - a[0],
    );
    let seen = 0;
    for (const [at, count] of times) {
      seen += count;
      if (seen >= this.limitPerWindow) return Math.max(0, at + this.options.windowMs + this.options.marginMs - now);
    }
    return 0;
  }

  /** The header rule's share of what is left in the service's window (or, before an answer, of the local log's). */
  private headerShare(now: number): number {
    const remaining = this.server?.remaining ?? this.limitPerWindow - this.own.count - this.peers.count;
    const leftMs = this.server !== undefined ? this.server.resetAt - now : this.options.windowMs;
    return this.rule.usable(remaining, leftMs, this.limitPerWindow, now);
  }

  /** Our share spread over the time to the reset (a token bucket refilled from the headers). */
  private paceMs(now: number, share: number): number {
    const leftMs = this.server !== undefined ? this.server.resetAt - now : this.options.windowMs;
    return Math.max(0, this.lastSendAt + leftMs / share - now);
  }

  /** This runtime's fair share of what is free now, against every runtime that spent or waits in the window. */
  private channelShare(now: number, queued: number): number {
    const claims = new Map<string, Claim>([
      [this.self, { used: this.own.count, waiting: Math.max(queued, this.ownDemand) }],
    ]);
    for (const [peer, d] of this.demands) {
      // A runtime silent for two windows is gone (closed without a word).
      if (now - d.heardAt > 2 * this.options.windowMs) this.demands.delete(peer);
      else claims.set(peer, { used: this.peers.usedBy(peer), waiting: d.queued });
    }
    if (claims.size === 1) return Infinity;
    const turn = Math.floor(now / this.options.windowMs);
    return fairShares(this.available(now), claims, turn).get(this.self) ?? 0;
  }

  /** When the free slots next grow: the oldest known send leaves the window, or the service's window resets. */
  private nextChangeMs(now: number): number {
    const oldest = Math.min(this.own.all()[0] ?? Infinity, ...this.peers.buckets().map(([at]) => at));
    const expiry = Number.isFinite(oldest)
      ? oldest + this.options.windowMs + this.options.marginMs - now
      : this.options.windowMs;
    const reset = this.server !== undefined ? this.server.resetAt - now : Infinity;
    return Math.max(1, Math.min(expiry, reset));
  }

  /** Merges a reading of the service's window; true when it is the first of a new window. */
  private mergeWindow(estimate: number, resetAt: number): boolean {
    const current = this.server;
    if (current === undefined || resetAt > current.resetAt + SAME_WINDOW_MS) {
      // A new window of the service, even if we had not seen the last one end: its opening starts now.
      if (current !== undefined) this.rule.windowEnded();
      this.server = { remaining: estimate, resetAt };
      return true;
    }
    if (resetAt > current.resetAt - SAME_WINDOW_MS) {
      current.remaining = Math.min(current.remaining, estimate);
      current.resetAt = Math.max(current.resetAt, resetAt);
    }
    return false;
  }

  private prune(now: number): void {
    const horizon = now - this.options.windowMs - this.options.marginMs;
    this.own.prune(horizon);
    this.peers.prune(horizon);
    if (this.server !== undefined && now >= this.server.resetAt) {
      // A new window of the service: nothing is known of it until its first answer.
      this.openingSince = this.server.resetAt;
      this.server = undefined;
      this.rule.windowEnded();
    }
  }
}
