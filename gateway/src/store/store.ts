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

/** What one upstream response said about the desk's budget (`x-ratelimit-*`, `Retry-After`). */
export interface BudgetReading {
  readonly limit?: number;
  readonly remaining?: number;
  /** Milliseconds until the upstream's window resets. */
  readonly resetMs?: number;
  /** A 429's Retry-After, in milliseconds: every replica holds its sends that long. */
  readonly retryAfterMs?: number;
}

/** The budget as the health page shows it. */
export interface BudgetSnapshot {
  /** Requests per window: the upstream's own figure once it has said it, else the assumed one. */
  readonly limit: number;
  readonly windowMs: number;
  /** Sends the bucket allows right now (whole tokens). */
  readonly sendableNow: number;
  /** The upstream's remaining count as last heard, less the sends since; absent when its window has reset. */
  readonly upstreamRemaining?: number;
  readonly pausedForMs: number;
}

export interface GatewayStore {
  readonly kind: "memory" | "redis";

  getAnswer(key: string): Promise<CachedAnswer | undefined>;
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
   * Takes one send from the desk's token bucket: 0 when granted, else the milliseconds to wait. Atomic:
   * replicas calling at once can never spend the same token. `share` (0 < share ≤ 1) scales the limit, for a
   * replica that has lost the shared store and must keep to its part of the budget.
   */
  takeSend(now: number, share: number): Promise<number>;
  /** Learns from an upstream response's headers. */
  observeBudget(now: number, reading: BudgetReading): Promise<void>;
  budget(now: number): Promise<BudgetSnapshot>;

  /** Counts one request of `user` in the window starting at `windowStart`. */
  countRequest(user: string, windowStart: number, windowMs: number): Promise<void>;
  requestsByUser(windowStart: number): Promise<Record<string, number>>;

  /** Marks this replica alive; returns how many replicas were alive within `withinMs`. */
  heartbeat(replica: string, now: number, withinMs: number): Promise<number>;

  close(): Promise<void>;
}
