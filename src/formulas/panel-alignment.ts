import { pointTime, type HistoryPoint, type PeriodSummary } from "@index-data/wire";
import { notAvailable } from "./cell-error";
import { dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type Spill } from "./cells";
import { startOfUtcDay } from "@index-data/wire/time";
import { statCells, type StatColumn } from "./period-stats";

/** How a day without a value for one index shows: an empty cell, the index's previous value, or #N/A. */
export type PanelFill = "blank" | "previous" | "na";

interface PanelColumn {
  readonly symbol: string;
  readonly points: readonly HistoryPoint[];
}

/**
 * Aligns several histories on one date column: the union of their UTC days, ascending. Indexes publish at
 * different times of day, so rows are days, not instants; two points on one day keep the later one.
 */
export function alignPanel(columns: readonly PanelColumn[], fill: PanelFill, caps: ExcelCapabilities): Spill {
  const byDay = columns.map((column) => valuesByDay(column.points));
  const days = [...new Set(byDay.flatMap((values) => [...values.keys()]))].sort((a, b) => a - b);
  const previous: (number | undefined)[] = columns.map(() => undefined);
  return days.map((day) => [
    dateCellFromMs(day, caps),
    ...byDay.map((values, index): ExcelScalar => {
      const value = values.get(day);
      if (value !== undefined) {
        previous[index] = value;
        return value;
      }
      return missingCell(fill, previous[index], columns[index]?.symbol ?? "");
    }),
  ]);
}

function valuesByDay(points: readonly HistoryPoint[]): Map<number, number> {
  const values = new Map<number, number>();
  const sorted = [...points].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const point of sorted) {
    const ms = pointTime(point);
    if (!Number.isNaN(ms)) values.set(startOfUtcDay(ms), point.value);
  }
  return values;
}

function missingCell(fill: PanelFill, previous: number | undefined, symbol: string): ExcelScalar {
  if (fill === "previous") return previous ?? "";
  if (fill === "na") return notAvailable(`no value for '${symbol}' on this date`);
  return "";
}

/** A panel column of period statistics: one symbol's summaries, and the stat columns asked for. */
interface PeriodPanelColumn {
  readonly symbol: string;
  readonly summaries: readonly PeriodSummary[];
}

/**
 * Period statistics of several indexes side by side: one row per period any of them has values in,
 * oldest first; period start, period end, then per symbol one column per stat (A avg, A observed, B avg…).
 * A period an index has no values in is empty, or #N/A with fill "na".
 */
export function alignPeriodPanel(
  columns: readonly PeriodPanelColumn[],
  stats: readonly StatColumn[],
  fill: PanelFill,
  caps: ExcelCapabilities,
): Spill {
  const byStart = columns.map((column) => new Map(column.summaries.map((summary) => [summary.start, summary])));
  const bounds = new Map<number, number>();
  for (const summary of columns.flatMap((column) => column.summaries))
    bounds.set(summary.start, Math.max(summary.end, bounds.get(summary.start) ?? summary.end));
  return [...bounds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, end]) => [
      dateCellFromMs(start, caps),
      dateCellFromMs(end, caps),
      ...byStart.flatMap((summaries, index) => {
        const summary = summaries.get(start);
        if (summary === undefined && fill === "na")
          return stats.map(() => missingCell("na", undefined, columns[index]?.symbol ?? ""));
        return statCells(summary, stats);
      }),
    ]);
}

export function periodPanelHeader(symbols: readonly string[], stats: readonly StatColumn[]): string[] {
  return [
    "period start",
    "period end",
    ...symbols.flatMap((symbol) => stats.map((stat) => `${symbol} ${stat.header}`)),
  ];
}
