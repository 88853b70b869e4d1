import { MAX_BELIEVED_LIMIT, RateLedger, readingOf, type ResponseInfo } from "@index-data/wire";
import { AnswerTiming } from "./answer-timing";
import { Pacer, type PacedBudget } from "./pacer";
import { PeerRegistry, type BudgetPort } from "./peer-registry";
import { SendLog } from "./send-log";
import type { ServerWindow } from "./answer-timing";

export type { ServerWindow } from "./answer-timing";
export type { BudgetPort } from "./peer-registry";
/**
 * Requests in flight at once while the service has told no figures: a browser's connections to one origin
 * (HTTP/1.1). Without figures only a 429 says the window is full, and what was sent before it arrived is refused
 * with it: what waits in our queue is held, what a browser already holds is not.
 */
const BLIND_IN_FLIGHT = 6;
/** A limit above this is not a rate limit anyone means: ignored, in a header as in a peer's word. */
export const MAX_SANE_LIMIT = MAX_BELIEVED_LIMIT;

interface RateBudgetOptions {
  /** Requests per window before the service tells us its limit: the tier table's. */
  readonly limit: number;
  /** Length of the service's rate-limit window. */
  readonly windowMs: number;
  /** Slack added to every window edge, for clock and latency differences between us and the service. */
  readonly marginMs: number;
}

/** What a runtime tells a runtime that joins the channel. */
interface BudgetState {
  readonly sends: readonly number[];
  readonly server?: ServerWindow | undefined;
  readonly limit: number;
  readonly pausedUntil: number;
  readonly demand: number;
}

/**
 * The per-window budget of the caller's tier. Whether a request may go at all, and how long to hold, is the rate
 * rule's (@index-data/wire's RateLedger, the one the gateway runs too): the tier's limit before any header, a log of
 * every send we know of (ours and the channel's), the service's count when an answer tells it, the window's end
 * told or inferred, the hold after a 429. Within that, two shares: the runtimes we hear on the channel split what is
 * free (peer-registry.ts, max-min), and the header rule keeps what spenders we cannot hear need (pacer.ts). This
 * class routes what happens (a send, an answer, a peer's word) to each.
 */
export class RateBudget implements PacedBudget {
  readonly ledger: RateLedger;
  /** Our own sends in the window, with those still in flight. */
  readonly own = new SendLog();
  readonly timing: AnswerTiming;
  private readonly peers: PeerRegistry;
  private readonly pacer: Pacer;

  constructor(private readonly options: RateBudgetOptions) {
    const { windowMs, marginMs, limit } = options;
    this.ledger = new RateLedger({ windowMs, marginMs, assumedLimit: limit });
    this.timing = new AnswerTiming(windowMs);
    this.peers = new PeerRegistry(windowMs);
    this.pacer = new Pacer(windowMs, this);
  }

  get limit(): number {
    return this.ledger.limit;
  }

  /** True once a response carried the service's limit. */
  get limitLearned(): boolean {
    return this.ledger.limitLearned;
  }

  get windowMs(): number {
    return this.options.windowMs;
  }

  /** A window and its margin: how long a send stays counted, and the longest a peer's word may hold this budget. */
  get longestPeerWaitMs(): number {
    return this.options.windowMs + this.options.marginMs;
  }

  get pausedUntilMs(): number {
    return this.ledger.heldUntil;
  }

  /**
   * Requests the scheduler may have in flight: `most`; a browser's few while no answer has told any figure, while
   * the service's figures are doubted (they contradicted themselves), or while it tells a limit above the one we
   * assumed (were it a lie, those few are all its first 429 costs).
   */
  inFlightCap(most: number, now: number): number {
    const unsure = !this.ledger.limitLearned || this.ledger.doubting(now) || this.ledger.limit > this.options.limit;
    return unsure ? Math.min(most, BLIND_IN_FLIGHT) : most;
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
    if (now < this.ledger.heldUntil) return this.ledger.heldUntil - now;
    if (this.peers.joining) return Infinity; // the join timer or a runtime's answer pumps the scheduler
    this.prune(now);
    this.pacer.lapseIfQuiet(now);
    const room = this.ledger.room(now);
    // While the service's figures are doubted, the header rule has none to read: the rate rule alone decides.
    if (room.free > 0 && this.ledger.doubting(now))
      return this.channelShare(now, queued) >= 1 ? 0 : this.nextChangeMs(now);
    if (room.free > 0) return this.pacer.waitMs(now, userQueued, () => this.channelShare(now, queued));
    if (room.heldBy !== "opening") return room.waitMs;
    // The burst is out: the next answer says what is left. If none is coming (nothing in flight), ask anyway.
    if (this.own.inFlight > 0) return Infinity;
    this.ledger.reopen(now, true);
    return 0;
  }

  /** How many requests the window has room for right now (the log and the service's count; none while held). */
  available(now: number): number {
    this.prune(now);
    return this.ledger.snapshot(now).sendableNow;
  }

  /** A rough time until the request with `ahead` requests before it could go out; used to fail early. */
  eta(now: number, ahead: number): number {
    return this.ledger.eta(now, ahead + 1);
  }

  /** Records a send; returns its id for `settled`. */
  recordSend(now: number): number {
    const grant = this.ledger.take(now, 1);
    // A send the rule did not grant still went (the opening asked anyway): it is logged all the same.
    if (grant.granted === 0) this.ledger.record(now, [now]);
    const seq = this.ledger.state.seq;
    this.own.record(now, seq);
    this.pacer.sent(now);
    this.peers.tell?.spent(now);
    return seq;
  }

  /** The request `id` has its answer (or failed): it is no longer in flight. */
  settled(id: number): void {
    this.own.settled(id);
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
    this.ledger.reopen(now);
  }

  /** Learns from a response, whatever its headers say (none at all is fine): the rule's reading, then the pace's. */
  learn(info: ResponseInfo, now: number): void {
    const oldest = this.own.oldestInFlight();
    const doubted = this.ledger.doubting(now);
    const learned = this.ledger.learn(now, readingOf(info, oldest?.seq));
    if (!doubted && this.ledger.doubting(now)) this.pacer.distrusted();
    if (learned.stale) return;
    // After a 429 every runtime holds with us: the budget is the caller's, not the cell's.
    if (info.status === 429) this.peers.tell?.paused(this.ledger.heldUntil);
    const counted = this.ledger.counted();
    const rate = info.rateLimit;
    if (rate === undefined || counted === undefined || info.status === 429) return;
    const sentAt = oldest?.sentAt ?? now;
    const timing = this.timing.answered(now, sentAt, rate.resetSeconds, learned.opened);
    const since = timing.windowStart;
    // Which of our sends this answer counted is not known (answers come out of order, and a service may count
    // sends still in flight): every one of ours since the window began may be in it. Only a fall beyond them all
    // is others spending.
    const countedOurs = this.own.countSince(since) + this.peers.countSince(since);
    const { limit, remaining } = rate;
    const exact = this.own.inFlight <= 1;
    this.pacer.answered(now, { limit, remaining, opened: learned.opened, sentAt, countedOurs, exact, ...timing });
    this.peers.tell?.seen(this.ledger.limit, { remaining: counted.remaining, resetAt: counted.endsBy });
  }

  /** Holds every request until `until` (after a 429 everyone waits, every runtime too: the budget is the caller's). */
  pauseUntil(until: number): void {
    if (until <= this.ledger.heldUntil) return;
    this.ledger.hold(until);
    this.peers.tell?.paused(until);
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
    const counted = this.ledger.counted();
    return {
      sends: [...this.own.all()],
      server: counted === undefined ? undefined : { remaining: counted.remaining, resetAt: counted.endsBy },
      limit: this.ledger.limit,
      pausedUntil: this.ledger.heldUntil,
      demand: this.peers.demand,
    };
  }

  // What other runtimes tell (SharedBudget has validated and clamped every figure to one window from now).

  peerSpent(at: number, peer: string, now: number): void {
    if (this.peers.spent(peer, at)) this.ledger.record(now, [at], true);
  }

  peerSeen(limit: number, window: ServerWindow, now: number): void {
    const word = { limit, remaining: window.remaining, endsBy: window.resetAt };
    if (!(limit >= 1 && limit <= MAX_SANE_LIMIT)) return;
    this.timing.heard(now);
    if (this.ledger.heard(now, word)) this.pacer.peerOpened(now);
  }

  peerPaused(until: number): void {
    this.ledger.hold(until);
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

  /** What is left of the window and how long it still runs: the service's count, or before it the log's. */
  left(now: number): { readonly remaining: number; readonly leftMs: number } {
    const counted = this.ledger.counted();
    if (counted !== undefined) return { remaining: counted.remaining, leftMs: counted.endsBy - now };
    return { remaining: this.ledger.limit - this.ledger.logged.length, leftMs: this.options.windowMs };
  }

  /** When the room next grows: the oldest send leaves the log, or the window turns. */
  nextChangeMs(now: number): number {
    const oldest = this.ledger.logged[0];
    const expiry = oldest !== undefined ? oldest + this.longestPeerWaitMs - now : this.options.windowMs;
    const turn = this.ledger.counted()?.endsBy;
    return Math.max(1, Math.min(expiry, turn !== undefined ? turn - now : Infinity));
  }

  /** This runtime's fair share of what is free now, against every runtime on the channel that spent or waits. */
  private channelShare(now: number, queued: number): number {
    const own = { used: this.own.count, waiting: Math.max(queued, this.peers.demand) };
    return this.peers.share(now, this.available(now), own);
  }

  private prune(now: number): void {
    const horizon = now - this.longestPeerWaitMs;
    this.own.prune(horizon);
    this.peers.prune(horizon);
    // A new window of the service: nothing is known of it until its first answer.
    const turned = this.ledger.prune(now);
    if (turned === undefined) return;
    this.timing.turned(turned);
    this.pacer.windowEnded();
  }
}
