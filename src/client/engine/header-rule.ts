/**
 * The header rule: how a runtime shares a budget with spenders it cannot hear (other machines behind the same IP,
 * or on the same enterprise key, a bare script), from the service's `X-RateLimit-*` headers alone.
 *
 * - Who else spends: at each answer, the service's count of requests used in its window, less every send of ours
 *   (and of runtimes we hear over the channel) that the service had counted by then, is what the others spent.
 *   A service counts a request when it arrives, so an answer counts none of our requests that left after it.
 * - How many they are: the others are taken to be runtimes like this one, so others' spending ÷ ours, rounded up,
 *   is how many peers there are (rounding up errs on the side of caution; at most MAX_PEERS).
 * - Our fair share of what is left: the others keep what their pace would spend until the reset, but never more
 *   than their fair share (n ÷ (n + 1) of what is left), so a slow script leaves the rest to us and equal peers
 *   split it evenly. Every runtime computes the same shares from the same headers, so their takings add up to
 *   what is left without a word between them. Demand that fits in the share goes at once, in one wave; only
 *   demand beyond it is paced over the time to the reset, so each answer can correct the next send.
 * - Slow start, per window: before the window's first answer only the opening burst goes (openingBurstOf).
 *   Peers who opened within the
 *   round trip after that first answer may not be counted yet, so the second wave keeps UNSEEN_PEERS bursts
 *   aside. A runtime whose first answer already shows others knows one of them may be the first to open, which
 *   saw itself alone and sent its second wave blind: it keeps that wave aside too, sending at most one probe,
 *   until an answer to a request sent after that round trip shows what they really spent. Then the count is
 *   trusted, and what we take grows while the remaining count allows.
 * - The estimate is carried into the next window (whoever spent is likely still at it) and dropped when an answer
 *   shows nobody else in a quarter of a window, or after two windows without an answer.
 */

/** Peers assumed to be in their opening round trip, unseen, while the first answers of a window come in. */
const UNSEEN_PEERS = 2;

/**
 * The opening burst: a twelfth of the limit (at least one). Three runtimes opening at the same moment (their
 * bursts, and the second wave the first of them sends with UNSEEN_PEERS bursts kept aside) stay inside the
 * budget; one that opens into a window others have spent loses at most a twelfth of it to 429s; and a workbook
 * alone still sends its whole first screen in two round trips (a burst, then the rest on the first answer).
 */
export function openingBurstOf(limit: number): number {
  return Math.max(1, Math.floor(limit / 12));
}
/** Most peers the rule reckons with; beyond it every share is small anyway. */
const MAX_PEERS = 16;

/** One answer's headers, with what we know we sent into the same window. */
interface WindowReading {
  readonly limit: number;
  readonly remaining: number;
  /** The earliest moment the service's window may have started (its reset is rounded up to a second): our sends since count. */
  readonly windowStart: number;
  /** The latest moment it may have started: others' pace is reckoned from it, which errs on the side of a faster pace. */
  readonly windowStartLatest: number;
  readonly now: number;
  /** Sends of ours and of runtimes we hear from that the service had counted when it answered. */
  readonly countedOurs: number;
  /** When the request this answers left (the oldest in flight). */
  readonly sentAt: number;
}

interface Others {
  readonly spent: number;
  /** Their pace, per ms: over the last stretch of answers, or (one answer so far) over the window seen. */
  readonly perMs: number;
  readonly peers: number;
  readonly seenAt: number;
}

/** A window's opening round trip: until when peers may be unseen, and the blind waves kept aside meanwhile. */
interface Opening {
  readonly unsureUntil: number;
  /** Spenders were known before this window: they know of us too, none of them sends blind. */
  readonly knownBefore: boolean;
  /** Peers seen at the first answer, each of which may have sent a blind second wave; 0 once an answer is fresh. */
  blindPeers: number;
}

export class HeaderRule {
  /** Others as seen in the current window of the service. */
  private others: Others | undefined;
  /** Others as last seen in the window before: their pace is expected to go on. */
  private carried: Others | undefined;
  private opening: Opening | undefined;
  /** This window's readings of what others spent, oldest first (the last few). */
  private readings: Array<{ readonly spent: number; readonly at: number }> = [];

  constructor(
    private readonly windowMs: number,
    private readonly openingBurst: () => number,
  ) {}

  /**
   * A window's first answer arrived at `now`, `roundTripMs` after its request left; `observe` follows with it.
   */
  opened(now: number, roundTripMs: number): void {
    this.carried = this.current(now);
    this.others = undefined;
    this.readings = [];
    this.opening = { unsureUntil: now + roundTripMs, knownBefore: this.carried !== undefined, blindPeers: -1 };
  }

  observe(reading: WindowReading): void {
    const used = reading.limit - reading.remaining;
    const spent = Math.max(0, used - reading.countedOurs);
    const windowStart = reading.windowStart;
    if (spent > 0) {
      const peers = Math.min(MAX_PEERS, Math.max(1, Math.ceil(spent / Math.max(1, reading.countedOurs))));
      this.others = { spent, perMs: this.paceOf(spent, reading), peers, seenAt: reading.now };
    } else if (reading.now - windowStart >= this.windowMs / 4) {
      this.others = undefined;
      this.carried = undefined;
    }
    this.readings = [...this.readings.slice(-15), { spent, at: reading.now }];
    const opening = this.opening;
    if (opening === undefined) return;
    if (opening.blindPeers < 0) opening.blindPeers = spent > 0 && !opening.knownBefore ? (this.others?.peers ?? 0) : 0;
    // An answer to a request sent after the opening round trip counts every wave sent in it.
    else if (reading.sentAt >= opening.unsureUntil) opening.blindPeers = 0;
  }

  /**
   * Others' pace now: what they spent since a reading at least a sixtieth of a window old (spending that has
   * stopped stops counting), or, with no such reading yet, what they spent over the window so far.
   */
  private paceOf(spent: number, reading: WindowReading): number {
    const span = this.windowMs / 60;
    for (let i = this.readings.length - 1; i >= 0; i -= 1) {
      const earlier = this.readings[i] as { readonly spent: number; readonly at: number };
      if (reading.now - earlier.at >= span) return Math.max(0, spent - earlier.spent) / (reading.now - earlier.at);
    }
    return spent / Math.max(this.windowMs / 20, reading.now - reading.windowStartLatest);
  }

  /** Peers spending the same budget, as last estimated over this window and the one before (0: none seen). */
  peers(now: number): number {
    return Math.max(this.current(now)?.peers ?? 0, this.carried?.peers ?? 0);
  }

  /**
   * When others' spending leaves us no share, one probe may go to see whether they still spend: once the opening
   * round trip is over while blind waves are kept aside; else, once per window, a sixtieth of a window after its
   * first answer, so that their pace now can be measured (spending seen before we opened may have stopped). How
   * long until then (0: now); undefined when no probe is due.
   */
  probeInMs(now: number): number | undefined {
    const opening = this.opening;
    if (opening !== undefined && opening.blindPeers > 0) return Math.max(0, opening.unsureUntil - now);
    const first = this.readings[0];
    const last = this.readings[this.readings.length - 1];
    if (this.peers(now) === 0 || first === undefined || last === undefined || last.at - first.at >= this.windowMs / 60)
      return undefined;
    return Math.max(0, first.at + this.windowMs / 60 - now);
  }

  /** How many of `remaining` (what is left until the reset, `leftMs` away) this runtime may use now. */
  usable(remaining: number, leftMs: number, limit: number, now: number): number {
    const others = this.current(now);
    const carried = this.carried;
    let reserve = 0;
    if (others !== undefined || carried !== undefined) {
      // A pace seen over a whole window is the steadier guess early in the next one, when few answers have come.
      const perMs = Math.max(others?.perMs ?? 0, carried?.perMs ?? 0);
      const peers = this.peers(now);
      reserve = Math.min(perMs * Math.max(0, leftMs), (remaining * peers) / (peers + 1));
    }
    const opening = this.opening;
    if (opening !== undefined && now < opening.unsureUntil)
      reserve = Math.max(reserve, UNSEEN_PEERS * this.openingBurst());
    if (opening !== undefined && opening.blindPeers > 0) reserve += opening.blindPeers * this.blindWave(limit);
    return Math.max(0, Math.floor(remaining - reserve));
  }

  /** A new window of the service begins: its opening is ahead. */
  windowEnded(): void {
    this.opening = undefined;
  }

  /** The most a peer that saw itself alone may send in its second wave. */
  private blindWave(limit: number): number {
    return Math.max(0, limit - (UNSEEN_PEERS + 1) * this.openingBurst());
  }

  private current(now: number): Others | undefined {
    // Seen more than two windows ago: whoever it was has not shown up since (our answers would have said).
    if (this.others !== undefined && now - this.others.seenAt > 2 * this.windowMs) this.others = undefined;
    if (this.carried !== undefined && now - this.carried.seenAt > 2 * this.windowMs) this.carried = undefined;
    return this.others;
  }
}
