import type { Answered, ForwardCurve } from "@index-data/wire";
import type { RequestEngine } from "../../src/engine/request-engine";
import type { FormulaResult } from "../../src/formulas";
import { FakeClock } from "../support/fake-clock";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { SYMBOLS } from "./helpers";
import { engineOn as engineAt, openCells, serviceForCells, type Cell } from "./open-cells";

/*
 * A forward curve is shaped once per answer and header choice: every cell that shows it the same way gets the same
 * frozen spill, and the spill goes when the engine lets the answer go (a refresh shows the new curve's own rows).
 */
const serviceUrl = serviceForCells();

const SYMBOL = SYMBOLS[0] as string;

/** Four forward cells, two shapes: with the header row (the default), and without it, twice each. */
const CELLS: readonly Cell[] = [
  (env) => INDEX.FORWARD(env, [SYMBOL]),
  (env) => INDEX.FORWARD(env, [SYMBOL, true]),
  (env) => INDEX.FORWARD(env, [SYMBOL, false]),
  (env) => INDEX.FORWARD(env, [SYMBOL, false]),
];

function engineOn(clock: FakeClock): RequestEngine {
  return engineAt(serviceUrl(), clock);
}

function open(engine: RequestEngine, clock: FakeClock): Promise<FormulaResult[]> {
  return openCells(engine, clock, CELLS, "B");
}

async function answerOf(engine: RequestEngine): Promise<Answered<ForwardCurve>> {
  return engine.forward(SYMBOL);
}

test("cells of one shape share one frozen spill of the curve; the other shape gets its own", async () => {
  const clock = new FakeClock(Date.now());
  const engine = engineOn(clock);
  const results = await open(engine, clock);
  const curve = await answerOf(engine);
  engine.close();
  for (const pair of [0, 2]) {
    expect(Array.isArray(results[pair])).toBe(true);
    expect(results[pair + 1]).toBe(results[pair]);
    expect(Object.isFrozen(results[pair])).toBe(true);
    expect(Object.isFrozen((results[pair] as unknown[])[0])).toBe(true);
  }
  expect(results[2]).not.toBe(results[0]);
  // The rows are the curve's, one per tenor, under the header row when asked.
  const withHeader = results[0] as unknown[][];
  expect(withHeader[0]).toEqual(["tenorMonths", "tenorLabel", "forwardPrice", "spreadBps"]);
  expect(withHeader.slice(1)).toEqual(results[2]);
  expect(results[2]).toEqual(curve.data.curve.map((p) => [p.tenorMonths, p.tenorLabel, p.forwardPrice, p.spreadBps]));
  expect(curve.derived?.size).toBe(2);
});

test("the curve's spills go with its answer: a refresh shapes the new answer afresh", async () => {
  const clock = new FakeClock(Date.now());
  const engine = engineOn(clock);
  const first = await open(engine, clock);
  const before = await answerOf(engine);
  expect(before.derived?.size).toBe(2);
  engine.invalidate();
  const again = await open(engine, clock);
  const after = await answerOf(engine);
  expect(after).not.toBe(before);
  // Held here, the old answer keeps nothing derived from it; the new one has its own two spills.
  expect(before.derived?.size).toBe(0);
  expect(after.derived?.size).toBe(2);
  expect(again[0]).not.toBe(first[0]);
  expect(again[0]).toEqual(first[0]);
  engine.close();
});
