import { openingBurstOf, type RateLedger } from "@index-data/wire";
import { HeaderRule } from "./header-rule";
import { SendRounds } from "./send-rounds";
import type { SendLog } from "./send-log";
import type { AnswerTiming } from "./answer-timing";

/** What the pacer reads of the budget it paces. */
export interface PacedBudget {
  readonly ledger: RateLedger;
  readonly own: SendLog;
  readonly timing: AnswerTiming;
  /** What is left of the window and how long it still runs: the service's count, or before it the log's. */
  left(now: number): { readonly remaining: number; readonly leftMs: number };
  /** When the room next grows: the oldest send leaves the log, or the window turns. */
  nextChangeMs(now: number): number;
}

/** An answer's figures as the pacer reads them. */
export interface PacedAnswer {
  readonly limit: number;
  /** What the header said was left (not corrected for our sends it had not counted). */
  readonly remaining: number;
  /** The first answer of a new window of the service. */
  readonly opened: boolean;
  readonly sentAt: number;
  readonly windowStart: number;
  readonly tripMs: number;
  /** Sends we know of (ours and the channel's) that the service may have counted when it answered. */
  readonly countedOurs: number;
  /** No other send of ours was in flight (see WindowReading.exact). */
  readonly exact: boolean;
}

/**
 * The pace of our sends within what the rate rule allows (@index-data/wire's rate rule decides whether a send may
 * go at all, and how long to hold): our fair share of what is left against spenders we cannot hear, from the
 * headers when they say it (header-rule.ts); while such others spend, what the share allows goes in rounds: one
 * round's grant at once, the next on an answer that has counted what the others sent meanwhile (send-rounds.ts).
 */
export class Pacer {
  private readonly rule: HeaderRule;
  private readonly rounds = new SendRounds();
  /** The figures lapsed in a quiet spell and the window was opened again: what others had spent then. */
  private reopening: { readonly othersSpent: number } | undefined;
  private lastSendAt = -Infinity;

  constructor(
    windowMs: number,
    private readonly budget: PacedBudget,
  ) {
    this.rule = new HeaderRule(windowMs, () => this.tierBurst());
  }

  /** Peers spending the same budget that we cannot hear, as the headers show them. */
  unseenPeers(now: number): number {
    return this.rule.peers(now);
  }

  /**
   * Milliseconds until the next request may go by pace (0 now), once the rule has room; `channelShare` is our fair
   * share among the runtimes we hear.
   */
  waitMs(now: number, userQueued: number, channelShare: () => number): number {
    const counted = this.budget.ledger.counted();
    const channel = channelShare();
    const share = Math.min(this.headerShare(now), channel);
    // The user's own small action goes at once within what the service says is left (two kept for others): a
    // trader who opens a detail does not wait on the guess of what machines we cannot hear might spend.
    if (userQueued > 0 && channel >= 1 && userQueued <= ((counted?.remaining ?? 0) - 2) / 2) return 0;
    // In a window's opening burst, or in a round (see SendRounds), what the share allows goes at once.
    if (share >= 1 && (this.budget.ledger.opening || this.rounds.left >= 1)) return 0;
    return this.probeInMs(now, channel, share) ?? this.budget.nextChangeMs(now);
  }

  /**
   * One request alone may go to open the next round, or to measure others' pace when the header rule asks for it,
   * when what is left lets every peer we reckon with do the same at once and still leaves one (a spender we cannot
   * hear may need it); the runtimes we hear keep their fair shares.
   */
  private probeInMs(now: number, channel: number, share: number): number | undefined {
    if (this.budget.own.inFlight !== 0 || channel < 1) return undefined;
    // What is left as the count says, or when none is known (it lapsed, or was doubted), as the log says: a probe
    // is how a count is told again.
    if (this.budget.left(now).remaining < this.unseenPeers(now) + 2) return undefined;
    return earliest(this.rule.probeInMs(now), share >= 1 ? this.rounds.freshInMs(now, this.lastSendAt) : undefined);
  }

  /** One of our requests went out. */
  sent(now: number): void {
    this.lastSendAt = now;
    this.rounds.sent();
  }

  /** An answer's window figures: read by the header rule, and the rounds opened by them. */
  answered(now: number, answer: PacedAnswer): void {
    const reopened = this.reopening;
    this.reopening = undefined;
    // After a quiet spell the next answer is read as a window's first, whatever it says of the window.
    const opened = answer.opened || reopened !== undefined;
    if (opened) {
      if (reopened === undefined) this.windowBegan();
      // Opened again after a quiet spell, in the window of the service its last answers told: what others spent
      // in it stays counted.
      this.rule.opened(now, answer.tripMs, reopened !== undefined && !answer.opened);
    }
    const { limit, remaining, windowStart, sentAt, countedOurs, exact } = answer;
    const roundTripMs = this.budget.timing.roundTripMs;
    this.rule.learn({ limit, remaining, windowStart, now, countedOurs, sentAt, roundTripMs, exact });
    // Others' bursts sent with ours may not have reached the service yet, so no round before an answer has
    // counted them (unless we opened again after a quiet spell and nobody else has spent since); then a round
    // opens on every fresh answer (SendRounds).
    const othersSpent = this.rule.othersSpent(now);
    if (opened && othersSpent > 0 && (reopened === undefined || othersSpent > reopened.othersSpent))
      this.rounds.opened(now, answer.tripMs);
    this.rounds.answered(sentAt, now, () => this.roundGrant(now, windowStart));
  }

  /** A peer told of a new window of the service. */
  peerOpened(now: number): void {
    this.windowBegan();
    this.rule.opened(now, 0);
  }

  /**
   * The service's figures are doubted (they contradicted themselves): what the header rule read from them, of
   * others and of the window's opening, is forgotten with them.
   */
  distrusted(): void {
    this.rule.forget();
    this.rounds.reset();
    this.reopening = undefined;
  }

  /** The service's window turned: nothing is known of the next until its first answer. */
  windowEnded(): void {
    this.rule.windowEnded();
    this.rule.turned();
    this.rounds.reset();
  }

  /**
   * Headers go stale. After a quiet spell (nothing in flight, no answer for two round trips) others may have
   * opened and spent unseen, and every runtime that wakes with us (a desk recalculating at once) holds figures as
   * old as ours: were each to send what those figures leave, together they would send it several times over. So
   * the next sends open the window again, as a new one: a burst, then the rest on its first answer.
   */
  lapseIfQuiet(now: number): void {
    const { ledger, own, timing } = this.budget;
    if (ledger.opening || own.inFlight > 0 || ledger.counted() === undefined || !timing.lapsed(now)) return;
    this.reopening = { othersSpent: this.rule.othersSpent(now) };
    ledger.reopen(now);
    this.rule.windowEnded(); // what the last opening held aside was for waves long answered
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
    return Math.min(share, Math.max(this.tierBurst(), 2 * this.budget.own.countSince(windowStart)));
  }

  /** The header rule's share of what is left in the service's window (or, before an answer, of the log's). */
  private headerShare(now: number): number {
    const { remaining, leftMs } = this.budget.left(now);
    return this.rule.usable(remaining, leftMs, this.budget.ledger.limit, now);
  }

  /** A window's opening burst at the tier's limit (what a runtime opening in it sends first). */
  private tierBurst(): number {
    return openingBurstOf(this.budget.ledger.limit);
  }

  /** A new window of the service: what the last one's opening and rounds held says nothing of it. */
  private windowBegan(): void {
    this.rule.windowEnded();
    this.rounds.reset();
  }
}

/** The sooner of two waits, either of which may be absent. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
