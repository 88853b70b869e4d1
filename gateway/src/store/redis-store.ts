import { Redis } from "ioredis";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import {
  MAX_BELIEVED_LIMIT,
  OPENING_DIVISOR,
  OPENING_POLL_MS,
  RESET_SLACK_MS,
  SHARE_WINDOWS,
  DOUBT_WINDOWS,
  marginOf,
  type RateRules,
  type RateSnapshot,
} from "@index-data/wire";
import { readingFor } from "./desk-budget";
import { READ_ANSWER_SCRIPT, authenticationFailure } from "./answer-script";
import { BUDGET_SCRIPT, HEARTBEAT_SCRIPT, RENEW_SCRIPT, UNLOCK_SCRIPT } from "./redis-scripts";
import type * as Store from "./store";
import type { StoredAnswer } from "./stored-answer";

interface RedisStoreOptions {
  /** `redis://host:port` (or `rediss://`, with a password if the server wants one). */
  readonly url: string;
  /** Namespace of every key: one per upstream and key, so two desks can share one server. */
  readonly prefix: string;
  readonly rules: RateRules;
  /** Longest wait for one command; past it the command fails and the replica falls back. @default 2000 */
  readonly commandTimeoutMs?: number;
  /** Where a failed subscription to the answer announcements is reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/** How long the budget's hash outlives its last use: long enough to remember a learned limit over a quiet spell. */
const BUDGET_KEEP_MS = 24 * 60 * 60 * 1000;
const DEFAULT_COMMAND_TIMEOUT_MS = 2000;
/**
 * How long an answer given no keeping time stays in the shared store (the store contract allows none; the gateway
 * always gives one: answer-rules.ts). Every cached answer has a time-to-live, so a server set to
 * `maxmemory-policy volatile-lru` evicts answers under memory pressure and never the budget or the locks.
 */
const SHARED_KEEP_UNTIL_EVICTED_MS = 30 * 24 * 60 * 60 * 1000;
/** Largest entry read back: the largest answer (the catalogue's 20 MB) and its metadata line. */
const MAX_ENTRY_BYTES = 20 * 1024 * 1024 + 4096;

function numbers(counts: Record<string, string> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(counts ?? {}).map(([user, n]) => [user, Number(n)]));
}

/** The gateway's store in Valkey or Redis, shared by every replica. Every command has a timeout; nothing queues offline. */
export class RedisStore implements Store.GatewayStore {
  readonly kind = "redis";
  /** Commands fail at once while disconnected (no offline queue), and after commandTimeoutMs when the server stalls. */
  readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(key: string) => void>();
  private readonly channel: string;
  /** Why the server last refused this client's credentials, until a connection is ready again. */
  private refusedCredentials: string | undefined;

  /** Longest wait for one command. */
  readonly commandTimeoutMs: number;

  constructor(private readonly options: RedisStoreOptions) {
    const timeout = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.commandTimeoutMs = timeout;
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      commandTimeout: timeout,
      connectTimeout: 1000,
      // On close, a connection to a server that died is destroyed after this, not ioredis's default 2 s.
      disconnectTimeout: 200,
      maxRetriesPerRequest: 0,
      // Reconnect for ever, at most a second apart: a replica rejoins as soon as the server is back.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    this.redis.defineCommand("gatewayBudget", { numberOfKeys: 2, lua: BUDGET_SCRIPT });
    this.redis.defineCommand("gatewayRenew", { numberOfKeys: 1, lua: RENEW_SCRIPT });
    this.redis.defineCommand("gatewayUnlock", { numberOfKeys: 1, lua: UNLOCK_SCRIPT });
    this.redis.defineCommand("gatewayHeartbeat", { numberOfKeys: 1, lua: HEARTBEAT_SCRIPT });
    this.redis.defineCommand("gatewayReadAnswer", { numberOfKeys: 1, lua: READ_ANSWER_SCRIPT });
    // Errors are seen by the commands that fail; the connection's own error events would otherwise be printed. A
    // refused password is remembered, so that the log says so rather than "connection closed".
    const noteError = (error: unknown) =>
      (this.refusedCredentials = authenticationFailure(error) ?? this.refusedCredentials);
    this.redis.on("error", noteError);
    this.redis.on("ready", () => (this.refusedCredentials = undefined));
    this.channel = `${options.prefix}announce`;
    this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber.on("error", noteError);
    this.subscriber.on("message", (channel: string, key: string) => {
      if (channel === this.channel) for (const listener of this.listeners) listener(key);
    });
    // Without announcements a waiting replica polls the store (WAITER_POLL_MS): slower, never wrong.
    this.subscriber
      .subscribe(this.channel)
      .catch((error: unknown) =>
        (options.diagnostics ?? noDiagnostics).note({ where: "announcement subscription", error }),
      );
  }

  /** Why the connection fails, when Redis said so (its credentials refused); undefined otherwise. */
  connectionProblem(): string | undefined {
    return this.refusedCredentials;
  }

  /** Resolves when the connection is ready; rejects after `ms`, or at once when the server refuses the credentials. */
  ready(ms: number): Promise<void> {
    if (this.redis.status === "ready") return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off("ready", onReady);
        this.redis.off("error", onError);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(this.refusedCredentials ?? `no answer within ${ms} ms`));
      }, ms);
      const onReady = () => {
        done();
        resolve();
      };
      const onError = (error: unknown) => {
        const refused = authenticationFailure(error);
        if (refused === undefined) return;
        done();
        reject(new Error(refused));
      };
      this.redis.once("ready", onReady);
      this.redis.on("error", onError);
    });
  }

  private key(kind: string, name: string): string {
    return `${this.options.prefix}${kind}:${name}`;
  }

  /**
   * The entry under an answer's key as stored, not yet checked (stored-answer.ts checks it): undefined when there is
   * none, or when it is of another type, larger than `maxBytes`, or not of the stored form. Never throws for what the
   * entry holds, so a poisoned entry cannot make a replica count Redis as failing.
   */
  async readAnswer(key: string, maxBytes = MAX_ENTRY_BYTES): Promise<StoredAnswer | undefined> {
    const reply = await this.call("gatewayReadAnswer", this.key("a", key), maxBytes);
    if (!Array.isArray(reply)) return undefined;
    const [stored, keptForMs] = reply as [unknown, unknown];
    if (typeof stored !== "string" || typeof keptForMs !== "number") return undefined;
    // The metadata's JSON has no raw newline, so the first one ends it; the body follows as sent.
    const split = stored.indexOf("\n");
    if (split < 0) return undefined;
    try {
      return { meta: JSON.parse(stored.slice(0, split)) as unknown, body: stored.slice(split + 1), keptForMs };
    } catch {
      // Expected: metadata that is not JSON is no answer, as any other poisoned entry (stored-answer.ts): the replica
      // fetches afresh and writes over it, so nothing is lost.
      return undefined;
    }
  }

  /** The entry as stored, of the stored form; which answers it may be is the replica's to check (ReplicaStore). */
  async getAnswer(key: string): Promise<Store.CachedAnswer | undefined> {
    const stored = await this.readAnswer(key);
    const meta = stored?.meta as Partial<Store.CachedAnswer> | null | undefined;
    if (stored === undefined || typeof meta !== "object" || meta === null) return undefined;
    return { ...(meta as Omit<Store.CachedAnswer, "body">), body: stored.body };
  }

  /** Nothing is at hand in Redis: every answer costs a round trip. */
  answerAtHand(): Store.CachedAnswer | undefined {
    return undefined;
  }

  async putAnswer(key: string, answer: Store.CachedAnswer, keepMs: number | undefined): Promise<void> {
    const { body, ...meta } = answer;
    // The metadata's JSON has no raw newline, so the first one ends it; the body follows as sent.
    const value = `${JSON.stringify(meta)}\n${body}`;
    await this.redis.set(
      this.key("a", key),
      value,
      "PX",
      Math.max(1, Math.ceil(keepMs ?? SHARED_KEEP_UNTIL_EVICTED_MS)),
    );
  }

  async lock(key: string, owner: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.set(this.key("l", key), owner, "PX", leaseMs, "NX")) === "OK";
  }

  async renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
    return Number(await this.call("gatewayRenew", this.key("l", key), owner, leaseMs)) === 1;
  }

  async unlock(key: string, owner: string): Promise<void> {
    await this.call("gatewayUnlock", this.key("l", key), owner);
  }

  async announce(key: string): Promise<void> {
    await this.redis.publish(this.channel, key);
  }

  onAnnounce(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Runs one verb of the rule's Lua twin with its figures as one named argument: the same figures the memory store's
   * TypeScript reads (@index-data/wire's rate/figures.ts), under the same names.
   */
  private budget(verb: "take" | "learn" | "record" | "eta" | "snapshot", now: number, more: object): Promise<unknown> {
    const { windowMs, assumedLimit, marginMs } = this.options.rules;
    const figures = {
      now,
      windowMs,
      assumedLimit,
      marginMs: marginMs ?? marginOf(windowMs),
      openingDivisor: OPENING_DIVISOR,
      openingPollMs: OPENING_POLL_MS,
      resetSlackMs: RESET_SLACK_MS,
      maxBelievedLimit: MAX_BELIEVED_LIMIT,
      keepMs: BUDGET_KEEP_MS,
      shareWindows: SHARE_WINDOWS,
      doubtWindows: DOUBT_WINDOWS,
      ...more,
    };
    return this.call(
      "gatewayBudget",
      this.key("budget", "state"),
      this.key("budget", "sends"),
      verb,
      JSON.stringify(figures),
    );
  }

  async take(now: number, share: number, wanted: number): Promise<Store.SendGrant> {
    const [granted, waitMs, lastSeq] = ((await this.budget("take", now, { share, wanted })) as number[]).map(Number);
    return { granted: granted ?? 0, waitMs: waitMs ?? 0, lastSeq: lastSeq ?? 0, ledger: "redis" };
  }

  async learn(now: number, reading: Store.BudgetReading): Promise<void> {
    // Only this store's own numbers say which sends came after the one answered.
    await this.budget("learn", now, { reading: readingFor(reading, "redis") });
  }

  /** Adds sends to the shared log: what a replica sent from its own memory while Redis was away. */
  async record(now: number, times: readonly number[]): Promise<void> {
    await this.budget("record", now, { times });
  }

  async eta(now: number, sends: number): Promise<number> {
    return Number(await this.budget("eta", now, { share: 1, sends }));
  }

  async snapshot(now: number): Promise<RateSnapshot> {
    const [limit, sendable, remaining, paused, roomIn] = ((await this.budget("snapshot", now, {})) as number[]).map(
      Number,
    );
    return {
      limit: limit ?? this.options.rules.assumedLimit,
      windowMs: this.options.rules.windowMs,
      sendableNow: sendable ?? 0,
      ...(remaining !== undefined && remaining >= 0 ? { upstreamRemaining: remaining } : {}),
      pausedForMs: paused ?? 0,
      roomInMs: roomIn ?? 0,
    };
  }

  async addUsage(windowStart: number, windowMs: number, counts: Store.UsageCounts): Promise<Store.WindowUsage> {
    const requests = this.key("u", String(windowStart));
    const sends = this.key("s", String(windowStart));
    // One round trip for a whole batch of counts, however many requests it stands for.
    const batch = this.redis.multi();
    for (const [user, count] of counts) {
      if (count.requests > 0) batch.hincrby(requests, user, count.requests);
      if (count.sends > 0) batch.hincrby(sends, user, count.sends);
    }
    const results = await batch
      .pexpire(requests, windowMs * 2)
      .pexpire(sends, windowMs * 2)
      .hgetall(requests)
      .hgetall(sends)
      .exec();
    const [byRequests, bySends] = (results ?? []).slice(-2).map(([error, value]) => {
      if (error !== null) throw error;
      return value as Record<string, string>;
    });
    return { requests: numbers(byRequests), sends: numbers(bySends) };
  }

  async requestsByUser(windowStart: number): Promise<Record<string, number>> {
    return numbers(await this.redis.hgetall(this.key("u", String(windowStart))));
  }

  async heartbeat(replica: string, now: number, withinMs: number): Promise<number> {
    return Number(await this.call("gatewayHeartbeat", this.key("r", "replicas"), replica, now, withinMs));
  }

  private call(command: string, ...args: Array<string | number>): Promise<unknown> {
    const run = (this.redis as unknown as Record<string, (...a: Array<string | number>) => Promise<unknown>>)[command];
    if (run === undefined) throw new Error(`unknown script ${command}`);
    return run.apply(this.redis, args);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber.disconnect();
    this.redis.disconnect();
  }
}
