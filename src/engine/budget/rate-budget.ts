import type { ResponseInfo } from "@index-data/wire";
import { openingBurstOf } from "./header-rule";
import { Pacer } from "./pacer";
import { PeerRegistry, type BudgetPort } from "./peer-registry";
import type { ServerWindow } from "./service-window";
import { WindowEstimate } from "./window-estimate";

export type { ServerWindow } from "./service-window";
export type { BudgetPort } from "./peer-registry";
export { MAX_SANE_LIMIT } from "./window-estimate";

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

/** What a runtime tells a runtime that joins the channel. */
interface BudgetState {
  readonly sends: readonly number[];
  readonly server?: ServerWindow;
  readonly limit: number;
  readonly pausedUntil: number;
  readonly demand: number;
}

/**
 * The per-window budget of the caller's tier. A request goes out only when all of these agree:
 * - the window estimate (window-estimate.ts): never more than `limit` sends we know of (ours and other runtimes')
 *   in a window, nor more than the service's own count less every send we know of since;
 * - the pacer (pacer.ts): the header rule's fair share of what is left against spenders we cannot hear, the
 *   opening burst, the rounds;
 * - the peer registry (peer-registry.ts): a fair share among the runtimes we hear on the channel (max-min).
 * This class only combines them: it routes what happens (a send, an answer, a peer's word) to each.
 */
export class RateBudget {
  private readonly peers: PeerRegistry;
  private readonly estimate: WindowEstimate;
  private readonly pacer: Pacer;

  constructor(private readonly options: RateBudgetOptions) {
    this.peers = new PeerRegistry(options.windowMs);
    this.estimate = new WindowEstimate(options, this.peers);
    this.pacer = new Pacer(options.windowMs, this.estimate, () => this.tierBurst());
  }

  get limit(): number {
    return this.estimate.limit;
  }

  /** True once a response carried the service's limit. */
  get limitLearned(): boolean {
    return this.estimate.limitLearned;
  }

  get windowMs(): number {
    return this.options.windowMs;
  }

  /** The longest a peer's word may hold this budget: one window (with its margin). */
  get longestPeerWaitMs(): number {
    return this.estimate.spanMs;
  }

  get pausedUntilMs(): number {
    return this.estimate.pausedUntilMs;
  }

  /** Peers spending the same budget that we cannot hear, as the headers show them. */
  unseenPeers(now: number): number {
    return this.pacer.unseenPeers(now);
  }

  /**
   * Milliseconds until the next request may go out: 0 now, Infinity when waiting for a response or a peer.
   * `userQueued` of the `queued` are the user's own action (the taskpane's reads, a scoped refresh).
   */
  waitMs(now: number, queued = 1, userQueued = 0): number {
    const pausedUntil = this.estimate.pausedUntilMs;
    if (now < pausedUntil) return pausedUntil - now;
    if (this.peers.joining) return Infinity; // the join timer or a runtime's answer pumps the scheduler
    this.prune(now);
    return this.pacer.waitMs(now, userQueued, () => this.channelShare(now, queued));
  }

  /** How many requests could go out right now (by the log and the service's count). */
  available(now: number): number {
    this.prune(now);
    return this.estimate.available(now);
  }

  /** A rough time until the request with `ahead` requests before it could go out; used to fail early. */
  estimateWaitMs(now: number, ahead: number): number {
    const free = this.available(now);
    const base = Math.max(0, this.estimate.pausedUntilMs - now);
    if (ahead < free) return base;
    const windows = Math.ceil((ahead - free + 1) / this.estimate.limit);
    return base + windows * this.estimate.spanMs;
  }

  /** Records a send; returns its id for `settled`. */
  recordSend(now: number): number {
    const id = this.estimate.recordSend(now);
    this.pacer.sent(now);
    this.peers.tell?.spent(now);
    return id;
  }

  /** The request `id` has its answer (or failed): it is no longer in flight. */
  settled(id: number): void {
    this.estimate.own.settled(id);
  }

  /** Requests waiting in this runtime's queue. */
  get demand(): number {
    return this.peers.demand;
  }

  /** Requests waiting in this runtime's queue (its claim on the fair share). */
  setDemand(queued: number): void {
    this.peers.setDemand(queued);
  }

  /**
   * Opens again with the burst at most until the service answers (after it was found down). Only an answer ends
   * it, so a service that does not answer never has a flood of requests sent at it.
   */
  reprobe(now: number): void {
    this.pacer.reprobe(now);
  }

  /** Learns the limit and the service's count from a response. */
  observe(info: ResponseInfo, now: number): void {
    const rate = this.estimate.learn(info.rateLimit);
    if (info.status === 429) {
      // A 429 says how long to wait in Retry-After (already clamped to one window by headerWaitSeconds), and
      // every runtime waits with us; without it the sender backs off. It tells nothing of the window that the
      // pause does not: the burst gate stays shut, so the window after it opens with a burst again.
      if (info.retryAfterSeconds !== undefined)
        this.pauseUntil(now + info.retryAfterSeconds * 1000 + this.options.marginMs);
      return;
    }
    this.pacer.told(); // an answer: what is left is known (or, without figures, nothing holds us back)
    if (rate?.resetSeconds === undefined) return;
    this.pacer.answered(now, { ...rate, resetSeconds: rate.resetSeconds });
    const server = this.estimate.server;
    if (server !== undefined) this.peers.tell?.seen(this.estimate.limit, { ...server });
  }

  /** Holds every request until `until` (after a 429 everyone waits, every runtime too: the budget is the caller's). */
  pauseUntil(until: number): void {
    if (this.estimate.pause(until)) this.peers.tell?.paused(until);
  }

  /** Connects the budget to the other runtimes: `self` names this one in the fair shares. */
  share(port: BudgetPort, self: string): void {
    this.peers.connect(port, self);
  }

  /** A runtime answered our hello: what it told is all we need, so no more waiting to join. */
  joined(): void {
    this.peers.joined();
  }

  /** What this runtime tells a runtime that joins: its sends in the window, the service's count, its demand. */
  state(now: number): BudgetState {
    this.prune(now);
    const server = this.estimate.server;
    return {
      sends: [...this.estimate.own.all()],
      ...(server !== undefined ? { server: { ...server } } : {}),
      limit: this.estimate.limit,
      pausedUntil: this.estimate.pausedUntilMs,
      demand: this.peers.demand,
    };
  }

  // What other runtimes tell (SharedBudget has validated and clamped every figure to one window from now).

  peerSpent(at: number, peer: string): void {
    if (this.peers.spent(peer, at)) this.estimate.peerSpent(at);
  }

  peerSeen(limit: number, window: ServerWindow, now: number): void {
    const seen = this.estimate.peerSeen(limit, window, now);
    if (!seen.sane) return;
    this.pacer.told();
    if (seen.began) this.pacer.peerOpened(now);
  }

  peerPaused(until: number): void {
    this.estimate.peerPaused(until);
  }

  peerDemand(peer: string, queued: number, now: number): void {
    this.peers.channel.demand(peer, queued, now);
  }

  /** Any word from a runtime shows it is still there (its demand stays counted). */
  peerHeard(peer: string, now: number): void {
    this.peers.channel.heard(peer, now);
  }

  peerGone(peer: string): void {
    this.peers.gone(peer);
  }

  /** A window's opening burst at the tier's limit (what a runtime opening in it sends first). */
  private tierBurst(): number {
    return this.options.openingBurst ?? openingBurstOf(this.estimate.limit);
  }

  /** This runtime's fair share of what is free now, against every runtime on the channel that spent or waits. */
  private channelShare(now: number, queued: number): number {
    const own = { used: this.estimate.own.count, waiting: Math.max(queued, this.peers.demand) };
    return this.peers.share(now, this.available(now), own);
  }

  private prune(now: number): void {
    const resetAt = this.estimate.prune(now);
    // A new window of the service: nothing is known of it until its first answer.
    if (resetAt !== undefined) this.pacer.windowEnded(resetAt);
  }
}
