// The engine's goals, one line each with the figure and its baseline beside it, from the same run: the cold open
// through the production bundle in Chromium against a bare client (both tiers), the same cold open under every rate
// form × window × count with its worst run (bench/rate-open.ts), the INDEX.CHANGE grid against its request minimum,
// the engine's CPU per open against its minimum on the same answers, the entity batch against its request minimum,
// and peak RSS per cell. Part of `npm run bench`; alone with `npx tsx bench/engine-goals.ts` (BENCH_QUICK=1: fewer
// runs, for a quick look; each scenario also runs alone from its own file).
import {
  CHANGE_GRID_MINIMUM,
  changeGridLines,
  changeGridScenario,
  changeGridTargetsMissed,
  type ChangeGridResult,
} from "./change-grid";
import { coldOpenScenario, type ColdOpenResult } from "./cold-open";
import { CPU_RATIO_GOAL, cpuOpenScenario, type CpuOpenResult } from "./cpu-open";
import { entityBatchPageScenario, type PageBatchCost } from "./entity-batch-page";
import { KB_PER_CELL_GOAL, memoryScenario, type MemoryRow } from "./memory";
import { RATE_OPEN_GOAL, rateOpenLines, rateOpenScenario, rateOpenSummary, type RateOpenResult } from "./rate-open";
import { runAlone } from "./report";

export interface EngineGoalFigures {
  readonly coldOpen: readonly ColdOpenResult[];
  readonly rateOpen: RateOpenResult;
  readonly changeGrid: ChangeGridResult;
  readonly cpu: CpuOpenResult;
  readonly entityBatch: readonly PageBatchCost[];
  readonly memory: readonly MemoryRow[];
}

export interface GoalLine {
  readonly goal: string;
  readonly met: boolean;
  readonly text: string;
}

/** Runs the scenarios one after the other (never side by side: each is timed or sampled). */
export async function engineGoalScenario(): Promise<EngineGoalFigures> {
  const coldOpen = await coldOpenScenario();
  const rateOpen = await rateOpenScenario();
  const changeGrid = await changeGridScenario();
  const cpu = await cpuOpenScenario();
  const entityBatch = await entityBatchPageScenario();
  const memory = await memoryScenario();
  return { coldOpen, rateOpen, changeGrid, cpu, entityBatch, memory };
}

/** One line per goal: the figure, its baseline and the goal. */
export function goalLines(figures: EngineGoalFigures): GoalLine[] {
  const lines: GoalLine[] = figures.coldOpen.map((r) => ({
    goal: `cold open, ${r.open}`,
    met: r.medianRatio <= r.goal,
    text: `median ${r.medianRatio}x: engine ${r.engineMs.join("/")} ms against a bare client ${r.bareMs.join("/")} ms (goal ≤ ${r.goal}x)`,
  }));
  for (const row of rateOpenSummary(figures.rateOpen))
    lines.push({
      goal: `cold open under rate headers ${row.form}, ${row.caller}`,
      met: row.worstRatio <= RATE_OPEN_GOAL && row.errorCells === 0,
      text: `worst ${row.worstRatio}x (${row.worstCase}), median ${row.medianRatio}x over ${row.runs} runs, every window kind, count and opening; error cells ${row.errorCells} (goal every run ≤ ${RATE_OPEN_GOAL}x)`,
    });
  const grid = figures.changeGrid;
  const worst = (requests: readonly number[]) => Math.max(...requests);
  lines.push({
    goal: `INDEX.CHANGE grid, ${grid.cells} cells, latest fixes 16 days old`,
    met: changeGridTargetsMissed(grid).length === 0,
    text: `worst run ${worst(grid.oneByOne.requests)} requests one after another (goal ≤ ${CHANGE_GRID_MINIMUM.oneByOne}), ${worst(grid.atOnce.requests)} all at once (goal ≤ ${CHANGE_GRID_MINIMUM.atOnce}); error cells ${Math.max(grid.oneByOne.errorCells, grid.atOnce.errorCells)}`,
  });
  const { cpu } = figures;
  lines.push({
    goal: "engine CPU per open",
    met: cpu.ratio <= CPU_RATIO_GOAL,
    text: `${cpu.ratio}x: engine ${cpu.medianEngineMs.toFixed(1)} ms against the minimum ${cpu.medianBaselineMs.toFixed(1)} ms on the same ${cpu.answers} answers (goal ≤ ${CPU_RATIO_GOAL}x)`,
  });
  for (const batch of figures.entityBatch)
    lines.push({
      goal: `entity batch, ${batch.name}`,
      met: batch.requests <= batch.minimum && batch.mostAskedOnce <= 1,
      text: `${batch.requests} requests against a minimum of ${batch.minimum}, most asks of one resource ${batch.mostAskedOnce} (goal ≤ minimum, each once)`,
    });
  // The goal is set at 20,000 cells; the smaller sheets are printed beside it (a fixed cost weighs more there).
  for (const row of figures.memory)
    lines.push({
      goal: `peak RSS per cell, ${row.cells.toLocaleString("en-US")} cells`,
      met: row.cells !== 20_000 || row.kbPerCell <= KB_PER_CELL_GOAL,
      text: `${row.kbPerCell} KB per cell: peak ${(row.peakRss / 2 ** 20).toFixed(1)} MB against a baseline of ${(row.baselineRss / 2 ** 20).toFixed(1)} MB after warm-up${row.cells === 20_000 ? ` (goal ≤ ${KB_PER_CELL_GOAL} KB)` : " (no goal at this size)"}`,
    });
  return lines;
}

export function engineGoalLines(figures: EngineGoalFigures): string[] {
  return [
    "The engine's goals (`npx tsx bench/engine-goals.ts`), each figure beside its baseline from this run:",
    ...goalLines(figures).map((line) => `  ${line.met ? "met   " : "MISSED"} ${line.goal}: ${line.text}`),
  ];
}

export function engineGoalsMissed(figures: EngineGoalFigures): string[] {
  return goalLines(figures)
    .filter((line) => !line.met)
    .map((line) => `${line.goal}: ${line.text}`);
}

/** Every figure's own lines (the rate grid's per case, the change grid's per arrival), then the goal lines. */
export function engineGoalReport(figures: EngineGoalFigures): string[] {
  return [...rateOpenLines(figures.rateOpen), ...changeGridLines(figures.changeGrid), "", ...engineGoalLines(figures)];
}

runAlone(module, engineGoalScenario, engineGoalReport, engineGoalsMissed);
