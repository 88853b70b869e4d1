import type { RequestEngine } from "../../src/engine/request-engine";
import type { Answered, History } from "@index-data/wire";
import type { FormulaResult } from "../../src/formulas";
import { DAY_MS } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { SYMBOLS } from "./helpers";
import { engineOn as engineAt, openCells, serviceForCells, type Cell } from "./open-cells";

/*
 * A history is shaped once per shape: every cell that shows the same answer the same way gets the same frozen
 * spill, and what was derived from an answer (its dates, its spills) goes when the engine lets the answer go, so
 * refreshes never pile up the shapes of answers gone by.
 */
const serviceUrl = serviceForCells();

const SYMBOL = SYMBOLS[0] as string;

/** Eight history cells, four shapes: a range to today and a past range, each ascending and descending, twice. */
const CELLS: readonly Cell[] = [
  (env) => INDEX.HISTORY(env, [SYMBOL, "-30D", "TODAY"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-30D", "TODAY"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-30D", "TODAY", null, null, "desc"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-30D", "TODAY", null, null, "desc"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-90D", "-60D"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-90D", "-60D"]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-90D", "-60D", null, true]),
  (env) => INDEX.HISTORY(env, [SYMBOL, "-90D", "-60D", null, true]),
];

function engineOn(clock: FakeClock): RequestEngine {
  return engineAt(serviceUrl(), clock);
}

function open(engine: RequestEngine, clock: FakeClock): Promise<FormulaResult[]> {
  return openCells(engine, clock, CELLS);
}

/** The answer the engine holds for a range, as a cell of it reads it. */
async function answerOf(engine: RequestEngine, clock: FakeClock, from: number, to: number): Promise<Answered<History>> {
  const day = (n: number) => new Date(clock.now() + n * DAY_MS).toISOString().slice(0, 10);
  const read = engine.history(SYMBOL, { startDate: day(from), endDate: day(to) });
  await clock.advance(5);
  return read;
}

test("cells of one shape share one frozen spill; cells of another shape get their own", async () => {
  const clock = new FakeClock(Date.now());
  const engine = engineOn(clock);
  const results = await open(engine, clock);
  engine.close();
  for (const pair of [0, 2, 4, 6]) {
    expect(Array.isArray(results[pair])).toBe(true);
    expect(results[pair + 1]).toBe(results[pair]);
    expect(Object.isFrozen(results[pair])).toBe(true);
  }
  expect(new Set(results).size).toBe(4);
  // The shapes differ as their arguments say: the same points, reversed; the same points, under a header row.
  expect([...(results[2] as unknown[])].reverse()).toEqual(results[0]);
  expect((results[6] as unknown[]).slice(1)).toEqual(results[4]);
});

test("what was derived from an answer goes with it: refreshes and days passing leave the memo its first size", async () => {
  const clock = new FakeClock(Date.now());
  const engine = engineOn(clock);
  await open(engine, clock);
  const first = engine.bookkeeping()["derived"];
  // Two answers (a range to today, a past range), each with its dates and its two shapes.
  expect(first).toBe(6);
  const before = await answerOf(engine, clock, -30, 0);
  expect(before.derived?.size).toBe(3);
  for (let refresh = 1; refresh <= 6; refresh += 1) {
    engine.invalidate();
    await open(engine, clock);
    expect(engine.bookkeeping()["derived"]).toBe(first);
    if (refresh % 2 === 0) await clock.advance(DAY_MS);
  }
  // The answer of the first open is gone from the engine, and what was derived from it with it, though a
  // reference to it is still held here.
  expect(await answerOf(engine, clock, -30, 0)).not.toBe(before);
  expect(before.derived?.size).toBe(0);
  engine.invalidate(true);
  expect(engine.bookkeeping()["derived"]).toBe(0);
  engine.close();
});
