import { fairShares, type Claim } from "./fair-share";

/** This runtime's name in the fair shares until a channel gives it one. */
const SELF = "self";

/** What a runtime on the channel told of its waiting requests, and when it was last heard. */
interface Demand {
  queued: number;
  heardAt: number;
}

/**
 * The demands of the runtimes we hear on the channel (see SharedBudget), for this runtime's fair share of the free
 * slots among them (fair-share.ts). A runtime silent for two windows is taken to be gone (closed without a word).
 */
export class ChannelClaims {
  private readonly demands = new Map<string, Demand>();
  private self = SELF;

  constructor(
    private readonly windowMs: number,
    /** Runtimes counted at most; beyond it, a flood of made-up peers is ignored. */
    private readonly maxPeers: number,
  ) {}

  /** The channel names this runtime `self`. */
  named(self: string): void {
    this.self = self;
  }

  demand(peer: string, queued: number, now: number): void {
    if (queued > 0 && (this.demands.has(peer) || this.demands.size < this.maxPeers))
      this.demands.set(peer, { queued, heardAt: now });
    else if (queued <= 0) this.demands.delete(peer);
  }

  /** Any word from a runtime shows it is still there (its demand stays counted). */
  heard(peer: string, now: number): void {
    const known = this.demands.get(peer);
    if (known !== undefined) known.heardAt = now;
  }

  gone(peer: string): void {
    this.demands.delete(peer);
  }

  /**
   * This runtime's fair share of `free` slots, against every runtime that spent (`usedBy`) or waits in the window;
   * Infinity when no other runtime waits.
   */
  share(now: number, free: number, own: Claim, usedBy: (peer: string) => number): number {
    const claims = new Map<string, Claim>([[this.self, own]]);
    for (const [peer, d] of this.demands) {
      if (now - d.heardAt > 2 * this.windowMs) this.demands.delete(peer);
      else claims.set(peer, { used: usedBy(peer), waiting: d.queued });
    }
    if (claims.size === 1) return Infinity;
    const turn = Math.floor(now / this.windowMs);
    return fairShares(free, claims, turn).get(this.self) ?? 0;
  }
}
