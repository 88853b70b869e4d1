import { ChannelClaims } from "./channel-claims";
import { PeerTally } from "./send-log";
import type { ServerWindow } from "./answer-timing";

/** What this budget tells the other runtimes sharing it (see SharedBudget); nothing of it costs a request. */
export interface BudgetPort {
  spent(at: number): void;
  seen(limit: number, window: ServerWindow): void;
  paused(until: number): void;
  demand(queued: number): void;
}

/** Runtimes counted on the channel at most; beyond it, a flood of made-up peers is ignored. */
const MAX_CHANNEL_PEERS = 64;

/**
 * The other runtimes we hear on the channel: what each spent in the window, what each waits for (their claims
 * on the fair share), and the port through which we tell them of our own sends, answers, pauses and demand.
 */
export class PeerRegistry {
  private readonly tally: PeerTally;
  /** Each runtime's claim on the fair share: what it waits for, and when it was last heard. */
  readonly channel: ChannelClaims;
  private port: BudgetPort | undefined;
  /** Connected to other runtimes and waiting (briefly) for them to tell the running budget. */
  private waitingToJoin = false;
  private ownDemand = 0;

  constructor(windowMs: number) {
    this.tally = new PeerTally(Math.max(1, windowMs / 600), MAX_CHANNEL_PEERS);
    this.channel = new ChannelClaims(windowMs, MAX_CHANNEL_PEERS);
  }

  /** True between connecting and the first runtime's answer (or the join timer). */
  get joining(): boolean {
    return this.waitingToJoin;
  }

  /** Requests waiting in this runtime's queue. */
  get demand(): number {
    return this.ownDemand;
  }

  /** Sends of other runtimes in the window. */
  get count(): number {
    return this.tally.count;
  }

  /** Connects to the other runtimes: `self` names this one in the fair shares. */
  connect(port: BudgetPort, self: string): void {
    this.port = port;
    this.channel.named(self);
    this.waitingToJoin = true;
  }

  joined(): void {
    this.waitingToJoin = false;
  }

  /** The port to the other runtimes, once connected. */
  get tell(): BudgetPort | undefined {
    return this.port;
  }

  /** Records our queue's length (our claim on the fair share) and tells the others when it changed. */
  setDemand(queued: number): void {
    if (queued === this.ownDemand) return;
    this.ownDemand = queued;
    this.port?.demand(queued);
  }

  /** A runtime's send; false when it is not counted (a flood of made-up peers, a duplicate). */
  spent(peer: string, at: number): boolean {
    return this.tally.add(peer, at);
  }

  /** A runtime left: neither its sends nor its claim count any more. */
  gone(peer: string): void {
    this.channel.gone(peer);
    this.tally.forget(peer);
  }

  countSince(since: number): number {
    return this.tally.countSince(since);
  }

  /** Others' sends in the window as [time, count] buckets. */
  buckets(): Array<readonly [number, number]> {
    return this.tally.buckets();
  }

  prune(horizon: number): void {
    this.tally.prune(horizon);
  }

  /** This runtime's fair share of `free`, against every runtime on the channel that spent or waits. */
  share(now: number, free: number, own: { readonly used: number; readonly waiting: number }): number {
    return this.channel.share(now, free, own, (peer) => this.tally.usedBy(peer));
  }
}
