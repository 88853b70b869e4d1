// Memory of the desk's as-published archive (gateway/src/corrections) per (index, day) pair: the memory archive's
// heap and a redis-server's used_memory, each after recording 10,000, 100,000 and 200,000 pairs (history answers of
// 30 days, as the desk is served them), then 300,000 pairs recorded into the default bound of 200,000 (the oldest
// forgotten): the memory must stay where 200,000 put it. Each figure is the median of three fills, the worst beside
// it. Run alone with `npx tsx bench/corrections-archive.ts`.
import { randomUUID } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Redis } from "ioredis";
import { DEFAULT_ARCHIVE_BOUNDS, type CorrectionsArchive } from "../gateway/src/corrections/archive";
import { MemoryArchive } from "../gateway/src/corrections/memory-archive";
import { RedisArchive } from "../gateway/src/corrections/redis-archive";
import { runAlone } from "./report";
import { startRedis } from "./gateway-rig";

export const CORRECTIONS_ARCHIVE_COMMAND = "npx tsx bench/corrections-archive.ts";
const SIZES = [10_000, 100_000, 200_000, 300_000] as const;
const DAYS_PER_ANSWER = 30;
const RUNS = 3;
const T0 = Date.UTC(2025, 5, 18, 9);

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** Fills `archive` with `pairs` (index, day) pairs: symbols of 2022 onwards, one 30-day answer at a time. */
async function fill(archive: CorrectionsArchive, pairs: number): Promise<void> {
  const daysPerSymbol = 1200;
  for (let recorded = 0; recorded < pairs; recorded += DAYS_PER_ANSWER) {
    const symbol = `RTM-BENCH-${String(Math.floor(recorded / daysPerSymbol)).padStart(4, "0")}-1x3`;
    const firstDay = recorded % daysPerSymbol;
    const days = Array.from({ length: Math.min(DAYS_PER_ANSWER, pairs - recorded) }, (_, i) => ({
      date: new Date(Date.UTC(2022, 0, 3) + (firstDay + i) * 86_400_000).toISOString().slice(0, 10),
      value: Math.round((1.5 + Math.random()) * 10_000) / 10_000,
      status: "FIRM",
    }));
    await archive.record(symbol, days, T0 + recorded);
  }
}

function heapUsed(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

async function redisUsed(redis: Redis): Promise<number> {
  const info = await redis.info("memory");
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

/** The heap one memory archive of `pairs` takes; the archive is gone once this returns, so the next fill starts clean. */
async function memoryFill(pairs: number): Promise<{ bytes: number; kept: number }> {
  const before = heapUsed();
  let archive: MemoryArchive | undefined = new MemoryArchive();
  await fill(archive, pairs);
  const bytes = heapUsed() - before;
  const kept = await archive.pairs();
  archive = undefined;
  return { bytes, kept };
}

interface ArchiveRow {
  readonly kind: "memory" | "redis";
  readonly pairs: number;
  readonly kept: number;
  /** Bytes per pair kept, median of the runs, and the worst. */
  readonly bytesPerPair: number;
  readonly worstBytesPerPair: number;
  readonly totalMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function rowOf(kind: ArchiveRow["kind"], pairs: number, kept: number, bytes: readonly number[]): ArchiveRow {
  const perPair = bytes.map((b) => b / kept);
  return {
    kind,
    pairs,
    kept,
    bytesPerPair: Math.round(median(perPair)),
    worstBytesPerPair: Math.round(Math.max(...perPair)),
    totalMb: Math.round((median(bytes) / 1024 / 1024) * 10) / 10,
  };
}

export async function correctionsArchiveScenario(): Promise<ArchiveRow[]> {
  const rows: ArchiveRow[] = [];
  for (const pairs of SIZES) {
    const fills: Array<{ bytes: number; kept: number }> = [];
    for (let run = 0; run < RUNS; run += 1) fills.push(await memoryFill(pairs));
    rows.push(
      rowOf(
        "memory",
        pairs,
        fills[0]?.kept ?? 0,
        fills.map((f) => f.bytes),
      ),
    );
  }
  const server = await startRedis();
  const redis = new Redis(server.url);
  try {
    for (const pairs of SIZES) {
      const bytes: number[] = [];
      let kept = 0;
      for (let run = 0; run < RUNS; run += 1) {
        await redis.flushall();
        const before = await redisUsed(redis);
        const archive = new RedisArchive(redis, `bench-${randomUUID()}:`);
        await fill(archive, pairs);
        bytes.push((await redisUsed(redis)) - before);
        kept = await archive.pairs();
      }
      rows.push(rowOf("redis", pairs, kept, bytes));
    }
  } finally {
    redis.disconnect();
    await server.kill();
  }
  return rows;
}

export function correctionsArchiveLines(rows: readonly ArchiveRow[]): string[] {
  return [
    `As-published archive (\`${CORRECTIONS_ARCHIVE_COMMAND}\`): memory per (index, day) pair kept, median of ${RUNS} fills (worst beside it); bound ${DEFAULT_ARCHIVE_BOUNDS.pairs.toLocaleString("en")} pairs:`,
    ...rows.map(
      (r) =>
        `  ${r.kind}: ${r.pairs.toLocaleString("en")} pairs recorded, ${r.kept.toLocaleString("en")} kept: ${r.bytesPerPair} B per pair (worst ${r.worstBytesPerPair} B), ${r.totalMb} MB in all`,
    ),
  ];
}

/**
 * The bound holds: recording more than it keeps takes no more memory than the bound's worth, within 25% (a Map that
 * forgets entries keeps their slots until it next rehashes, so the memory archive settles a little above).
 */
export function correctionsArchiveMissed(rows: readonly ArchiveRow[]): string[] {
  return (["memory", "redis"] as const).flatMap((kind) => {
    const atBound = rows.find((r) => r.kind === kind && r.pairs === DEFAULT_ARCHIVE_BOUNDS.pairs);
    const over = rows.find((r) => r.kind === kind && r.pairs > DEFAULT_ARCHIVE_BOUNDS.pairs);
    if (atBound === undefined || over === undefined) return [];
    return over.kept > DEFAULT_ARCHIVE_BOUNDS.pairs || over.totalMb > atBound.totalMb * 1.25
      ? [`${kind} archive: ${over.totalMb} MB past the bound, ${atBound.totalMb} MB at it`]
      : [];
  });
}

runAlone(module, correctionsArchiveScenario, correctionsArchiveLines, correctionsArchiveMissed);
