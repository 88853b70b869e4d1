import type { ResponseInfo } from "../headers/response-headers";
import { learn, learnFromPeer, type Learned } from "./learn";
import {
  doubting,
  hold,
  limitOf,
  newRateState,
  sendsSince,
  settle,
  type RateReading,
  type RateRules,
  type RateState,
} from "./rate-state";
import {
  handoverOf,
  record,
  reopen,
  roomNow,
  eta,
  snapshot,
  take,
  type RateGrant,
  type RateSnapshot,
  type Room,
} from "./room";

/** The window's count as last read, less the sends since, and when the window has surely turned. */
export interface CountedWindow {
  readonly remaining: number;
  readonly endsBy: number;
  /** The end came from a reset the service told, not from the answers' timing. */
  readonly told: boolean;
}

/** What a response's headers say for the rule: every figure is optional, none is needed. */
export function readingOf(info: ResponseInfo, sentSeq?: number): RateReading {
  const rate = info.rateLimit;
  return {
    answered: true,
    ...(info.status === 429 ? { limited: true } : {}),
    limit: rate?.limit,
    remaining: rate?.remaining,
    resetMs: rate?.resetSeconds === undefined ? undefined : rate.resetSeconds * 1000,
    retryAfterMs:
      info.status === 429 && info.retryAfterSeconds !== undefined ? info.retryAfterSeconds * 1000 : undefined,
    sentSeq,
  };
}

/**
 * The rate rule over one state held in memory: what the add-in's engine and the gateway's memory store run (the
 * gateway's Redis store runs the same steps in Lua). It needs no header: it knows the tier's limit before any
 * answer, learns from whatever answers say, and holds after a 429 until the window must have turned.
 */
export class RateLedger {
  readonly state: RateState = newRateState();

  constructor(readonly rules: RateRules) {}

  /** The service's limit once an answer said it, else the assumed one. */
  get limit(): number {
    return limitOf(this.state, this.rules, 1);
  }

  get limitLearned(): boolean {
    return this.state.limit !== undefined;
  }

  /** The service's figures are doubted now: they contradicted themselves (the rule reads them as no header). */
  doubting(now: number): boolean {
    return doubting(this.state, now);
  }

  get heldUntil(): number {
    return this.state.heldUntil;
  }

  /** No answer has told the count since the window was opened anew: the opening burst holds. */
  get opening(): boolean {
    return this.state.toldAt < this.state.openedAt;
  }

  /** When the window was opened anew (meaningful while `opening`). */
  get openedAt(): number {
    return this.state.openedAt;
  }

  room(now: number, share = 1): Room {
    return roomNow(this.state, this.rules, now, share);
  }

  take(now: number, wanted: number, share = 1): RateGrant {
    return take(this.state, this.rules, now, share, wanted);
  }

  record(now: number, times: readonly number[], unseen = false): void {
    record(this.state, this.rules, now, times, unseen);
  }

  learn(now: number, reading: RateReading): Learned {
    return learn(this.state, this.rules, now, reading);
  }

  heard(now: number, word: { readonly limit: number; readonly remaining: number; readonly endsBy: number }): boolean {
    return learnFromPeer(this.state, this.rules, now, word);
  }

  hold(until: number): void {
    hold(this.state, until);
  }

  reopen(now: number, again = false): void {
    reopen(this.state, now, again);
  }

  /** Forgets what is past; returns when the window turned, if it just did. */
  prune(now: number): number | undefined {
    return settle(this.state, this.rules, now);
  }

  /** The count as it stands (prune first); undefined while none is known. */
  counted(): CountedWindow | undefined {
    const { remaining, endsBy } = this.state;
    if (remaining === undefined || endsBy === undefined) return undefined;
    return { remaining: remaining - (this.state.spent ?? 0), endsBy, told: this.state.resetTold === true };
  }

  /** Sends in the log (ours and any heard of) at or after `since`. */
  sendsSince(since: number): number {
    return sendsSince(this.state, since);
  }

  get logged(): readonly number[] {
    return this.state.sends;
  }

  eta(now: number, sends: number, share = 1): number {
    return eta(this.state, this.rules, now, share, sends);
  }

  snapshot(now: number): RateSnapshot {
    return snapshot(this.state, this.rules, now);
  }

  handover(now: number): { reading: RateReading; sends: readonly number[] } {
    return handoverOf(this.state, now);
  }
}
