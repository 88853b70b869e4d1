import type { RemoteService } from "./remote-service";
import type { IndexDataSource } from "../src/client";
import {
  indexCapacity,
  indexForward,
  indexHistory,
  indexLatest,
  indexVol,
  isCellError,
  type FormulaEnv,
  type FormulaResult,
} from "../src/formulas";
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
  /** CPU time of this (the client's) process per 1,000 cells, from the first evaluation to the last settling. */
  readonly cpuMsPer1000: number;
  /** Cells that ended as #N/A or #VALUE! (none should, for our engine). */
  readonly errorCells: number;
  /** First error message seen, to say why cells failed. */
  readonly firstError?: string;
  /** Path and query of every request the service received, in order. */
  readonly paths: readonly string[];
}

/**
 * The minimum's critical path, measured rather than assumed: the wall time of sending `paths` (the requests that
 * answer the sheet) all at once with a bare fetch, no engine. The minimum's requests are independent, so this is
 * one wave, as long as its slowest request (a two-year history is heavier than a status check).
 */
export async function criticalPathMs(baseUrl: string, paths: readonly string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(paths.map(async (path) => (await fetch(`${baseUrl}${path}`)).arrayBuffer()));
  return performance.now() - started;
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

/** The process's memory at its peak (bytes), from `from` on. */
export interface PeakMemory {
  readonly rss: number;
  readonly heapUsed: number;
}

/** Samples the process's memory every `everyMs` until `stop()`, which samples once more and gives the peaks. */
export function peakMemorySampler(everyMs: number, from: PeakMemory = { rss: 0, heapUsed: 0 }): { stop(): PeakMemory } {
  let { rss, heapUsed } = from;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heapUsed = Math.max(heapUsed, now.heapUsed);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rss, heapUsed };
    },
  };
}
/** Runs every cell of `sheet` at once (as Excel does on open or recalculation) and measures the run. */
export async function runSheet(
  source: IndexDataSource,
  sheet: readonly SheetCell[],
  service: RemoteService,
  settleMs: number,
): Promise<Measured> {
  await service.resetRequestLog();
  const env: FormulaEnv = { source, caps: { formattedNumbers: true }, settleMs };
  const memory = peakMemorySampler(10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(sheet.map((cell) => evaluateCell(env, cell)));
  const settledMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const peak = memory.stop();
  const errors = results.map(errorOf).filter((e): e is string => e !== undefined);
  const requests = await service.requestLog();
  return {
    cells: sheet.length,
    requests: requests.length,
    rateLimited: requests.filter((r) => r.status === 429).length,
    settledMs: Math.round(settledMs),
    cpuMsPer1000: Math.round((used.user + used.system) / sheet.length),
    peakHeapMb: Math.round((peak.heapUsed / MB) * 10) / 10,
    peakRssMb: Math.round((peak.rss / MB) * 10) / 10,
    errorCells: errors.length,
    paths: requests.map((r) => r.path),
    ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
  };
}
