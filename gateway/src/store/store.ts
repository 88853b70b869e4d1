import type { RateGrant, RateReading, RateSnapshot } from "@index-data/wire";

/**
 * What the replicas of one gateway share: cached answers, in-flight locks, the desk's budget and the count of
 * requests by user. Two implementations keep it: `MemoryStore` (one process) and `RedisStore` (Valkey or Redis,
 * shared by every replica); test/gateway/store-contract.test.ts holds both to the same contract.
 */

/** An upstream answer as the gateway keeps it: the service's own bytes, never re-serialised. */
export interface CachedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  /** Epoch ms at which the upstream answered. */
  readonly fetchedAt: number;
  /** Epoch ms until which the answer is fresh; `null` for past history, which never changes. */
  readonly freshUntil: number | null;
}

/**
 * What one upstream response said about the desk's budget, every figure optional (the spec promises no header):
 * the rate rule's reading (@index-data/wire), with which send it answers, numbered by the budget that granted it.
 */
export interface BudgetReading extends Omit<RateReading, "sentSeq"> {
  /** Which send this answers: the upstream had not counted the sends after it, so they come off its count. */
  readonly sent?: SendMark;
}

/** A send's number in the budget that granted it (`ledger`: the store's kind). */
export interface SendMark {
  readonly seq: number;
  readonly ledger: "memory" | "redis";
}

/** Sends granted at once, how long until one more could be when fewer were granted, and which budget numbered them. */
export interface SendGrant extends RateGrant {
  readonly ledger: "memory" | "redis";
}

/** Requests and upstream sends by user in one window, across replicas. */
export interface WindowUsage {
  readonly requests: Readonly<Record<string, number>>;
  readonly sends: Readonly<Record<string, number>>;
}

/** Counts not yet added to the shared store: user → requests and sends. */
export type UsageCounts = ReadonlyMap<string, { readonly requests: number; readonly sends: number }>;

export interface GatewayStore {
  readonly kind: "memory" | "redis";

  getAnswer(key: string): Promise<CachedAnswer | undefined>;
  /** An answer this process holds in its own memory, at once (a hit costs no round trip and no await). */
  answerAtHand(key: string): CachedAnswer | undefined;
  /** Keeps the answer for `keepMs` (its freshness plus the stale-if-error window), or until evicted when undefined. */
  putAnswer(key: string, answer: CachedAnswer, keepMs: number | undefined): Promise<void>;

  /** Takes the in-flight lock of `key` for `leaseMs` unless someone holds it; true when taken. */
  lock(key: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Extends a lock this owner still holds; false when it is gone (expired, or taken by another). */
  renew(key: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Releases the lock if this owner holds it; another owner's lock is left alone. */
  unlock(key: string, owner: string): Promise<void>;
  /** Tells every replica that `key` has a new answer (or that its fetch ended), so waiters look again. */
  announce(key: string): Promise<void>;
  /** Calls `listener` with every announced key; returns the unsubscribe. */
  onAnnounce(listener: (key: string) => void): () => void;

  /**
   * Takes up to `wanted` sends from the desk's budget (the rate rule, desk-budget.ts): as many as the window has room
   * for now. Atomic: replicas calling at once can never spend the same room. `share` (0 < share ≤ 1) scales the
   * limit, for a replica that has lost the shared store and must keep to its part of the budget.
   */
  take(now: number, share: number, wanted: number): Promise<SendGrant>;
  /** Learns from an upstream response's headers. */
  learn(now: number, reading: BudgetReading): Promise<void>;
  snapshot(now: number): Promise<RateSnapshot>;
  /** Milliseconds until `sends` more sends could go: what a Retry-After should say. */
  eta(now: number, sends: number): Promise<number>;

  /** Adds requests and sends by user to the window starting at `windowStart`; resolves with the window's totals. */
  addUsage(windowStart: number, windowMs: number, counts: UsageCounts): Promise<WindowUsage>;
  requestsByUser(windowStart: number): Promise<Record<string, number>>;

  /** Marks this replica alive; returns how many replicas were alive within `withinMs`. */
  heartbeat(replica: string, now: number, withinMs: number): Promise<number>;

  close(): Promise<void>;
}
