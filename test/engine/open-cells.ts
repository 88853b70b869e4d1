import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { cellCall } from "../../src/engine/cells/call-context";
import { CellSource } from "../../src/engine/cells/cell-source";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import type { FormulaEnv, FormulaResult } from "../../src/formulas";
import type { FakeClock } from "../support/fake-clock";

/** One cell's formula, given the env of its own cell. */
export type Cell = (env: FormulaEnv) => Promise<FormulaResult>;

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

/** Evaluates `cells` all at once, each at its own address in `column`, as an open does; the clock runs until all settle. */
export async function openCells(
  engine: RequestEngine,
  clock: FakeClock,
  cells: readonly Cell[],
  column = "A",
): Promise<FormulaResult[]> {
  const env = (i: number): FormulaEnv => ({
    source: new CellSource(
      () => Promise.resolve(engine),
      cellCall(`Sheet1!${column}${i + 1}`, false),
      () => engine,
    ),
    caps: { formattedNumbers: true },
    now: () => new Date(clock.now()),
    clock,
    settleMs: engine.options.settleBoundMs,
  });
  let done: FormulaResult[] | undefined;
  void Promise.all(cells.map((cell, i) => cell(env(i)))).then((results) => (done = results));
  while (done === undefined) await clock.advance(5);
  return done;
}
