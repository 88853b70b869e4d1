import type { RateLimitInfo, ResponseInfo } from "../options";
import { ChannelClaims } from "./channel-claims";
import { HeaderRule, openingBurstOf } from "./header-rule";
import { PeerTally, SendLog } from "./send-log";
import { SendRounds } from "./send-rounds";
import { ServiceWindow, type ServerWindow, type WindowAnswer } from "./service-window";
import { WindowOpening, type Reopening } from "./window-opening";

export type { ServerWindow } from "./service-window";

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

/** A limit above this is not a rate limit anyone means (a typo, a bug, a hostile answer): ignored. */
export const MAX_SANE_LIMIT = 100_000;
/** Runtimes counted on the channel at most; beyond it, a flood of made-up peers is ignored. */
const MAX_CHANNEL_PEERS = 64;

/**
 * The per-window budget of the caller's tier. A request goes out only when all of these agree:
 * - a sliding log of every send we know of (ours and other runtimes'): never more than `limit` in a window;
 * - the service's own count (`x-ratelimit-remaining`/`-reset`), less every send we know of since;
 * - the header rule (header-rule.ts): our fair share of what is left, against spenders we cannot hear;
 * - a fair share among the runtimes we hear on the channel (max-min, see fairShares).
 * Before a window's first answer only the opening burst goes out, and again once its figures have lapsed in a
 * quiet spell (window-opening.ts). While others spend the budget unheard, what the rule allows goes in rounds: one
 * round's grant at once, the next on an answer that has counted what the others sent meanwhile (send-rounds.ts).
 */
export class RateBudget {
  private limitPerWindow: number;
  private learnedLimit = false;
  private readonly own = new SendLog();
  private readonly peers: PeerTally;
  private readonly rule: HeaderRule;
  /** While others spend the budget unheard: one round's grant at a time (send-rounds.ts). */
  private readonly rounds = new SendRounds();
  /** What we know of the service's window (ServiceWindow), from our answers and the channel's. */
  private readonly serviceWindow: ServiceWindow;
  /** Slow start: the opening burst while no answer has told the window's count (window-opening.ts). */
  private readonly opening: WindowOpening;
  private pausedUntil = 0;
  /** Connected to other runtimes and waiting (briefly) for them to tell the running budget. */
  private joining = false;
  private lastSendAt = -Infinity;
  private ownDemand = 0;
  private readonly channel: ChannelClaims;
  private port: BudgetPort | undefined;

  constructor(private readonly options: RateBudgetOptions) {
    this.limitPerWindow = options.limit;
    this.peers = new PeerTally(Math.max(1, options.windowMs / 600), MAX_CHANNEL_PEERS);
    this.channel = new ChannelClaims(options.windowMs, MAX_CHANNEL_PEERS);
    this.serviceWindow = new ServiceWindow(options.windowMs, options.marginMs);
    this.opening = new WindowOpening(() => this.tierBurst());
    this.rule = new HeaderRule(options.windowMs, () => this.tierBurst());
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

  /** The service's window as last told, corrected for every send heard of since (undefined: none known). */
  private get server(): ServerWindow | undefined {
    return this.serviceWindow.current;
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
    this.lapseIfQuiet(now);
    const openedAt = this.opening.openedAt;
    if (openedAt !== undefined && this.own.countSince(openedAt) >= this.opening.burst()) {
      // The burst is out: the next answer says what is left. If none is coming (nothing in flight), ask anyway.
      if (this.own.inFlight > 0) return Infinity;
    }
    const logWait = this.slidingLogWait(now);
    if (logWait > 0) return logWait;
    if (this.server !== undefined && this.server.remaining <= 0) return Math.max(1, this.server.resetAt - now);
    const channel = this.channelShare(now, queued);
    const share = Math.min(this.headerShare(now), channel);
    // The user's own small action goes at once within what the service says is left (two kept for others): a
    // trader who opens a detail does not wait on the guess of what machines we cannot hear might spend.
    if (userQueued > 0 && channel >= 1 && userQueued <= ((this.server?.remaining ?? 0) - 2) / 2) return 0;
    // In a window's opening burst, or in a round (see SendRounds), what the rule allows goes at once.
    if (share >= 1 && (this.opening.open || this.rounds.left >= 1)) return 0;
    // One request alone may go to open the next round, or to measure others' pace when the rule asks for it (see
    // probeInMs), when what is left lets every peer we reckon with do the same at once and still leaves one (a
    // spender we cannot hear may need it); the runtimes we hear keep their fair shares.
    const probeIn =
      this.own.inFlight === 0 && channel >= 1 && (this.server?.remaining ?? 0) >= this.unseenPeers(now) + 2
        ? earliest(this.rule.probeInMs(now), share >= 1 ? this.rounds.freshInMs(now, this.lastSendAt) : undefined)
        : undefined;
    return probeIn ?? this.nextChangeMs(now);
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
    this.rounds.sent();
    this.serviceWindow.spent();
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
    this.opening.reprobe(now);
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
    this.opening.told(); // an answer: what is left is known (or, without figures, nothing holds us back)
    if (rate?.resetSeconds !== undefined) this.readWindow({ ...rate, resetSeconds: rate.resetSeconds }, now);
  }

  /** An answer's window figures: merged into what we know of the service's window, and read by the header rule. */
  private readWindow(rate: RateLimitInfo & { readonly resetSeconds: number }, now: number): void {
    const uncounted = this.own.uncounted();
    const reopened = this.opening.answered();
    const left = { remaining: rate.remaining - uncounted, resetSeconds: rate.resetSeconds };
    const answer = this.serviceWindow.answered(now, this.own.oldestInFlight() ?? now, left, reopened !== undefined);
    if (answer.opened) {
      if (reopened === undefined) this.windowBegan();
      this.rule.opened(now, answer.tripMs);
    }
    const since = answer.windowStart;
    const countedOurs = Math.max(0, this.own.countSince(since) - uncounted) + this.peers.countSince(since);
    const { sentAt } = answer;
    const roundTripMs = this.serviceWindow.roundTripMs;
    this.rule.observe({
      limit: rate.limit,
      remaining: rate.remaining,
      windowStart: since,
      now,
      countedOurs,
      sentAt,
      roundTripMs,
    });
    this.openRounds(answer, reopened, now);
    if (this.server !== undefined) this.port?.seen(this.limitPerWindow, { ...this.server });
  }

  /**
   * After an answer: others' bursts sent with ours may not have reached the service yet, so no round before an
   * answer has counted them (unless we opened again after a quiet spell and nobody else has spent since); then a
   * round opens on every fresh answer (SendRounds).
   */
  private openRounds(answer: WindowAnswer, reopened: Reopening | undefined, now: number): void {
    const othersSpent = this.rule.othersSpent(now);
    if (answer.opened && othersSpent > 0 && (reopened === undefined || othersSpent > reopened.othersSpent))
      this.rounds.opened(now, answer.tripMs);
    this.rounds.answered(answer.sentAt, now, () => this.roundGrant(now, answer.windowStart));
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
    this.channel.named(self);
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
    this.serviceWindow.peerSpent(at);
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
    this.opening.told();
    const told = { remaining: Math.min(sane.remaining, this.limitPerWindow), resetAt: window.resetAt };
    if (this.serviceWindow.peerSeen(told, now)) {
      this.windowBegan();
      this.rule.opened(now, 0);
    }
  }

  peerPaused(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  peerDemand(peer: string, queued: number, now: number): void {
    this.channel.demand(peer, queued, now);
  }

  /** Any word from a runtime shows it is still there (its demand stays counted). */
  peerHeard(peer: string, now: number): void {
    this.channel.heard(peer, now);
  }

  peerGone(peer: string): void {
    this.channel.gone(peer);
    this.peers.forget(peer);
  }

  /** A window's opening burst at the tier's limit (what a runtime opening in it sends first). */
  private tierBurst(): number {
    return this.options.openingBurst ?? openingBurstOf(this.limitPerWindow);
  }

  /** Hostile or broken figures: a limit beyond any tier is ignored, a remaining above the limit is the limit. */
  private sane(rate: RateLimitInfo | undefined): RateLimitInfo | undefined {
    if (rate === undefined || !(rate.limit > 0 && rate.limit <= MAX_SANE_LIMIT) || !(rate.remaining >= 0))
      return undefined;
    return { ...rate, remaining: Math.min(rate.remaining, rate.limit) };
  }

  /**
   * What a round may send: the rule's share; while others are seen, at most twice what we sent in this window so
   * far (a burst at least), so that a count of peers guessed from a few requests cannot hand one runtime a wave
   * far beyond its share (slow start). Alone, a first screen goes in the round after the burst.
   */
  private roundGrant(now: number, windowStart: number): number {
    const share = this.headerShare(now);
    if (this.unseenPeers(now) === 0) return share;
    return Math.min(share, Math.max(this.opening.burst(), 2 * this.own.countSince(windowStart)));
  }

  /**
   * Headers go stale. After a quiet spell (nothing in flight, no answer for two round trips) others may have
   * opened and spent unseen, and every runtime that wakes with us (a desk recalculating at once) holds figures as
   * old as ours: were each to send what those figures leave, together they would send it several times over. So
   * the next sends open the window again, as a new one: a burst, then the rest on its first answer.
   */
  private lapseIfQuiet(now: number): void {
    if (this.opening.open || this.own.inFlight > 0 || !this.serviceWindow.lapsed(now)) return;
    this.opening.reopen(now, this.rule.othersSpent(now), this.server?.remaining ?? 0);
    this.rule.windowEnded(); // what the last opening held aside was for waves long answered
    this.rounds.reset();
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

  /** This runtime's fair share of what is free now, against every runtime on the channel that spent or waits. */
  private channelShare(now: number, queued: number): number {
    const own = { used: this.own.count, waiting: Math.max(queued, this.ownDemand) };
    return this.channel.share(now, this.available(now), own, (peer) => this.peers.usedBy(peer));
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

  /** A new window of the service: what the last one's opening, rounds and reopening held says nothing of it. */
  private windowBegan(): void {
    this.rule.windowEnded();
    this.rounds.reset();
    this.opening.began();
  }

  private prune(now: number): void {
    const horizon = now - this.options.windowMs - this.options.marginMs;
    this.own.prune(horizon);
    this.peers.prune(horizon);
    const resetAt = this.serviceWindow.expire(now);
    if (resetAt === undefined) return;
    // A new window of the service: nothing is known of it until its first answer.
    this.opening.reset(resetAt);
    this.rule.windowEnded();
    this.rounds.reset();
  }
}

/** The sooner of two waits, either of which may be absent. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
