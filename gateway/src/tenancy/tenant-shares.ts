import type { QueueParts } from "../serving/queue-parts";
import { shareFigures, type Share } from "./share-figures";
import type { RateSnapshot } from "@index-data/wire";
import { usageWindowStart } from "../store/usage-tally";
import { encodedTenantOf } from "./account";
import type { TenantShareRules } from "./tenant-weights";

/** What the shares are read from: the budget as it stands and the window's usage by account (the replica store). */
export interface ShareSources {
  snapshotNow(now: number): RateSnapshot;
  /** Users active in the window and `account`'s sends in it, at once (usage-tally.ts). */
  shareInputs(account: string, now: number): { readonly users: number; readonly sends: number };
  eachUser(now: number, visit: (account: string, requests: number, sends: number) => void): void;
  readonly windowMs: number;
}

/** The part of every tenant not listed. */
const OTHERS = "*";

/** One account's figures in its part for the window: the part's users and sends, and its own sends. */
interface PartUsage {
  readonly users: number;
  readonly partSends: number;
  readonly ownSends: number;
}

/**
 * Each user's share of the desk's budget. Per user (the default): the limit divided among every user active in the
 * window. Per tenant (TenantShareRules): first a fixed part per tenant, by weight; then that part divided among the
 * tenant's active users; a tenant sends no more than its part in a window (the queue holds it: `parts`). So what a
 * user of one tenant is told, and what the queue lets them send, never depends on another tenant's activity beyond
 * what the budget itself does (the upstream says less is left, or pauses after a 429).
 */
export class DeskShares {
  /** The queue's view of the tenants' parts; absent per user. */
  readonly parts: QueueParts | undefined;
  private readonly weights: ReadonlyMap<string, number>;
  private readonly totalWeight: number;

  constructor(
    private readonly sources: ShareSources,
    private readonly rules: TenantShareRules | undefined,
  ) {
    // Keyed as accounts hold tenants (encoded), so an answer compares strings and decodes nothing.
    this.weights = new Map([...(rules?.weights ?? [])].map(([tenant, w]) => [encodeURIComponent(tenant), w]));
    this.totalWeight = [...this.weights.values()].reduce((sum, w) => sum + w, rules?.othersWeight ?? 0);
    this.parts = rules === undefined ? undefined : this.queueParts();
  }

  /** The share `account` is told in its rate-limit headers (and on health) at `now`. */
  shareOf(account: string, now: number): Share {
    const budget = this.sources.snapshotNow(now);
    if (this.rules === undefined) return shareFigures(now, budget, this.sources.shareInputs(account, now));
    const part = this.partOf(account);
    const usage = this.usageOf(part, account, now);
    const quota = this.quotaOf(part, budget.limit);
    const partLeft = quota - usage.partSends;
    const untilWindowEnd = usageWindowStart(now, this.sources.windowMs) + this.sources.windowMs - now;
    // The desk's room within the part's own; once the part is spent, more comes when the window turns.
    const partBudget: RateSnapshot = {
      ...budget,
      limit: quota,
      sendableNow: Math.max(0, Math.min(budget.sendableNow, partLeft)),
      roomInMs: partLeft <= 0 ? untilWindowEnd : budget.roomInMs,
    };
    return shareFigures(now, partBudget, { users: usage.users, sends: usage.ownSends });
  }

  /** The tenant part an account's sends count in: its tenant's when listed, else the others' one. */
  partOf(account: string): string {
    const tenant = encodedTenantOf(account);
    return this.weights.has(tenant) ? tenant : OTHERS;
  }

  private weightOf(part: string): number {
    return part === OTHERS ? (this.rules?.othersWeight ?? 0) : (this.weights.get(part) ?? 0);
  }

  /** Sends a part may take in a window: its weight's part of the limit, at least one for a part with any weight. */
  private quotaOf(part: string, limit: number): number {
    const weight = this.weightOf(part);
    if (weight <= 0 || this.totalWeight <= 0) return 0;
    return Math.max(1, Math.floor((limit * weight) / this.totalWeight));
  }

  /** One pass over the window's usage: the part's active users (this account among them) and sends. */
  private usageOf(part: string, account: string, now: number): PartUsage {
    let users = 0;
    let partSends = 0;
    let ownSends = 0;
    let counted = false;
    this.sources.eachUser(now, (other, _requests, sends) => {
      if (this.partOf(other) !== part) return;
      users += 1;
      partSends += sends;
      if (other !== account) return;
      counted = true;
      ownSends = sends;
    });
    return { users: counted ? users : users + 1, partSends, ownSends };
  }

  private queueParts(): QueueParts {
    return {
      partOf: (user) => this.partOf(user),
      turnsOf: (part) => Math.max(1, this.weightOf(part)),
      rooms: (now) => {
        const limit = this.sources.snapshotNow(now).limit;
        const sent = new Map<string, number>();
        this.sources.eachUser(now, (account, _requests, sends) => {
          const part = this.partOf(account);
          sent.set(part, (sent.get(part) ?? 0) + sends);
        });
        return (part) => this.quotaOf(part, limit) - (sent.get(part) ?? 0);
      },
      reopensInMs: (now) => usageWindowStart(now, this.sources.windowMs) + this.sources.windowMs - now,
    };
  }
}
