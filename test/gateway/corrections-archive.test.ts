import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { ArchiveBounds, CorrectionsArchive, DayAnswer } from "../../gateway/src/corrections/archive";
import { MemoryArchive } from "../../gateway/src/corrections/memory-archive";
import { RedisArchive } from "../../gateway/src/corrections/redis-archive";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * One contract, two archives: memory (one process) and Redis (the replicas), the Redis one opened as two clients as
 * two replicas hold it. The same calls must give the same corrections, and the same bounds must hold.
 */
const T0 = Date.UTC(2025, 5, 18, 9);
const SYMBOL = "RTM-NWE-A-1x3";
const day = (date: string, value: number, status = "FIRM"): DayAnswer => ({ date, value, status });

let redis: TestRedis;
const connections: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await redis.kill();
});

type Pair = readonly [CorrectionsArchive, CorrectionsArchive];
const ARCHIVES: ReadonlyArray<readonly [string, (bounds?: ArchiveBounds) => Pair]> = [
  [
    "memory",
    (bounds) => {
      const archive = new MemoryArchive(bounds);
      return [archive, archive];
    },
  ],
  [
    "redis",
    (bounds) => {
      const prefix = `test-${randomUUID()}:`;
      const open = () => {
        const connection = new Redis(redis.url);
        connections.push(connection);
        return new RedisArchive(connection, prefix, bounds);
      };
      return [open(), open()];
    },
  ],
];

describe.each(ARCHIVES)("the %s archive", (_name, open) => {
  test("a day first seen is no correction; a different value or status later is, with what was first seen", async () => {
    const [a, b] = open();
    expect(await a.record(SYMBOL, [day("2025-06-16", 1.8342), day("2025-06-17", 1.85)], T0)).toEqual([]);
    expect(await b.record(SYMBOL, [day("2025-06-16", 1.8342), day("2025-06-17", 1.85)], T0 + 1000)).toEqual([]);
    const found = await b.record(SYMBOL, [day("2025-06-16", 1.8617, "REVISED"), day("2025-06-17", 1.85)], T0 + 2000);
    const expected = {
      symbol: SYMBOL,
      date: "2025-06-16",
      was: { value: 1.8342, status: "FIRM", seenAt: new Date(T0).toISOString() },
      now: { value: 1.8617, status: "REVISED", seenAt: new Date(T0 + 2000).toISOString() },
    };
    expect(found).toEqual([expected]);
    // The same restated answer again is no new correction; a status change alone is one.
    expect(await a.record(SYMBOL, [day("2025-06-16", 1.8617, "REVISED")], T0 + 3000)).toEqual([]);
    const status = await a.record(SYMBOL, [day("2025-06-17", 1.85, "PROVISIONAL")], T0 + 4000);
    expect(status.map((c) => [c.date, c.was.status, c.now.status])).toEqual([["2025-06-17", "FIRM", "PROVISIONAL"]]);
    expect(await a.corrections(0)).toEqual([expected, ...status]);
    expect(await b.corrections(T0 + 3000)).toEqual(status);
    expect(await b.corrections(0, "OTHER")).toEqual([]);
    expect(await a.pairs()).toBe(2);
    expect(await b.symbols()).toEqual([SYMBOL]);
  });

  test("replicas recording the same restated day at once find one correction", async () => {
    const [a, b] = open();
    await a.record(SYMBOL, [day("2025-06-16", 2)], T0);
    const results = await Promise.all([
      a.record(SYMBOL, [day("2025-06-16", 2.1)], T0 + 10),
      b.record(SYMBOL, [day("2025-06-16", 2.1)], T0 + 10),
    ]);
    expect(results.flat()).toHaveLength(1);
    expect(await b.corrections(0)).toHaveLength(1);
  });

  test("bounded: the pairs first seen longest ago go first, and the oldest corrections", async () => {
    const [a] = open({ pairs: 3, corrections: 2 });
    await a.record(SYMBOL, [day("2025-06-10", 1), day("2025-06-11", 1)], T0);
    await a.record("OTHER", [day("2025-06-10", 1), day("2025-06-11", 1)], T0 + 1);
    expect(await a.pairs()).toBe(3);
    // SYMBOL's 2025-06-11 is still kept: another value is a correction.
    expect(await a.record(SYMBOL, [day("2025-06-11", 5)], T0 + 2)).toHaveLength(1);
    // Its 2025-06-10 was forgotten: seen again, it is a first sighting (and SYMBOL's 2025-06-11 goes in its place).
    expect(await a.record(SYMBOL, [day("2025-06-10", 5)], T0 + 3)).toEqual([]);
    expect(await a.pairs()).toBe(3);
    expect(await a.record(SYMBOL, [day("2025-06-11", 6)], T0 + 4)).toEqual([]);
    await a.record("OTHER", [day("2025-06-11", 2)], T0 + 5);
    const kept = await a.corrections(0);
    expect(kept.map((c) => [c.symbol, c.date, c.now.seenAt])).toEqual([
      [SYMBOL, "2025-06-11", new Date(T0 + 2).toISOString()],
      ["OTHER", "2025-06-11", new Date(T0 + 5).toISOString()],
    ]);
    await a.record("OTHER", [day("2025-06-11", 3)], T0 + 6);
    expect((await a.corrections(0)).map((c) => c.now.seenAt)).toEqual([
      new Date(T0 + 5).toISOString(),
      new Date(T0 + 6).toISOString(),
    ]);
  });

  test("an answer whose status the archive cannot keep is left out, not guessed", async () => {
    const [a] = open();
    expect(await a.record(SYMBOL, [day("2025-06-16", 1, "FIRM|EXTRA"), day("not a date", 1)], T0)).toEqual([]);
    expect(await a.pairs()).toBe(0);
  });
});
