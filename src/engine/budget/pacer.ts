import type { RateLimitInfo } from "@index-data/wire";
import { HeaderRule } from "./header-rule";
import { SendRounds } from "./send-rounds";
import type { WindowEstimate } from "./window-estimate";
import { WindowOpening } from "./window-opening";

/**
 * The pace of our sends within what the window estimate allows:
 * - the header rule (header-rule.ts): our fair share of what is left, against spenders we cannot hear;
 * - before a window's first answer only the opening burst goes out, and again once its figures have lapsed in a
 *   quiet spell (window-opening.ts);
 * - while others spend the budget unheard, what the rule allows goes in rounds: one round's grant at once, the
 *   next on an answer that has counted what the others sent meanwhile (send-rounds.ts).
 */
export class Pacer {
  private readonly rule: HeaderRule;
  private readonly rounds = new SendRounds();
  private readonly opening: WindowOpening;
  private lastSendAt = -Infinity;

  constructor(
    windowMs: number,
    private readonly estimate: WindowEstimate,
    tierBurst: () => number,
  ) {
    this.opening = new WindowOpening(tierBurst);
    this.rule = new HeaderRule(windowMs, tierBurst);
  }

  /** Peers spending the same budget that we cannot hear, as the headers show them. */
  unseenPeers(now: number): number {
    return this.rule.peers(now);
  }

  /**
   * Milliseconds until the next request may go out by pace (0 now, Infinity when waiting for an answer), once the
   * pause and the join are over; `channelShare` is our fair share among the runtimes we hear.
   */
  waitMs(now: number, userQueued: number, channelShare: () => number): number {
    const { estimate } = this;
    this.lapseIfQuiet(now);
    const openedAt = this.opening.openedAt;
    if (openedAt !== undefined && estimate.own.countSince(openedAt) >= this.opening.burst()) {
      // The burst is out: the next answer says what is left. If none is coming (nothing in flight), ask anyway.
      if (estimate.own.inFlight > 0) return Infinity;
    }
    const logWait = estimate.slidingLogWait(now);
    if (logWait > 0) return logWait;
    const server = estimate.server;
    if (server !== undefined && server.remaining <= 0) return Math.max(1, server.resetAt - now);
    const channel = channelShare();
    const share = Math.min(this.headerShare(now), channel);
    // The user's own small action goes at once within what the service says is left (two kept for others): a
    // trader who opens a detail does not wait on the guess of what machines we cannot hear might spend.
    if (userQueued > 0 && channel >= 1 && userQueued <= ((server?.remaining ?? 0) - 2) / 2) return 0;
    // In a window's opening burst, or in a round (see SendRounds), what the rule allows goes at once.
    if (share >= 1 && (this.opening.open || this.rounds.left >= 1)) return 0;
    return this.probeInMs(now, channel, share) ?? estimate.nextChangeMs(now);
  }

  /**
   * One request alone may go to open the next round, or to measure others' pace when the rule asks for it (see
   * probeInMs), when what is left lets every peer we reckon with do the same at once and still leaves one (a
   * spender we cannot hear may need it); the runtimes we hear keep their fair shares.
   */
  private probeInMs(now: number, channel: number, share: number): number | undefined {
    const { estimate } = this;
    if (estimate.own.inFlight !== 0 || channel < 1) return undefined;
    if ((estimate.server?.remaining ?? 0) < this.unseenPeers(now) + 2) return undefined;
    return earliest(this.rule.probeInMs(now), share >= 1 ? this.rounds.freshInMs(now, this.lastSendAt) : undefined);
  }

  /** One of our requests went out. */
  sent(now: number): void {
    this.lastSendAt = now;
    this.rounds.sent();
  }

  /** An answer (or a peer's word) told what is left: nothing of the opening holds us back any more. */
  told(): void {
    this.opening.told();
  }

  /** Opens again with the burst at most until the service answers (see RateBudget.reprobe). */
  reprobe(now: number): void {
    this.opening.reprobe(now);
  }

  /** An answer's window figures: read by the header rule, and the rounds opened by them. */
  answered(now: number, rate: RateLimitInfo & { readonly resetSeconds: number }): void {
    const reopened = this.opening.answered();
    const { answer, countedOurs } = this.estimate.answered(now, rate, reopened !== undefined);
    if (answer.opened) {
      if (reopened === undefined) this.windowBegan();
      this.rule.opened(now, answer.tripMs);
    }
    const { sentAt, windowStart } = answer;
    const roundTripMs = this.estimate.roundTripMs;
    const { limit, remaining } = rate;
    this.rule.observe({ limit, remaining, windowStart, now, countedOurs, sentAt, roundTripMs });
    // Others' bursts sent with ours may not have reached the service yet, so no round before an answer has
    // counted them (unless we opened again after a quiet spell and nobody else has spent since); then a round
    // opens on every fresh answer (SendRounds).
    const othersSpent = this.rule.othersSpent(now);
    if (answer.opened && othersSpent > 0 && (reopened === undefined || othersSpent > reopened.othersSpent))
      this.rounds.opened(now, answer.tripMs);
    this.rounds.answered(sentAt, now, () => this.roundGrant(now, windowStart));
  }

  /** A peer told of a new window of the service. */
  peerOpened(now: number): void {
    this.windowBegan();
    this.rule.opened(now, 0);
  }

  /** The service's window ended (its reset passed): nothing is known of the next until its first answer. */
  windowEnded(resetAt: number): void {
    this.opening.reset(resetAt);
    this.rule.windowEnded();
    this.rounds.reset();
  }

  /**
   * What a round may send: the rule's share; while others are seen, at most twice what we sent in this window so
   * far (a burst at least), so that a count of peers guessed from a few requests cannot hand one runtime a wave
   * far beyond its share (slow start). Alone, a first screen goes in the round after the burst.
   */
  private roundGrant(now: number, windowStart: number): number {
    const share = this.headerShare(now);
    if (this.unseenPeers(now) === 0) return share;
    return Math.min(share, Math.max(this.opening.burst(), 2 * this.estimate.own.countSince(windowStart)));
  }

  /**
   * Headers go stale. After a quiet spell (nothing in flight, no answer for two round trips) others may have
   * opened and spent unseen, and every runtime that wakes with us (a desk recalculating at once) holds figures as
   * old as ours: were each to send what those figures leave, together they would send it several times over. So
   * the next sends open the window again, as a new one: a burst, then the rest on its first answer.
   */
  private lapseIfQuiet(now: number): void {
    if (this.opening.open || this.estimate.own.inFlight > 0 || !this.estimate.lapsed(now)) return;
    this.opening.reopen(now, this.rule.othersSpent(now), this.estimate.server?.remaining ?? 0);
    this.rule.windowEnded(); // what the last opening held aside was for waves long answered
    this.rounds.reset();
  }

  /** The header rule's share of what is left in the service's window (or, before an answer, of the local log's). */
  private headerShare(now: number): number {
    const { remaining, leftMs } = this.estimate.left(now);
    return this.rule.usable(remaining, leftMs, this.estimate.limit, now);
  }

  /** A new window of the service: what the last one's opening, rounds and reopening held says nothing of it. */
  private windowBegan(): void {
    this.rule.windowEnded();
    this.rounds.reset();
    this.opening.began();
  }
}

/** The sooner of two waits, either of which may be absent. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
