import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import { cellCall } from "../../src/engine/cells/call-context";
import { CellSource } from "../../src/engine/cells/cell-source";
import { MemoryStorage } from "../../src/settings/storage";
import type { FormulaEnv, FormulaResult } from "../../src/formulas";
import { DAY_MS } from "@index-data/wire/time";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { FakeClock } from "../support/fake-clock";
import { SYMBOLS } from "./helpers";

/*
 * The engine's bookkeeping (address index, provenance, lane hints, caches, last-known store, history unions)
 * grows with the sheet, never with time: the same sheet refreshed 100 times, a day passing every 10 refreshes
 * (so ranges ending today name new resources), holds what it held after the first days.
 */
// One fake clock for the engine and the service's calendar, at noon of today: the days pass for both together, each
// day's ten refreshes fall within that day, and a run started near midnight never sees "today" turn between them.
const clock = new FakeClock(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2);
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { anonymous: 1_000_000 }, now: () => new Date(clock.now()) });
});
afterAll(() => service.close());

type Cell = (env: FormulaEnv) => Promise<FormulaResult>;

/** 30 cells over three symbols: values, fix fields, history to today, volatility, forward curves. */
function sheet(): Array<[string, Cell]> {
  const cells: Array<[string, Cell]> = [];
  SYMBOLS.slice(0, 3).forEach((symbol, s) => {
    const row = (r: number) => `Sheet1!${String.fromCharCode(66 + s)}${r}`;
    for (let r = 1; r <= 4; r += 1) cells.push([row(r), (env) => INDEX.LATEST(env, [symbol, "value"])]);
    for (let r = 5; r <= 6; r += 1) cells.push([row(r), (env) => INDEX.LATEST(env, [symbol, "confidence"])]);
    cells.push([row(7), (env) => INDEX.HISTORY(env, [symbol, "-30D", "TODAY"])]);
    cells.push([row(8), (env) => INDEX.HISTORY(env, [symbol, "-90D", "-60D"])]);
    cells.push([row(9), (env) => INDEX.VOL(env, [symbol, 30])]);
    cells.push([row(10), (env) => INDEX.FORWARD(env, [symbol, false])]);
  });
  return cells;
}

async function evaluate(
  engine: RequestEngine,
  clock: FakeClock,
  cells: ReadonlyArray<[string, Cell]>,
): Promise<FormulaResult[]> {
  let done: FormulaResult[] | undefined;
  const envFor = (address: string): FormulaEnv => ({
    source: new CellSource(() => Promise.resolve(engine), cellCall(address, false)),
    caps: { formattedNumbers: true },
    now: () => new Date(clock.now()),
    clock,
    settleMs: engine.options.settleBoundMs,
  });
  void Promise.all(cells.map(([address, cell]) => cell(envFor(address)))).then((results) => (done = results));
  while (done === undefined) await clock.advance(5);
  return done;
}

// 100 refreshes ask the service about 1,000 times over HTTP: the slow project's, with a bound that only stops a hang.
test("100 refreshes of the same sheet, days passing: every structure stays the size the sheet gives it", async () => {
  const engine = new RequestEngine(
    { baseUrl: service.url },
    { storage: new MemoryStorage(), clock, batchWindowMs: 5, budgetChannel: null },
  );
  const cells = sheet();
  engine.setVisible((address) => address.startsWith("Sheet1!"));
  const sizes: Array<Readonly<Record<string, number>>> = [];
  for (let refresh = 1; refresh <= 100; refresh += 1) {
    engine.invalidate();
    const results = await evaluate(engine, clock, cells);
    if (refresh === 1) expect(results.filter((r) => typeof r === "object" && r !== null && "code" in r)).toEqual([]);
    if (refresh % 10 === 0) {
      await engine.flush();
      sizes.push(engine.bookkeeping());
      await clock.advance(DAY_MS);
    }
  }
  engine.close();
  const [first, ...rest] = sizes;
  expect(first?.["cells"]).toBe(cells.length);
  // The last-known store keeps what each key last answered, for a reopen, up to its own bound (400 entries).
  const { lastKnown: _kept, ...flat } = first ?? {};
  for (const later of rest) {
    const { lastKnown, ...rest2 } = later;
    expect(rest2).toEqual(flat);
    expect(lastKnown).toBeLessThanOrEqual(engine.options.lastKnown.maxEntries);
  }
}, 600_000);
