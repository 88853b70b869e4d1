// Bundled as production code (bench/bundle.ts) and run in a process of its own by bench/cpu-open.ts and
// bench/memory.ts: a sheet opened on a fresh engine whose fetch replays recorded answers, each cell evaluated as its
// custom function does (its own CellSource at its own address, through the pure layer). Reads its task from the
// JSON file named by its argument and prints its figures as one line of JSON.
import { readFileSync } from "node:fs";
import { cellCall } from "../src/engine";
import { CellSource } from "../src/engine";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv, type FormulaResult } from "../src/formulas";
import { evaluateCell, peakMemorySampler } from "./measure";
import { baselineOpen } from "./open-baseline";
import { replayFetch, type RecordedAnswer } from "./recorded-answers";
import type { SheetCell } from "./sheet";

/** A recorded sheet: its cells, and the service's answers the replay gives them. */
export interface RecordedSheet {
  readonly answers: readonly RecordedAnswer[];
  readonly cells: readonly SheetCell[];
}

export type ReplayTask =
  | (RecordedSheet & { readonly mode: "cpu"; readonly warmUps: number; readonly runs: number })
  | (RecordedSheet & {
      readonly mode: "memory";
      /** A small sheet of its own, opened first so that what is measured is not the code's first run. */
      readonly warmUp: RecordedSheet;
    });

/** What an open asked (requests the engine made) and how many of its cells ended as errors. */
export interface OpenOutcome {
  readonly requests: number;
  readonly errorCells: number;
}

export interface CpuFigures extends OpenOutcome {
  /** CPU ms of each engine open (every cell settled, then every last-known value written). */
  readonly engineMs: readonly number[];
  /** CPU ms of the baseline on the same answers, each run right after the engine's. */
  readonly baselineMs: readonly number[];
}

export interface MemoryFigures extends OpenOutcome {
  readonly cells: number;
  /** RSS after the warm-up and a full collection, before the open (bytes). */
  readonly baselineRss: number;
  /** The most RSS seen during the open, sampled every 5 ms and at its end (bytes). */
  readonly peakRss: number;
  readonly peakHeapUsed: number;
}

/** The cell at row `i` of a sheet 20 columns wide, as Excel writes its address. */
function addressOf(i: number): string {
  return `Sheet1!${String.fromCharCode(65 + (i % 20))}${Math.floor(i / 20) + 1}`;
}

function isError(result: FormulaResult): boolean {
  if (isCellError(result)) return true;
  return Array.isArray(result) && result.some((row) => row.some((cell) => isCellError(cell)));
}

/**
 * What the add-in's host holds for the whole session (src/office/engine-host.ts): the engine of the current
 * settings, handed to every cell's source through one function. The bench swaps the engine at each open, as new
 * settings would; closures made per open instead would let the optimizer bake one open's engine into its code,
 * which every later open throws away and compiles again (a cost no add-in pays: its host lives as long as it does).
 */
const host: { ready: RequestEngine | undefined; current: Promise<RequestEngine> } = {
  ready: undefined,
  current: new Promise<RequestEngine>(() => undefined),
};
const readyEngine = (): RequestEngine | undefined => host.ready;
const currentEngine = (): Promise<RequestEngine> => host.current;

/**
 * One open on a fresh engine; resolves when every cell settled and every last-known value is written, with the
 * cells' results (held until then, as the runtime holds them until Excel has them all) and what the open made.
 */
async function engineOpen(answers: readonly RecordedAnswer[], cells: readonly SheetCell[]) {
  const asked: string[] = [];
  const engine = new RequestEngine(
    // Answered a millisecond later, as by a service next door: the header rule reads each answer after its send.
    { baseUrl: "http://127.0.0.1:9", fetch: replayFetch(answers, asked, 1) },
    { storage: new MemoryStorage(), budgetChannel: null },
  );
  // The whole sheet counts as visible, as Excel's used range above 10,000 cells does (src/office/app-context/visible-range.ts).
  engine.setVisible(() => true);
  host.ready = engine;
  host.current = Promise.resolve(engine);
  // Each cell as Excel calls it: through functions that live as long as the process (the add-in's registered
  // functions), not callbacks made per open, which the optimizer would compile again at every open.
  const envs: FormulaEnv[] = [];
  const pending: Promise<FormulaResult>[] = [];
  for (let i = 0; i < cells.length; i += 1) {
    const env: FormulaEnv = {
      source: new CellSource(currentEngine, cellCall(addressOf(i), false), readyEngine),
      caps: { formattedNumbers: true },
      settleMs: engine.options.settleBoundMs,
    };
    envs.push(env);
    pending.push(evaluateCell(env, cells[i] as SheetCell));
  }
  const results = await Promise.all(pending);
  await engine.flush();
  engine.close();
  return { requests: asked.length, results, made: { engine, envs } };
}

/** What an open asked and how many of its cells ended as errors: counted after its CPU time was taken. */
function outcome(open: { requests: number; results: readonly FormulaResult[] }): OpenOutcome {
  return { requests: open.requests, errorCells: open.results.filter(isError).length };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * Engine and baseline alternating, each on a heap just collected (each pays for its own garbage only). The previous
 * engine open is held across that collection, as a running add-in holds its engine and its cells: the collection
 * would otherwise drop the hidden classes of everything the open made (the engine's objects, the cells' sources),
 * and every run would pay to optimize again the code that used them, a cost of this loop rather than of an open.
 * The baseline makes nothing of its own to hold (its objects are the answers' JSON and plain arrays).
 */
async function cpuFigures(task: Extract<ReplayTask, { mode: "cpu" }>): Promise<CpuFigures> {
  let held: unknown;
  for (let i = 0; i < task.warmUps; i += 1) {
    held = (await engineOpen(task.answers, task.cells)).made;
    baselineOpen(task.answers, task.cells);
  }
  const engineMs: number[] = [];
  const baselineMs: number[] = [];
  let last = { requests: 0, errorCells: 0 };
  for (let i = 0; i < task.runs; i += 1) {
    gc();
    let since = process.cpuUsage();
    const open = await engineOpen(task.answers, task.cells);
    engineMs.push(cpuMs(since));
    last = outcome(open);
    held = open.made; // the run before is let go only now
    gc();
    since = process.cpuUsage();
    baselineOpen(task.answers, task.cells);
    baselineMs.push(cpuMs(since));
  }
  void held;
  return { engineMs, baselineMs, ...last };
}

async function memoryFigures(task: Extract<ReplayTask, { mode: "memory" }>): Promise<MemoryFigures> {
  await engineOpen(task.warmUp.answers, task.warmUp.cells);
  host.ready = undefined; // the baseline holds no engine
  gc();
  const baselineRss = process.memoryUsage().rss;
  const memory = peakMemorySampler(5, { rss: baselineRss, heapUsed: 0 });
  const open = await engineOpen(task.answers, task.cells);
  const peak = memory.stop();
  return { cells: task.cells.length, baselineRss, peakRss: peak.rss, peakHeapUsed: peak.heapUsed, ...outcome(open) };
}

async function main(): Promise<void> {
  const task = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as ReplayTask;
  const figures = task.mode === "cpu" ? await cpuFigures(task) : await memoryFigures(task);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
