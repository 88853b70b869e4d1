// Memory per cell: scale.ts's sheets (200 symbols, few distinct resources) of 1,000, 5,000 and 20,000 cells,
// each opened in a process of its own on the production bundle (bench/open-replay.ts), after a small warm-up
// sheet; the peak RSS of the open above the process's RSS before it, per cell. The answers are recorded once from
// the reference service and replayed by a fake fetch, so the figure is the client's alone. Run alone with
// `npx tsx bench/memory.ts`.
import { recordSheet, runReplay } from "./cpu-open";
import type { MemoryFigures } from "./open-replay";
import { runAlone } from "./report";
import { scaleSheet } from "./scale";

const SIZES = [1_000, 5_000, 20_000] as const;
const WARM_UP_CELLS = 200;
/** 191 more indexes beside the reference dataset's nine: 200 symbols, as bench/scale.ts. */
const EXTRA_INDEXES = 191;
/** The goal: at most this many KB of RSS per cell at 20,000 cells. */
export const KB_PER_CELL_GOAL = 5;
export const MEMORY_COMMAND = "npx tsx bench/memory.ts";

/** The added indexes first: they have history back to 2022 (a young index has none 120 days back). */
function scaleCells(size: number): (symbols: readonly string[]) => ReturnType<typeof scaleSheet> {
  return (symbols) =>
    scaleSheet(
      [...symbols.filter((s) => s.startsWith("SCALE-")), ...symbols.filter((s) => !s.startsWith("SCALE-"))],
      size,
    );
}

export interface MemoryRow extends MemoryFigures {
  readonly kbPerCell: number;
}

export async function memoryScenario(): Promise<MemoryRow[]> {
  const warmUp = await recordSheet(scaleCells(WARM_UP_CELLS), EXTRA_INDEXES);
  const rows: MemoryRow[] = [];
  for (const size of SIZES) {
    const sheet = await recordSheet(scaleCells(size), EXTRA_INDEXES);
    const figures = await runReplay<MemoryFigures>({ mode: "memory", ...sheet, warmUp });
    const kbPerCell = (figures.peakRss - figures.baselineRss) / 1024 / figures.cells;
    rows.push({ ...figures, kbPerCell: Math.round(kbPerCell * 100) / 100 });
  }
  return rows;
}

const MB = 1024 * 1024;

export function memoryLines(rows: readonly MemoryRow[]): string[] {
  return [
    `Memory per cell (\`${MEMORY_COMMAND}\`): the scale sheet (200 symbols) on the production bundle, each size in a process of its own after a ${WARM_UP_CELLS}-cell warm-up, recorded answers replayed; peak RSS of the open above the RSS before it:`,
    ...rows.map(
      (r) =>
        `  ${r.cells} cells: peak RSS ${(r.peakRss / MB).toFixed(1)} MB above a baseline of ${(r.baselineRss / MB).toFixed(1)} MB: ${r.kbPerCell} KB per cell${r.cells === 20_000 ? ` (goal ≤ ${KB_PER_CELL_GOAL} KB)` : ""}; peak heap ${(r.peakHeapUsed / MB).toFixed(1)} MB; requests ${r.requests}; error cells ${r.errorCells}`,
    ),
  ];
}

export function memoryTargetsMissed(rows: readonly MemoryRow[]): string[] {
  return rows.flatMap((r) => [
    ...(r.cells === 20_000 && r.kbPerCell > KB_PER_CELL_GOAL
      ? [`memory: ${r.kbPerCell} KB per cell at 20,000 cells (goal ${KB_PER_CELL_GOAL} KB)`]
      : []),
    ...(r.errorCells > 0 ? [`memory ${r.cells}: ${r.errorCells} error cells`] : []),
  ]);
}

runAlone(module, memoryScenario, memoryLines, memoryTargetsMissed);
