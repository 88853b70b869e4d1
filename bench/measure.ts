import type { RunningReferenceService } from "../reference-service/src";
import type { IndexDataSource } from "../src/client/source";
import { indexCapacity, indexForward, indexHistory, indexLatest, indexVol, isCellError, type FormulaEnv, type FormulaResult } from "../src/excel";
import type { SheetCell } from "./sheet";

/** What one run of a sheet cost and took. */
export interface Measured {
  readonly cells: number;
  readonly requests: number;
  readonly rateLimited: number;
  /** Milliseconds from the first cell's evaluation to the last cell settling. */
  readonly settledMs: number;
  readonly peakHeapMb: number;
  readonly peakRssMb: number;
  /** Cells that ended as #N/A or #VALUE! (none should, for our engine). */
  readonly errorCells: number;
  /** First error message seen, to say why cells failed. */
  readonly firstError?: string;
}

/** Evaluates one cell exactly as its custom function does: through the pure layer, with `env.source`. */
export function evaluateCell(env: FormulaEnv, cell: SheetCell): Promise<FormulaResult> {
  switch (cell.kind) {
    case "latest":
      return indexLatest(env, cell.symbol, cell.field);
    case "history":
      return indexHistory(env, [cell.symbol, cell.start, cell.end]);
    case "vol":
      return indexVol(env, cell.symbol, cell.days);
    case "forward":
      return indexForward(env, cell.symbol, true);
    case "capacity":
      return indexCapacity(env, cell.symbol, cell.field);
  }
}

function errorOf(result: FormulaResult): string | undefined {
  if (isCellError(result)) return result.message;
  if (Array.isArray(result)) for (const row of result) for (const c of row) if (isCellError(c)) return c.message;
  return undefined;
}

const MB = 1024 * 1024;

/** Runs every cell of `sheet` at once (as Excel does on open or recalculation) and measures the run. */
export async function runSheet(
  source: IndexDataSource,
  sheet: readonly SheetCell[],
  service: RunningReferenceService,
  settleMs: number,
): Promise<Measured> {
  service.resetRequestLog();
  const env: FormulaEnv = { source, caps: { formattedNumbers: true }, settleMs };
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  const results = await Promise.all(sheet.map((cell) => evaluateCell(env, cell)));
  const settledMs = performance.now() - started;
  clearInterval(sampler);
  sample();
  const errors = results.map(errorOf).filter((e): e is string => e !== undefined);
  return {
    cells: sheet.length,
    requests: service.requests.length,
    rateLimited: service.requests.filter((r) => r.status === 429).length,
    settledMs: Math.round(settledMs),
    peakHeapMb: Math.round((peakHeap / MB) * 10) / 10,
    peakRssMb: Math.round((peakRss / MB) * 10) / 10,
    errorCells: errors.length,
    ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
  };
}
