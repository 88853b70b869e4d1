/**
 * Rounds of sends while others spend the same budget unheard (header-rule.ts). Runtimes that cannot hear each other
 * decide from headers a round trip old at best, so a wave of ours and a wave of theirs may each count on the same
 * remainder; and a runtime that sends again on the next answer, before the others' waves have reached the service,
 * counts on it twice. So, while others are seen, what goes at once is one round's grant, fixed on an answer, and
 * the next round opens only on an answer to a request sent a round trip after this round opened: the service had
 * counted every wave a peer sent before hearing of ours when it wrote that answer.
 */
interface Round {
  /** How many this round allows, as the header rule said on the answer that opened it. */
  readonly grant: number;
  sent: number;
  /** Only an answer to a request sent at or after this opens the next round. */
  readonly freshFrom: number;
}

export class SendRounds {
  private round: Round | undefined;
  /** The shortest round trip seen in this window of the service (a request queued behind others takes longer). */
  private roundTripMs: number | undefined;

  /** An answer to requests in flight since `sentAt` came at `now`: a fresh one opens a round of `grant()`. */
  answered(sentAt: number, now: number, grant: () => number): void {
    const trip = Math.max(0, now - sentAt);
    this.roundTripMs = Math.min(this.roundTripMs ?? trip, trip);
    if (this.round !== undefined && sentAt < this.round.freshFrom) return;
    this.round = { grant: Math.max(0, Math.floor(grant())), sent: 0, freshFrom: now + this.roundTripMs };
  }

  sent(): void {
    if (this.round !== undefined) this.round.sent += 1;
  }

  /** What the current round still allows (no bound before an answer of ours opened one: the rule alone holds). */
  get left(): number {
    return this.round === undefined ? Infinity : Math.max(0, this.round.grant - this.round.sent);
  }

  /**
   * How long until a request sent would bring the answer that opens the next round (0: now), when the round is
   * spent and no such request is on its way; undefined otherwise.
   */
  freshInMs(now: number, lastSendAt: number): number | undefined {
    const round = this.round;
    if (round === undefined || lastSendAt >= round.freshFrom) return undefined;
    return Math.max(0, round.freshFrom - now);
  }

  /**
   * The window's first answer came: bursts that others sent with ours may not have reached the service when it
   * answered, so no round opens before an answer to a request sent `roundTripMs` later has counted them.
   */
  opened(now: number, roundTripMs: number): void {
    this.round = { grant: 0, sent: 0, freshFrom: now + roundTripMs };
  }

  /** A new window of the service: what was granted in the last one says nothing of this one. */
  reset(): void {
    this.round = undefined;
    this.roundTripMs = undefined;
  }
}
