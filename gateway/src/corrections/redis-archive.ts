import type { Redis } from "ioredis";
import { RECORD_SCRIPT } from "./archive-script";
import {
  DEFAULT_ARCHIVE_BOUNDS,
  archivable,
  type ArchiveBounds,
  type Correction,
  type CorrectionsArchive,
  type DayAnswer,
} from "./archive";

/** A correction as the script keeps it (archive-script.ts), read back; undefined for a member of another shape. */
function correctionOf(member: string): Correction | undefined {
  const [, symbol, date, wasValue, wasStatus, wasAt, nowValue, nowStatus, nowAt, ...rest] = member.split("|");
  if (nowAt === undefined || rest.length > 0 || symbol === undefined || date === undefined) return undefined;
  const seen = (value = "", status = "", at = "") => ({
    value: Number(value),
    status,
    seenAt: new Date(Number(at)).toISOString(),
  });
  return { symbol, date, was: seen(wasValue, wasStatus, wasAt), now: seen(nowValue, nowStatus, nowAt) };
}

/**
 * The archive in Valkey/Redis, shared by the replicas. Its keys have no time-to-live, so a server set to
 * `maxmemory-policy volatile-lru` (as the gateway's cache wants) never evicts them; it survives a restart of the
 * server only with persistence on (`appendonly yes`, or RDB snapshots), as docs/corrections.md says.
 */
export class RedisArchive implements CorrectionsArchive {
  readonly kind = "redis";
  private readonly keys: readonly [string, string, string, string, string];

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly bounds: ArchiveBounds = DEFAULT_ARCHIVE_BOUNDS,
  ) {
    this.keys = [
      `${prefix}archive:pairs`,
      `${prefix}archive:order`,
      `${prefix}archive:found`,
      `${prefix}archive:seq`,
      `${prefix}archive:symbols`,
    ];
  }

  async record(symbol: string, days: readonly DayAnswer[], seenAt: number): Promise<Correction[]> {
    const kept = days.filter(archivable);
    if (kept.length === 0) return [];
    // EVAL: Redis keeps the compiled script by its digest, so only the first call compiles it.
    const members = await this.redis.eval(
      RECORD_SCRIPT,
      this.keys.length,
      ...this.keys,
      symbol,
      String(seenAt),
      String(this.bounds.pairs),
      String(this.bounds.corrections),
      ...kept.flatMap((day) => [day.date, String(day.value), day.status]),
    );
    if (!Array.isArray(members)) return [];
    return members.flatMap((member) => (typeof member === "string" ? (correctionOf(member) ?? []) : []));
  }

  async corrections(since: number, symbol?: string): Promise<Correction[]> {
    const members = await this.redis.zrangebyscore(this.keys[2], since, "+inf");
    return members.flatMap((member) => {
      const correction = correctionOf(member);
      return correction !== undefined && (symbol === undefined || correction.symbol === symbol) ? [correction] : [];
    });
  }

  pairs(): Promise<number> {
    return this.redis.hlen(this.keys[0]);
  }

  async symbols(): Promise<string[]> {
    return (await this.redis.smembers(this.keys[4])).sort();
  }
}
