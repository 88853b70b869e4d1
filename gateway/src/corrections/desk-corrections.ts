import { Redis } from "ioredis";
import { Counter, type Registry } from "prom-client";
import { eventWithin, type Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import type { Resource } from "../answers/resources";
import type { UpstreamResult } from "../serving/upstream";
import { answerDays } from "./answer-days";
import { DEFAULT_ARCHIVE_BOUNDS, type ArchiveBounds, type Correction, type CorrectionsArchive } from "./archive";
import { MemoryArchive } from "./memory-archive";
import { RedisArchive } from "./redis-archive";

interface DeskCorrectionsOptions {
  /** Valkey/Redis shared by the replicas, with the gateway's namespace; absent: this process's memory. */
  readonly redis?: { readonly url: string; readonly prefix: string } | undefined;
  readonly bounds?: ArchiveBounds | undefined;
  readonly clock: Clock;
  /** The replica's metrics registry: `index_gateway_corrections_total` is counted in it. */
  readonly registry: Registry;
  /** Where each correction is audited (the gateway's audit trail); only its one method, so this room stays below it. */
  readonly audit: { correction(account: string, correction: Correction): void };
  /** Where an archive write that failed is reported (the answer went to its caller anyway). @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/**
 * The archive's own connection: commands fail at once while Redis is away, as the store's do; nothing queues. Its
 * errors are noted once per outage (each failed command is noted where it fails), never printed.
 */
function archiveConnection(url: string, diagnostics: Diagnostics): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 2000,
    connectTimeout: 1000,
    disconnectTimeout: 200,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  let noted = false;
  redis.on("error", (error: unknown) => {
    if (!noted) diagnostics.note({ where: "corrections archive connection", error });
    noted = true;
  });
  redis.on("ready", () => (noted = false));
  return redis;
}

/**
 * The desk's corrections: every answer of history or a latest fix the upstream gives is recorded in the as-published
 * archive; each correction it finds is counted (`index_gateway_corrections_total`) and audited.
 */
export class DeskCorrections {
  readonly archive: CorrectionsArchive;
  private readonly connection: Redis | undefined;
  private readonly counter: Counter;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly options: DeskCorrectionsOptions) {
    const bounds = options.bounds ?? DEFAULT_ARCHIVE_BOUNDS;
    this.connection =
      options.redis === undefined
        ? undefined
        : archiveConnection(options.redis.url, options.diagnostics ?? noDiagnostics);
    this.archive =
      this.connection === undefined || options.redis === undefined
        ? new MemoryArchive(bounds)
        : new RedisArchive(this.connection, options.redis.prefix, bounds);
    this.counter = new Counter({
      name: "index_gateway_corrections_total",
      help: "Days the Index Data Service published again with another value or status, found by this replica.",
      registers: [options.registry],
    });
  }

  /**
   * Waits up to `ms` for the archive's Redis; a replica that cannot reach it starts anyway (its answers are served,
   * their days go unrecorded and are noted, and the list answers 503) and joins as soon as it connects.
   */
  async start(ms: number): Promise<void> {
    const connection = this.connection;
    if (connection === undefined || connection.status === "ready") return;
    await eventWithin(connection, "ready", ms);
  }

  /** An upstream answer, whoever's turn it took: its days are recorded in the background, never delaying the caller. */
  observe(resource: Resource, result: UpstreamResult, user: string): void {
    if (!result.ok) return;
    const answer = answerDays(resource, result.status, result.value);
    if (answer === undefined || answer.days.length === 0) return;
    const work = this.record(answer.symbol, answer.days, user).catch((error: unknown) =>
      (this.options.diagnostics ?? noDiagnostics).note({ where: "corrections archive", error }),
    );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Records the days of one answer now; resolves with the corrections found (the sweep awaits it). */
  async record(symbol: string, days: Parameters<CorrectionsArchive["record"]>[1], user: string): Promise<Correction[]> {
    const found = await this.archive.record(symbol, days, this.options.clock.now());
    for (const correction of found) {
      this.counter.inc();
      this.options.audit.correction(user, correction);
    }
    return found;
  }

  /** Waits for the records under way (a test reads the archive after them; a close lets them end). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    this.connection?.disconnect();
  }
}
