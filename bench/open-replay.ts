// Bundled as production code (bench/bundle.ts) and run in a process of its own by bench/cpu-open.ts and
// bench/memory.ts: a sheet opened on a fresh engine whose fetch replays recorded answers, each cell evaluated as its
// custom function does (its own CellSource at its own address, through the pure layer). Reads its task from the
// JSON file named by its argument and prints its figures as one line of JSON.
import { readFileSync } from "node:fs";
import { cellCall } from "../src/engine";
import { CellSource } from "../src/engine";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv, type FormulaResult } from "../src/excel";
import { evaluateCell } from "./measure";
import { floorOpen } from "./open-floor";
import { replayFetch, type RecordedAnswer } from "./recorded-answers";
import type { SheetCell } from "./sheet";

export type ReplayTask =
  | {
      readonly mode: "cpu";
      readonly answers: readonly RecordedAnswer[];
      readonly cells: readonly SheetCell[];
      readonly warmUps: number;
      readonly runs: number;
    }
  | {
      readonly mode: "memory";
      readonly answers: readonly RecordedAnswer[];
      readonly cells: readonly SheetCell[];
      /** A small sheet of its own, opened first so that what is measured is not the code's first run. */
      readonly warmUp: { readonly answers: readonly RecordedAnswer[]; readonly cells: readonly SheetCell[] };
    };

export interface CpuFigures {
  /** CPU ms of each engine open (every cell settled, then every last-known value written). */
  readonly engineMs: readonly number[];
  /** CPU ms of the floor on the same answers, each run right after the engine's. */
  readonly floorMs: readonly number[];
  /** Requests the engine made per open, and cells that ended as errors. */
  readonly requests: number;
  readonly errorCells: number;
}

export interface MemoryFigures {
  readonly cells: number;
  /** RSS after the warm-up and a full collection, before the open (bytes). */
  readonly baselineRss: number;
  /** The most RSS seen during the open, sampled every 5 ms and at its end (bytes). */
  readonly peakRss: number;
  readonly peakHeapUsed: number;
  readonly requests: number;
  readonly errorCells: number;
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
 * One open on a fresh engine; resolves when every cell settled and every last-known value is written, with the
 * cells' results (held until then, as the runtime holds them until Excel has them all).
 */
async function engineOpen(answers: readonly RecordedAnswer[], cells: readonly SheetCell[]) {
  const asked: string[] = [];
  const engine = new RequestEngine(
    // Answered a millisecond later, as by a service next door: the header rule reads each answer after its send.
    { baseUrl: "http://127.0.0.1:9", fetch: replayFetch(answers, asked, 1) },
    { storage: new MemoryStorage(), budgetChannel: null },
  );
  // The whole sheet counts as visible, as Excel's used range above 10,000 cells does (src/office/visible-range.ts).
  engine.setVisible(() => true);
  const engineNow = Promise.resolve(engine);
  const results = await Promise.all(
    cells.map((cell, i) => {
      const env: FormulaEnv = {
        source: new CellSource(
          () => engineNow,
          cellCall(addressOf(i), false),
          () => engine,
        ),
        caps: { formattedNumbers: true },
        settleMs: engine.options.settleBoundMs,
      };
      return evaluateCell(env, cell);
    }),
  );
  await engine.flush();
  engine.close();
  return { requests: asked.length, results };
}

/** What an open asked and how many of its cells ended as errors: counted after its CPU time was taken. */
function outcome(open: { requests: number; results: readonly FormulaResult[] }) {
  return { requests: open.requests, errorCells: open.results.filter(isError).length };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function cpuFigures(task: Extract<ReplayTask, { mode: "cpu" }>): Promise<CpuFigures> {
  for (let i = 0; i < task.warmUps; i += 1) {
    await engineOpen(task.answers, task.cells);
    floorOpen(task.answers, task.cells);
  }
  const engineMs: number[] = [];
  const floorMs: number[] = [];
  let last = { requests: 0, errorCells: 0 };
  for (let i = 0; i < task.runs; i += 1) {
    gc(); // each open starts on a clean heap and pays for its own garbage only
    let since = process.cpuUsage();
    const open = await engineOpen(task.answers, task.cells);
    engineMs.push(cpuMs(since));
    last = outcome(open);
    gc();
    since = process.cpuUsage();
    floorOpen(task.answers, task.cells);
    floorMs.push(cpuMs(since));
  }
  return { engineMs, floorMs, ...last };
}

async function memoryFigures(task: Extract<ReplayTask, { mode: "memory" }>): Promise<MemoryFigures> {
  await engineOpen(task.warmUp.answers, task.warmUp.cells);
  gc();
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let peakHeapUsed = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeapUsed = Math.max(peakHeapUsed, now.heapUsed);
  };
  const sampler = setInterval(sample, 5);
  const open = await engineOpen(task.answers, task.cells);
  sample();
  clearInterval(sampler);
  return { cells: task.cells.length, baselineRss, peakRss, peakHeapUsed, ...outcome(open) };
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
