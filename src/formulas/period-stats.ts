import type { ExcelScalar } from "./cells";
import type { PeriodStat, PeriodSummary } from "@index-data/wire";

/** Period statistics' pure core lives in @index-data/wire (the gateway's tools compute them too); cells here. */
export {
  isObservation,
  PERIOD_STATS,
  PERIODS,
  periodLastDay,
  periodStart,
  summarisePeriods,
  type DayBounds,
  type Period,
  type PeriodSummary,
} from "@index-data/wire";

/** A stat as asked for: what is computed, and the header as the user typed it. */
export interface StatColumn {
  readonly stat: PeriodStat;
  readonly header: string;
}

/** A period's stats as cells; a stat with no value (e.g. avg of a period of carried days only) is empty. */
export function statCells(summary: PeriodSummary | undefined, columns: readonly StatColumn[]): ExcelScalar[] {
  return columns.map((column) => summary?.stats[column.stat] ?? "");
}
