import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "../../../src/time";
import type { BudgetReading, BudgetSnapshot, CachedAnswer, GatewayStore } from "./store";
import { newBucket, observeBudget, snapshotOf, takeSend, type BucketState, type BudgetRules } from "./token-bucket";

interface MemoryStoreOptions {
  readonly rules: BudgetRules;
  /** Bytes of answers kept; the least recently used go first. @default 256 MiB */
  readonly maxBytes?: number;
  /** What lock leases are measured on. @default systemClock */
  readonly clock?: Clock;
}

const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
/** Bookkeeping of one entry beyond its body, so that many tiny answers are bounded too. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Lease {
  readonly owner: string;
  readonly until: number;
}

/** The gateway's store for one process: the embedded default, and every replica's fallback when Redis is away. */
export class MemoryStore implements GatewayStore {
  readonly kind = "memory";
  private readonly answers: LRUCache<string, CachedAnswer>;
  private readonly leases = new Map<string, Lease>();
  private readonly announcements = new EventEmitter();
  private readonly usage = new Map<number, Map<string, number>>();
  private readonly replicas = new Map<string, number>();
  private bucket: BucketState | undefined;
  private readonly clock: Clock;

  constructor(private readonly options: MemoryStoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.answers = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxBytes ?? DEFAULT_CACHE_BYTES,
      sizeCalculation: (answer) => answer.body.length + ENTRY_OVERHEAD_BYTES,
      perf: { now: () => this.clock.now() },
    });
    this.announcements.setMaxListeners(0);
  }

  async getAnswer(key: string): Promise<CachedAnswer | undefined> {
    return this.answers.get(key);
  }

  async putAnswer(key: string, answer: CachedAnswer, keepMs: number | undefined): Promise<void> {
    this.answers.set(key, answer, keepMs === undefined ? {} : { ttl: Math.max(1, keepMs) });
  }

  async lock(key: string, owner: string, leaseMs: number): Promise<boolean> {
    const held = this.leases.get(key);
    if (held !== undefined && held.until > this.clock.now()) return false;
    this.leases.set(key, { owner, until: this.clock.now() + leaseMs });
    return true;
  }

  async renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
    const held = this.leases.get(key);
    if (held === undefined || held.owner !== owner || held.until <= this.clock.now()) return false;
    this.leases.set(key, { owner, until: this.clock.now() + leaseMs });
    return true;
  }

  async unlock(key: string, owner: string): Promise<void> {
    if (this.leases.get(key)?.owner === owner) this.leases.delete(key);
  }

  async announce(key: string): Promise<void> {
    this.announcements.emit("key", key);
  }

  onAnnounce(listener: (key: string) => void): () => void {
    this.announcements.on("key", listener);
    return () => void this.announcements.off("key", listener);
  }

  async takeSend(now: number, share: number): Promise<number> {
    return takeSend(this.bucketAt(now), this.options.rules, now, share);
  }

  async observeBudget(now: number, reading: BudgetReading): Promise<void> {
    observeBudget(this.bucketAt(now), this.options.rules.assumedLimit, now, reading);
  }

  async budget(now: number): Promise<BudgetSnapshot> {
    return snapshotOf(this.bucketAt(now), this.options.rules, now);
  }

  /** The bucket as it stands, for a replica rejoining the shared store with what it spent meanwhile. */
  bucketState(now: number): BucketState {
    return { ...this.bucketAt(now) };
  }

  private bucketAt(now: number): BucketState {
    this.bucket ??= newBucket(this.options.rules, now);
    return this.bucket;
  }

  async countRequest(user: string, windowStart: number, windowMs: number): Promise<void> {
    // The previous window is kept too, as the Redis store keeps it: a replica late by a moment still adds up.
    for (const start of this.usage.keys()) if (start < windowStart - windowMs) this.usage.delete(start);
    const counts = this.usage.get(windowStart) ?? new Map<string, number>();
    counts.set(user, (counts.get(user) ?? 0) + 1);
    this.usage.set(windowStart, counts);
  }

  async requestsByUser(windowStart: number): Promise<Record<string, number>> {
    return Object.fromEntries(this.usage.get(windowStart) ?? []);
  }

  async heartbeat(replica: string, now: number, withinMs: number): Promise<number> {
    this.replicas.set(replica, now);
    for (const [id, seen] of this.replicas) if (seen < now - withinMs) this.replicas.delete(id);
    return this.replicas.size;
  }

  async close(): Promise<void> {
    this.announcements.removeAllListeners();
  }
}
