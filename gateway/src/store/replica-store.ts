import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { systemClock, type Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import type { RateSnapshot } from "@index-data/wire";
import { keepMsOf } from "../answers/answer-rules";
import type { MemoryStore } from "./memory-store";
import type { RedisStore } from "./redis-store";
import type * as Store from "./store";
import { storedFetchedAt, type StoredAnswer } from "./stored-answer";
import { UsageTally } from "./usage-tally";

/** Failed commands in a row that mark a connected shared store down. */
const MAX_FAILURES = 3;
/** How soon a send is asked for again after the shared budget did not answer in time. */
const RETRY_SEND_MS = 100;
/** How long requests are counted in memory before they are added to the store in one call. */
const USAGE_FLUSH_MS = 250;

interface ReplicaStoreOptions {
  readonly local: MemoryStore;
  /** Absent: one process, memory only (the embedded default). */
  readonly shared?: RedisStore | undefined;
  /** How long an answer read from the shared store is kept locally past its freshness (stale-if-error). */
  readonly staleIfErrorMs: number;
  /**
   * The answer an entry read from the shared store may be, checked as an upstream answer is (stored-answer.ts), or
   * undefined: nothing in Redis is served or copied into memory without passing it.
   */
  readonly admit: (key: string, stored: StoredAnswer, now: number) => Store.CachedAnswer | undefined;
  readonly now: () => number;
  /** Told when the shared store goes away or comes back. */
  readonly onSharedState?: ((state: "up" | "down", reason?: string) => void) | undefined;
  /** How often a replica that lost the shared store asks whether it is back. @default 500 */
  readonly probeMs?: number;
  /** The window requests and sends by user are counted in (the upstream's). */
  readonly usageWindowMs: number;
  /** What the usage counts are flushed on. @default systemClock */
  readonly clock?: Clock;
  /** Where a shared-store failure answered from memory is reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/**
 * One replica's view of the store: its own memory in front of the shared Valkey/Redis store (answers are read
 * locally first, so a hit costs no round trip), and its memory alone while the shared store is away. A failed
 * or timed-out shared command marks the store down and is answered from memory at once, so nothing hangs; a
 * probe brings the replica back, and it hands the shared budget what the upstream told it meanwhile.
 */
export class ReplicaStore implements Store.GatewayStore {
  readonly kind: "memory" | "redis";
  private state: "up" | "down" = "up";
  private probe: ReturnType<typeof setInterval> | undefined;
  private knownReplicas = 1;
  private failures = 0;
  private closed = false;
  private readonly tally: UsageTally;
  /** The shared budget as last read (on every flush of the counts), less the sends granted since. */
  private sharedBudget: RateSnapshot | undefined;

  /** The event loop's delays, reset every second: how busy this process has just been. */
  private readonly loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private readonly loopDelayReset: ReturnType<typeof setInterval>;

  constructor(private readonly options: ReplicaStoreOptions) {
    this.kind = options.shared === undefined ? "memory" : "redis";
    this.tally = new UsageTally({
      windowMs: options.usageWindowMs,
      clock: options.clock ?? systemClock,
      flushMs: USAGE_FLUSH_MS,
      diagnostics: options.diagnostics,
      add: async (windowStart, windowMs, counts) => {
        const [usage] = await Promise.all([this.addUsage(windowStart, windowMs, counts), this.readSharedBudget()]);
        return usage;
      },
    });
    this.loopDelay.enable();
    this.loopDelayReset = setInterval(() => this.loopDelay.reset(), 1000);
    this.loopDelayReset.unref();
    const redis = options.shared?.redis;
    redis?.on("close", () => this.markDown(options.shared?.connectionProblem() ?? "connection closed"));
    redis?.on("ready", () => void this.rejoin());
  }

  /** Waits up to `ms` for the shared store; a replica that cannot reach it starts degraded and keeps asking. */
  async start(ms: number): Promise<void> {
    if (this.options.shared === undefined) return;
    await this.options.shared
      .ready(ms)
      .catch((error: unknown) => this.markDown(error instanceof Error ? error.message : String(error)));
  }

  /** `undefined` without a shared store. */
  sharedState(): "up" | "down" | undefined {
    return this.options.shared === undefined ? undefined : this.state;
  }

  replicas(): number {
    return this.knownReplicas;
  }

  /**
   * The shared store's answer; memory's while it is down. A closed connection marks it down at once; commands that
   * time out only MAX_FAILURES in a row, since a busy machine can delay a reply. A call that failed while the store
   * still counts as up gets `meanwhile` (a lock not taken, a send not granted: nothing the others would not know of),
   * or memory's answer when there is no such choice.
   */
  private async either<T>(
    shared: (store: RedisStore) => Promise<T>,
    local: () => Promise<T>,
    meanwhile: () => Promise<T> = local,
  ): Promise<T> {
    const store = this.options.shared;
    if (store === undefined || this.state === "down") return local();
    try {
      const answer = await shared(store);
      this.failures = 0;
      return answer;
    } catch (error) {
      // A reply that came late because this process was too busy to read it says nothing about Redis.
      if (!this.busy()) this.failures += 1;
      if (this.failures >= MAX_FAILURES || store.redis.status !== "ready")
        this.markDown(error instanceof Error ? error.message : String(error));
      return this.sharedState() === "down" ? local() : meanwhile();
    }
  }

  /** Whether this process's event loop lately stalled for as long as a command may take: then a timeout is its own. */
  private busy(): boolean {
    const stalledMs = this.loopDelay.max / 1e6;
    return stalledMs >= (this.options.shared?.commandTimeoutMs ?? Infinity) / 2;
  }

  private markDown(reason: string): void {
    if (this.closed || this.options.shared === undefined || this.state === "down") return;
    this.state = "down";
    this.failures = 0;
    this.options.onSharedState?.("down", reason);
    this.probe ??= setInterval(() => void this.rejoin(), this.options.probeMs ?? 500);
  }

  private async rejoin(): Promise<void> {
    const shared = this.options.shared;
    if (shared === undefined || this.state === "up" || this.closed) return;
    try {
      await shared.redis.ping();
      // What the upstream said and what this replica sent while apart bound the shared budget too.
      const now = this.options.now();
      const { reading, sends } = this.options.local.handover(now);
      await shared.learn(now, reading);
      await shared.record(now, sends);
    } catch {
      // Expected: still away, as markDown already reported with its reason; the probe asks again.
      return;
    }
    // Another rejoin (the "ready" event and the probe both try) may have finished first.
    if (this.sharedState() === "up") return;
    this.state = "up";
    clearInterval(this.probe);
    this.probe = undefined;
    this.options.onSharedState?.("up");
  }

  answerAtHand(key: string): Store.CachedAnswer | undefined {
    return this.options.local.answerAtHand(key);
  }

  async getAnswer(key: string): Promise<Store.CachedAnswer | undefined> {
    const now = this.options.now();
    const local = await this.options.local.getAnswer(key);
    if (local !== undefined && (local.freshUntil === null || local.freshUntil > now)) return local;
    const stored = await this.either(
      (s) => s.readAnswer(key),
      async () => undefined,
    );
    if (stored === undefined) return local;
    // One this replica holds already (it wrote it, or checked it before) is not checked again.
    const fetchedAt = storedFetchedAt(stored);
    if (local !== undefined && fetchedAt !== undefined && local.fetchedAt >= fetchedAt) return local;
    const shared = this.options.admit(key, stored, now);
    if (shared === undefined) return local;
    // Kept in memory by the same rule as an answer this replica fetched: never without a time-to-live.
    await this.options.local.putAnswer(key, shared, keepMsOf(shared, now, this.options.staleIfErrorMs));
    return shared;
  }

  async putAnswer(key: string, answer: Store.CachedAnswer, keepMs: number | undefined): Promise<void> {
    await this.options.local.putAnswer(key, answer, keepMs);
    await this.either(
      (s) => s.putAnswer(key, answer, keepMs),
      async () => undefined,
    );
  }

  lock(key: string, owner: string, leaseMs: number): Promise<boolean> {
    // A lock taken in memory while the others still share Redis would let two replicas fetch: the caller asks again.
    return this.either(
      (s) => s.lock(key, owner, leaseMs),
      () => this.options.local.lock(key, owner, leaseMs),
      async () => false,
    );
  }

  renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
    return this.either(
      (s) => s.renew(key, owner, leaseMs),
      () => this.options.local.renew(key, owner, leaseMs),
    );
  }

  async unlock(key: string, owner: string): Promise<void> {
    await this.options.local.unlock(key, owner);
    await this.either(
      (s) => s.unlock(key, owner),
      async () => undefined,
    );
  }

  async announce(key: string): Promise<void> {
    await this.options.local.announce(key);
    await this.either(
      (s) => s.announce(key),
      async () => undefined,
    );
  }

  onAnnounce(listener: (key: string) => void): () => void {
    const offLocal = this.options.local.onAnnounce(listener);
    const offShared = this.options.shared?.onAnnounce(listener);
    return () => {
      offLocal();
      offShared?.();
    };
  }

  async take(now: number, share: number, wanted: number): Promise<Store.SendGrant> {
    // Apart from the others, a replica keeps to its part of the budget, as many parts as replicas were last seen.
    // A send granted from memory while the others still spend the shared budget could overspend: wait, ask again.
    const grant = await this.either(
      (s) => s.take(now, share, wanted),
      () => this.options.local.take(now, share / this.knownReplicas, wanted),
      async (): Promise<Store.SendGrant> => ({ granted: 0, waitMs: RETRY_SEND_MS, lastSeq: 0, ledger: "redis" }),
    );
    if (this.sharedBudget !== undefined)
      this.sharedBudget = {
        ...this.sharedBudget,
        sendableNow: Math.max(0, this.sharedBudget.sendableNow - grant.granted),
      };
    return grant;
  }

  async learn(now: number, reading: Store.BudgetReading): Promise<void> {
    await this.options.local.learn(now, reading);
    await this.either(
      (s) => s.learn(now, reading),
      async () => undefined,
    );
  }

  snapshot(now: number): Promise<RateSnapshot> {
    return this.either(
      (s) => s.snapshot(now),
      () => this.options.local.snapshot(now),
    );
  }

  eta(now: number, sends: number): Promise<number> {
    return this.either(
      (s) => s.eta(now, sends),
      () => this.options.local.eta(now, sends),
    );
  }

  /** The budget at once, for the rate-limit headers: the shared one as last read, or this replica's own. */
  snapshotNow(now: number): RateSnapshot {
    const shared = this.sharedState() === "up" ? this.sharedBudget : undefined;
    return shared ?? this.options.local.snapshotNow(now);
  }

  private async readSharedBudget(): Promise<void> {
    if (this.sharedState() !== "up") return;
    this.sharedBudget = await this.snapshot(this.options.now()).catch((error: unknown) => {
      (this.options.diagnostics ?? noDiagnostics).note({ where: "shared budget read", error });
      return this.sharedBudget;
    });
  }

  /** Counts a request of `user` (or an upstream send made for them), in memory: it reaches the store in a batch. */
  count(user: string, now: number, what: "request" | "send"): void {
    this.tally.count(user, now, what);
  }

  /** Users active in the window of `now` and `user`'s sends in it: what `user`'s share needs (usage-tally.ts). */
  shareInputs(user: string, now: number): { readonly users: number; readonly sends: number } {
    return this.tally.shareInputs(user, now);
  }

  /** Each user active in the window of `now`, with their requests and sends in it (usage-tally.ts). */
  eachUser(now: number, visit: (user: string, requests: number, sends: number) => void): void {
    this.tally.eachUser(now, visit);
  }

  addUsage(windowStart: number, windowMs: number, counts: Store.UsageCounts): Promise<Store.WindowUsage> {
    return this.either(
      (s) => s.addUsage(windowStart, windowMs, counts),
      () => this.options.local.addUsage(windowStart, windowMs, counts),
    );
  }

  async requestsByUser(windowStart: number): Promise<Record<string, number>> {
    await this.tally.flush();
    return this.either(
      (s) => s.requestsByUser(windowStart),
      () => this.options.local.requestsByUser(windowStart),
    );
  }

  async heartbeat(replica: string, now: number, withinMs: number): Promise<number> {
    if (this.options.shared === undefined || this.state === "down") return this.knownReplicas;
    this.knownReplicas = Math.max(
      1,
      await this.either(
        (s) => s.heartbeat(replica, now, withinMs),
        async () => this.knownReplicas,
      ),
    );
    return this.knownReplicas;
  }

  async close(): Promise<void> {
    await this.tally.close();
    this.closed = true;
    clearInterval(this.probe);
    clearInterval(this.loopDelayReset);
    this.loopDelay.disable();
    await this.options.local.close();
    await this.options.shared?.close();
  }
}
