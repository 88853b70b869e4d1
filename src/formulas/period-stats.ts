import type { ExcelScalar } from "./cells";
import type { PeriodStat, PeriodSummary } from "@index-data/wire";

// A period's statistics as cells; their pure core (summarisePeriods) is @index-data/wire's, which the gateway's MCP
// tools share.

/** A stat as asked for: what is computed, and the header as the user typed it. */
export interface StatColumn {
  readonly stat: PeriodStat;
  readonly header: string;
}

/** A period's stats as cells; a stat with no value (e.g. avg of a period of carried days only) is empty. */
export function statCells(summary: PeriodSummary | undefined, columns: readonly StatColumn[]): ExcelScalar[] {
  return columns.map((column) => summary?.stats[column.stat] ?? "");
}
