import type { HistoryPoint } from "../client/resources/history";
import { notAvailable } from "./cell-error";
import { dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type Spill } from "./cells";
import { startOfUtcDay } from "../time";

/** How a day without a value for one index shows: an empty cell, the index's previous value, or #N/A. */
export type PanelFill = "blank" | "previous" | "na";

export interface PanelColumn {
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
    const ms = Date.parse(point.date);
    if (!Number.isNaN(ms)) values.set(startOfUtcDay(ms), point.value);
  }
  return values;
}

function missingCell(fill: PanelFill, previous: number | undefined, symbol: string): ExcelScalar {
  if (fill === "previous") return previous ?? "";
  if (fill === "na") return notAvailable(`no value for '${symbol}' on this date`);
  return "";
}
