// CPU per open, on the production bundle: the 1,000-cell sheet's answers recorded once from the reference service,
// then replayed to a fresh engine by a fake fetch (no network, no service: the client's CPU alone), beside the baseline
// computed in the same process on the same answers (parse, validate once, write every cell). Run alone with
// `npx tsx bench/cpu-open.ts`.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { IndexDataClient } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import type { FormulaEnv } from "../src/formulas";
import { BENCH_BUILD_DIR, bundleForNode } from "./bundle";
import { requestMinimumOf } from "./request-minimum";
import { evaluateCell } from "./measure";
import type { CpuFigures, ReplayTask } from "./open-replay";
import { recordingFetch, type RecordedAnswer } from "./recorded-answers";
import { startRemoteService } from "./remote-service";
import { runAlone } from "./report";
import { median } from "./round-trips";
import { SHEET_1000, buildSheet, type SheetCell } from "./sheet";

/** The goal: the engine's CPU per open within this multiple of the baseline's. */
export const CPU_RATIO_GOAL = 3;
const WARM_UPS = 5;
const RUNS = 25;
export const CPU_OPEN_COMMAND = "npx tsx bench/cpu-open.ts";

/** A sheet and the answers it needs, recorded from a reference service in this process (untimed). */
export interface RecordedSheet {
  readonly cells: readonly SheetCell[];
  readonly answers: readonly RecordedAnswer[];
}

/**
 * Opens `cells` once on an engine over a fresh reference service (in a process of its own, `extraIndexes` more
 * indexes) and keeps every answer it read. `cellsFor` gets the active indexes with data.
 */
export async function recordSheet(
  cellsFor: (symbols: readonly string[]) => SheetCell[],
  extraIndexes = 0,
): Promise<RecordedSheet> {
  const service = await startRemoteService({ windowMs: 60_000, latencyMs: 0, extraIndexes });
  try {
    const catalogue = await new IndexDataClient({ baseUrl: service.url }).listIndexes();
    const cells = cellsFor(catalogue.filter((i) => i.latestValue !== undefined && i.isActive).map((i) => i.symbol));
    const answers: RecordedAnswer[] = [];
    const engine = new RequestEngine(
      { baseUrl: service.url, fetch: recordingFetch(answers) },
      { storage: new MemoryStorage(), budgetChannel: null },
    );
    const env: FormulaEnv = {
      source: engine,
      caps: { formattedNumbers: true },
      settleMs: engine.options.settleBoundMs,
    };
    await Promise.all(cells.map((cell) => evaluateCell(env, cell)));
    engine.close();
    return { cells, answers };
  } finally {
    await service.close();
  }
}

/** Runs the production bundle of bench/open-replay.ts on `task` in a process of its own; resolves with its figures. */
export async function runReplay<T>(task: ReplayTask): Promise<T> {
  const bundle = await bundleForNode(join(__dirname, "open-replay.ts"), "open-replay");
  mkdirSync(BENCH_BUILD_DIR, { recursive: true });
  const file = join(BENCH_BUILD_DIR, `${task.mode}-${task.cells.length}.json`);
  writeFileSync(file, JSON.stringify(task));
  const { stdout } = await promisify(execFile)(process.execPath, ["--expose-gc", bundle, file], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as T;
}

export interface CpuOpenResult extends CpuFigures {
  readonly cells: number;
  readonly answers: number;
  readonly minimumRequests: number;
  readonly medianEngineMs: number;
  readonly medianBaselineMs: number;
  readonly ratio: number;
}

export async function cpuOpenScenario(): Promise<CpuOpenResult> {
  const sheet = await recordSheet((symbols) => buildSheet(symbols, SHEET_1000));
  const figures = await runReplay<CpuFigures>({ mode: "cpu", ...sheet, warmUps: WARM_UPS, runs: RUNS });
  const medianEngineMs = median(figures.engineMs);
  const medianBaselineMs = median(figures.baselineMs);
  return {
    ...figures,
    cells: sheet.cells.length,
    answers: sheet.answers.length,
    minimumRequests: requestMinimumOf(sheet.cells).requests,
    medianEngineMs,
    medianBaselineMs,
    ratio: Math.round((medianEngineMs / medianBaselineMs) * 100) / 100,
  };
}

const round = (values: readonly number[]) => values.map((v) => v.toFixed(1)).join(", ");

export function cpuOpenLines(result: CpuOpenResult): string[] {
  return [
    `CPU per open (\`${CPU_OPEN_COMMAND}\`): production bundle (webpack, minified) in its own Node process, the ${result.cells}-cell sheet's ${result.answers} recorded answers replayed by a fake fetch to a fresh engine, ${RUNS} runs after ${WARM_UPS} warm-ups, engine and baseline alternating:`,
    `  engine ${result.medianEngineMs.toFixed(1)} ms (median; runs ${round(result.engineMs)}) against the baseline ${result.medianBaselineMs.toFixed(1)} ms (median; runs ${round(result.baselineMs)}): ${result.ratio}x the baseline (goal ≤ ${CPU_RATIO_GOAL}x)`,
    `  baseline = JSON.parse of every answer, zod validation once per answer, every cell written (each history cell its own spill); requests ${result.requests} (baseline ${result.minimumRequests}), error cells ${result.errorCells}`,
  ];
}

export function cpuOpenTargetsMissed(result: CpuOpenResult): string[] {
  return [
    ...(result.ratio > CPU_RATIO_GOAL ? [`CPU per open: ${result.ratio}x the baseline`] : []),
    ...(result.requests !== result.minimumRequests
      ? [`CPU per open: ${result.requests} requests against a baseline of ${result.minimumRequests}`]
      : []),
    ...(result.errorCells > 0 ? [`CPU per open: ${result.errorCells} error cells`] : []),
  ];
}

runAlone(module, cpuOpenScenario, cpuOpenLines, cpuOpenTargetsMissed);
