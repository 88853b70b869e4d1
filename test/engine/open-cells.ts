import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { cellCall } from "../../src/engine/cells/call-context";
import { CellSource } from "../../src/engine/cells/cell-source";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import type { FormulaEnv, FormulaResult } from "../../src/formulas";
import type { GridCell } from "../support/change-definition";
import type { FakeClock } from "../support/fake-clock";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";

/** One cell's formula, given the env of its own cell. */
export type Cell = (env: FormulaEnv) => Promise<FormulaResult>;

/** A grid's cells as a sheet holds them: INDEX.CHANGE(symbol, period, mode, TRUE), its base date beside it. */
export const changeCells = (cells: readonly GridCell[]): Cell[] =>
  cells.map(
    ({ symbol, period, mode }) =>
      (env) =>
        INDEX.CHANGE(env, [symbol, period, mode, true]),
  );

/** A reference service for a file's tests (up before them, closed after them) with a budget no test reaches; its URL. */
export function serviceForCells(): () => string {
  let service: RunningReferenceService | undefined;
  beforeAll(async () => {
    service = await startReferenceService({ rateLimits: { anonymous: 1_000_000 } });
  });
  afterAll(() => service?.close());
  return () => {
    if (service === undefined) throw new Error("the service starts before the tests");
    return service.url;
  };
}

/** An engine on the service at `url`, on a fake clock, with no budget channel: what the shape tests open sheets on. */
export function engineOn(url: string, clock: FakeClock): RequestEngine {
  return new RequestEngine(
    { baseUrl: url },
    { storage: new MemoryStorage(), clock, batchWindowMs: 5, budgetChannel: null },
  );
}

/** The env of the cell at `address`: the engine through its cell source, on the fake clock, with today its now. */
function cellEnv(engine: RequestEngine, clock: FakeClock, address: string): FormulaEnv {
  return {
    source: new CellSource(
      () => Promise.resolve(engine),
      cellCall(address, false),
      () => engine,
    ),
    caps: { formattedNumbers: true },
    now: () => new Date(clock.now()),
    clock,
    settleMs: engine.options.settleBoundMs,
  };
}

/** Runs the clock until `work` settles, as Excel waits for a cell. */
async function settled<T>(clock: FakeClock, work: Promise<T>): Promise<T> {
  let done: { value: T } | undefined;
  void work.then((value) => (done = { value }));
  while (done === undefined) await clock.advance(5);
  return done.value;
}

/** Evaluates `cells` all at once, each at its own address in `column`, as an open does; the clock runs until all settle. */
export function openCells(
  engine: RequestEngine,
  clock: FakeClock,
  cells: readonly Cell[],
  column = "A",
): Promise<FormulaResult[]> {
  const work = Promise.all(cells.map((cell, i) => cell(cellEnv(engine, clock, `Sheet1!${column}${i + 1}`))));
  return settled(clock, work);
}

/** Evaluates `cells` one after another, each once the one before has settled, as a trader typing them in would. */
export async function cellsOneByOne(
  engine: RequestEngine,
  clock: FakeClock,
  cells: readonly Cell[],
  column = "A",
): Promise<FormulaResult[]> {
  const results: FormulaResult[] = [];
  for (const [i, cell] of cells.entries())
    results.push(await settled(clock, cell(cellEnv(engine, clock, `Sheet1!${column}${i + 1}`))));
  return results;
}
