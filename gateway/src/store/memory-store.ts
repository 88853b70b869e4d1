import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "@index-data/wire/time";
import { RateLedger, type RateRules, type RateSnapshot } from "@index-data/wire";
import { readingFor } from "./desk-budget";
import type * as Store from "./store";

interface MemoryStoreOptions {
  readonly rules: RateRules;
  /** Bytes of answers kept; the least recently used go first. @default 256 MiB */
  readonly maxBytes?: number | undefined;
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
export class MemoryStore implements Store.GatewayStore {
  readonly kind = "memory";
  private readonly answers: LRUCache<string, Store.CachedAnswer>;
  private readonly leases = new Map<string, Lease>();
  private readonly announcements = new EventEmitter();
  private readonly usage = new Map<number, { requests: Map<string, number>; sends: Map<string, number> }>();
  private readonly replicas = new Map<string, number>();
  /** The desk's budget: the rate rule, run here as TypeScript (the Redis store runs its Lua twin). */
  private readonly ledger: RateLedger;
  private readonly clock: Clock;

  constructor(private readonly options: MemoryStoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.ledger = new RateLedger(options.rules);
    this.answers = new LRUCache<string, Store.CachedAnswer>({
      maxSize: options.maxBytes ?? DEFAULT_CACHE_BYTES,
      sizeCalculation: (answer) => answer.body.length + ENTRY_OVERHEAD_BYTES,
      perf: { now: () => this.clock.now() },
      // The store's clock decides every expiry: lru-cache otherwise keeps the time it last read until a real 1 ms
      // timer fires, so a check right after the clock moved (a busy event loop, a test's clock) saw the time before.
      ttlResolution: 0,
    });
    this.announcements.setMaxListeners(0);
  }

  async getAnswer(key: string): Promise<Store.CachedAnswer | undefined> {
    return this.answers.get(key);
  }

  answerAtHand(key: string): Store.CachedAnswer | undefined {
    return this.answers.get(key);
  }

  async putAnswer(key: string, answer: Store.CachedAnswer, keepMs: number | undefined): Promise<void> {
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

  async take(now: number, share: number, wanted: number): Promise<Store.SendGrant> {
    return { ...this.ledger.take(now, wanted, share), ledger: "memory" };
  }

  async learn(now: number, reading: Store.BudgetReading): Promise<void> {
    this.ledger.learn(now, readingFor(reading, "memory"));
  }

  async snapshot(now: number): Promise<RateSnapshot> {
    return this.snapshotNow(now);
  }

  /** The budget as it stands, at once: the rate-limit headers of every answer read it. */
  snapshotNow(now: number): RateSnapshot {
    return this.ledger.snapshot(now);
  }

  async eta(now: number, sends: number): Promise<number> {
    return this.ledger.eta(now, sends);
  }

  /** What the upstream said and what was sent meanwhile, for a replica rejoining the shared store. */
  handover(now: number): { reading: Store.BudgetReading; sends: readonly number[] } {
    return this.ledger.handover(now);
  }

  async addUsage(windowStart: number, windowMs: number, counts: Store.UsageCounts): Promise<Store.WindowUsage> {
    // The previous window is kept too, as the Redis store keeps it: a replica late by a moment still adds up.
    for (const start of this.usage.keys()) if (start < windowStart - windowMs) this.usage.delete(start);
    const window = this.usage.get(windowStart) ?? { requests: new Map<string, number>(), sends: new Map() };
    this.usage.set(windowStart, window);
    for (const [user, { requests, sends }] of counts) {
      if (requests > 0) window.requests.set(user, (window.requests.get(user) ?? 0) + requests);
      if (sends > 0) window.sends.set(user, (window.sends.get(user) ?? 0) + sends);
    }
    return { requests: Object.fromEntries(window.requests), sends: Object.fromEntries(window.sends) };
  }

  async requestsByUser(windowStart: number): Promise<Record<string, number>> {
    return Object.fromEntries(this.usage.get(windowStart)?.requests ?? []);
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
