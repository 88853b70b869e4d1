/**
 * The header rule: how a runtime shares a budget with spenders it cannot hear (other machines behind the same IP,
 * or on the same enterprise key, a bare script), from the service's `X-RateLimit-*` headers alone.
 *
 * - Who else spends: at each answer, the service's count of requests used in its window, less every send of ours
 *   (and of runtimes we hear over the channel) that the service had counted by then, is what the others spent.
 *   A service counts a request when it arrives, so an answer counts none of our requests that left after it.
 * - How many they are: the others are taken to be runtimes like this one, so others' spending ÷ ours, rounded up,
 *   is how many peers there are (rounding up errs on the side of caution; at most MAX_PEERS).
 * - What they keep: their fair share of the window (n ÷ (n + 1) of its limit) less what they have spent in it,
 *   unless their pace, once measured over a span in which each of them has sent a round (others-pace.ts), shows
 *   them needing less until the reset: a slow script leaves the rest to us; and a burst for a desk's runtime that
 *   opens later, unseen. Shares of the window, not of what is left: were what is left shared out again at every
 *   round, a runtime that keeps asking would take, round by round, what the others need later in the window.
 *   Every runtime computes the same shares from the same headers, so their takings add up to what the window
 *   holds without a word between them. What we may take goes in rounds (send-rounds.ts): one round's grant at
 *   once, the next only on an answer that has counted the rounds the others sent on the same figures.
 * - Slow start, per window: before the window's first answer only the opening burst goes (the rate rule's
 *   openingBurstOf, @index-data/wire: a twelfth of the limit, so that three runtimes opening at the same moment,
 *   with the second wave the first of them sends, stay inside the budget).
 *   Peers who opened within the round trip after that first answer may not be counted yet, so the second wave
 *   keeps UNSEEN_PEERS bursts aside. A runtime whose first answer already shows others knows one of them may be
 *   the first to open, which saw itself alone and sent its second wave blind: it keeps that wave aside too,
 *   sending at most one probe, until an answer to a request sent after that round trip shows what they really
 *   spent. Then the count is trusted, and what we take grows while the remaining count allows.
 * - The estimate is carried into the next window (whoever spent is likely still at it) until that window shows
 *   its own, and dropped when an exact answer (none other of ours in flight) shows nobody else in a quarter of a
 *   window, or after two windows without an answer. An answer with ours in flight shows the least others can have
 *   spent, often none: it never says that nobody else spends.
 * - A window opened again after a quiet spell (pacer.ts) is still the service's window: what others had spent in it
 *   stays counted. Read afresh, a steady spender's sends hide behind our own in flight, and its share would go.
 */

import { OthersPace } from "./others-pace";

/** Peers assumed to be in their opening round trip, unseen, while the first answers of a window come in. */
const UNSEEN_PEERS = 2;
/**
 * Kept aside in a window's opening besides the unseen peers' bursts: room for the probes those peers send while a
 * blind wave reaches the service (two each: one a round trip after their first answer, one a pace span later).
 */
const PROBE_ROOM = 2 * UNSEEN_PEERS;

/** Most peers the rule reckons with; beyond it every share is small anyway. */
const MAX_PEERS = 16;

/** One answer's headers, with what we know we sent into the same window. */
interface WindowReading {
  readonly limit: number;
  readonly remaining: number;
  /** The earliest moment the service's window may have started (its reset is rounded up to a second): our sends since count. */
  readonly windowStart: number;
  readonly now: number;
  /** Sends of ours and of runtimes we hear from that the service had counted when it answered. */
  readonly countedOurs: number;
  /** When the request this answers left (the oldest in flight). */
  readonly sentAt: number;
  /** No other send of ours was in flight: the fall beyond our sends is exactly what others spent, not a bound. */
  readonly exact: boolean;
  /** The shortest round trip seen. */
  readonly roundTripMs: number;
}

interface Others {
  readonly spent: number;
  /** Their pace, per ms (OthersPace.paceAt); undefined until answers over a pace span have shown it. */
  readonly perMs: number | undefined;
  readonly peers: number;
  readonly seenAt: number;
}

/** A window's opening round trip: until when peers may be unseen, and the blind waves kept aside meanwhile. */
interface Opening {
  readonly unsureUntil: number;
  /** Spenders were known before this window: they know of us too, none of them sends blind. */
  readonly knownBefore: boolean;
  /** Peers seen at the first answer, each of which may have sent a blind second wave; 0 once it is counted. */
  blindPeers: number;
  /** Only an answer to a request sent at or after this may show the blind waves counted. */
  freshFrom: number;
  /** What others had spent at the last such answer (or the first): a wave still arriving makes it grow. */
  spentThen: number;
}

export class HeaderRule {
  /** Others as seen in the current window of the service. */
  private others: Others | undefined;
  /** Others as last seen in the window before: their pace is expected to go on. */
  private carried: Others | undefined;
  private opening: Opening | undefined;
  private readonly pace: OthersPace;
  /**
   * The most peers counted in this window once its opening was counted: others' spending ÷ ours falls as our
   * rounds go on, and a runtime that has sent more than the others would count fewer of them than there are.
   */
  private peersFloor = 0;
  /** What others had spent in the service's window at the last answer (0 once it turned). */
  private windowSpent = 0;

  constructor(
    private readonly windowMs: number,
    /** A runtime's opening burst at the tier's limit: what others opening unseen may send. */
    private readonly openingBurst: () => number,
  ) {
    this.pace = new OthersPace(windowMs);
  }

  /**
   * A window's first answer arrived at `now`, `roundTripMs` after its request left; `learn` follows with it.
   * `sameWindow`: it opens again, after a quiet spell, the window of the service whose answers came before.
   */
  opened(now: number, roundTripMs: number, sameWindow = false): void {
    this.carried = this.current(now) ?? this.carried;
    if (!sameWindow) this.windowSpent = 0;
    this.others = undefined;
    this.peersFloor = 0;
    this.pace.restart();
    const unsureUntil = now + roundTripMs;
    const knownBefore = this.carried !== undefined;
    this.opening = { unsureUntil, knownBefore, blindPeers: -1, freshFrom: unsureUntil, spentThen: 0 };
  }

  learn(reading: WindowReading): void {
    const used = reading.limit - reading.remaining;
    // Every send of ours since the window began is taken as counted (which ones an answer counted is not known), so
    // this is the least others can have spent; it shows more as our sends in flight are answered, never less.
    const spent = Math.max(0, used - reading.countedOurs, this.others?.spent ?? 0, this.windowSpent);
    this.windowSpent = spent;
    // Others' pace is read from exact figures only: while ours are in flight the bound rises as they are answered,
    // which is our own wave, not others spending.
    if (reading.exact) this.pace.record(spent, reading.now, reading.roundTripMs);
    if (spent > 0) {
      const counted = Math.min(MAX_PEERS, Math.max(1, Math.ceil(spent / Math.max(1, reading.countedOurs))));
      if (this.opening === undefined || reading.sentAt >= this.opening.unsureUntil)
        this.peersFloor = Math.max(this.peersFloor, counted);
      const peers = Math.max(counted, this.peersFloor);
      const perMs = this.pace.paceAt(spent, reading.now);
      this.others = { spent, perMs, peers, seenAt: reading.now };
    } else if (reading.exact && reading.now - reading.windowStart >= this.windowMs / 4) {
      this.others = undefined;
      this.carried = undefined;
    }
    const opening = this.opening;
    if (opening === undefined) return;
    if (opening.blindPeers < 0) {
      opening.blindPeers = spent > 0 && !opening.knownBefore ? (this.others?.peers ?? 0) : 0;
      opening.spentThen = spent;
    } else if (opening.blindPeers > 0 && reading.sentAt >= opening.freshFrom)
      this.blindWaveSeen(opening, spent, reading.now);
  }

  /**
   * An answer to a request sent after the opening round trip counts every wave sent in it that has reached the
   * service; but a browser sends at most six requests at a time to an origin, so a blind wave reaches it over
   * several round trips. The wave is all counted once others' spending stops growing (beyond a probe each)
   * between two such answers, a pace span apart.
   */
  private blindWaveSeen(opening: Opening, spent: number, now: number): void {
    if (spent - opening.spentThen <= this.peers(now)) {
      opening.blindPeers = 0;
      return;
    }
    opening.spentThen = spent;
    opening.freshFrom = now + this.pace.span;
  }

  /**
   * Peers spending the same budget (0: none seen): as estimated in this window once it shows others, else as in
   * the window before (a runtime that spent much there may be gone by now).
   */
  peers(now: number): number {
    return this.current(now)?.peers ?? this.carried?.peers ?? 0;
  }

  /** What others had spent in the service's window at the last answer (0: none seen). */
  othersSpent(now: number): number {
    return this.current(now)?.spent ?? 0;
  }

  /**
   * When others' spending leaves us no share, one probe may go to see whether they still spend: once the opening
   * round trip is over while blind waves are kept aside; else, once per window, a pace span after its
   * first answer, so that their pace now can be measured (spending seen before we opened may have stopped). How
   * long until then (0: now); undefined when no probe is due.
   */
  probeInMs(now: number): number | undefined {
    const opening = this.opening;
    if (opening !== undefined && opening.blindPeers > 0) return Math.max(0, opening.freshFrom - now);
    return this.peers(now) === 0 ? undefined : this.pace.measuredInMs(now);
  }

  /** How many of `remaining` (what is left until the reset, `leftMs` away) this runtime may use now. */
  usable(remaining: number, leftMs: number, limit: number, now: number): number {
    const others = this.current(now);
    const carried = this.carried;
    let reserve = others !== undefined || carried !== undefined ? this.othersKeep(remaining, leftMs, limit, now) : 0;
    const opening = this.opening;
    if (opening !== undefined && now < opening.unsureUntil)
      reserve = Math.max(reserve, UNSEEN_PEERS * this.openingBurst() + PROBE_ROOM);
    if (opening !== undefined && opening.blindPeers > 0) reserve += opening.blindPeers * this.blindWave(limit);
    return Math.max(0, Math.floor(remaining - reserve));
  }

  /** What others keep of what is left (see the module comment). */
  private othersKeep(remaining: number, leftMs: number, limit: number, now: number): number {
    const others = this.current(now);
    const peers = this.peers(now);
    const newcomer = Math.min(remaining, this.openingBurst());
    const fair = Math.max(0, ((limit - newcomer) * peers) / (peers + 1) - (others?.spent ?? 0));
    const measured = others !== undefined ? others.perMs : this.carried?.perMs;
    if (measured === undefined) return newcomer + fair;
    return newcomer + Math.min(Math.max(measured, this.carried?.perMs ?? 0) * Math.max(0, leftMs), fair);
  }

  /** The figures read so far are doubted: nothing is known of others until answers are believed again. */
  forget(): void {
    this.others = undefined;
    this.carried = undefined;
    this.opening = undefined;
    this.peersFloor = 0;
    this.windowSpent = 0;
    this.pace.restart();
  }

  /** A new window of the service begins: its opening is ahead. */
  windowEnded(): void {
    this.opening = undefined;
  }

  /** The service's window turned: what others spent in it is not spent in the next. */
  turned(): void {
    this.windowSpent = 0;
  }

  /** The most a peer that saw itself alone may send in its second wave. */
  private blindWave(limit: number): number {
    return Math.max(0, limit - (UNSEEN_PEERS + 1) * this.openingBurst() - PROBE_ROOM);
  }

  private current(now: number): Others | undefined {
    // Seen more than two windows ago: whoever it was has not shown up since (our answers would have said).
    if (this.others !== undefined && now - this.others.seenAt > 2 * this.windowMs) this.others = undefined;
    if (this.carried !== undefined && now - this.carried.seenAt > 2 * this.windowMs) this.carried = undefined;
    return this.others;
  }
}
