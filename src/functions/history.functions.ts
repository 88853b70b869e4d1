// Thin wrappers over src/excel; see catalogue.functions.ts.
import { indexHistory, indexPanel } from "../excel";
import { matrixResult } from "./runtime";

/**
 * Daily or weekly history of an index: dates and values, oldest first. Spills; add columns such as "confidence" or "status".
 * @customfunction HISTORY HISTORY
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [start] First date: a date cell, TODAY()-90, "2024-01-31", or relative "-30D", "-6W", "-6M", "-1Y". Default: the service's own default range (30 days up to the latest value on the reference service).
 * @param [end] Last date, included; same forms as start. Default: the latest value.
 * @param [granularity] "daily" (default) or "weekly" (each week shown by its last freshly published value). 0 and 1 also work, as in STOCKHISTORY.
 * @param [headers] TRUE puts a header row on top. Default FALSE.
 * @param [sort] "asc" (default, oldest first) or "desc" (newest first). 0 and 1 also work, as in STOCKHISTORY.
 * @param [fields] Extra columns after date and value: "confidence", "status", "publicationMode", "derivationMethod", "carriedForwardFrom". One per argument, or a list "confidence,status".
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A table with a date column, a value column and any extra columns asked for.
 */
export function history(
  symbol: string,
  start: number | string,
  end: number | string,
  granularity: string | number,
  headers: boolean,
  sort: string | number,
  fields: string[],
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexHistory(env, [symbol, start, end, granularity, headers, sort, fields]), invocation);
}

/**
 * Several indexes side by side on one shared date column, aligned by day. Spills.
 * @customfunction PANEL PANEL
 * @requiresAddress
 * @param symbols The index symbols: a range of cells, {"A","B"}, or one text "A,B". Up to 20.
 * @param [start] First date: a date cell, "2024-01-31", or relative "-30D", "-6M", "-1Y". Default: the service's default range.
 * @param [end] Last date, included; same forms as start. Default: the latest value.
 * @param [fill] How a day without a value shows: "blank" (default), "previous" (the index's last value) or "na" (#N/A).
 * @param [headers] TRUE (default) puts a header row with the symbols on top; FALSE leaves it out.
 * @param [period] Statistics per period instead of daily values: "weekly", "monthly", "quarterly" or "yearly" (as INDEX.PERIODS). Default: daily values.
 * @param [stats] With a period: the stats, as INDEX.PERIODS takes them (default "avg,observed"). Columns: period start, period end, then per symbol one column per stat ("A avg", "A observed", "B avg"…).
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A table: the date column, then one value column per symbol; with a period, one row per period.
 */
export function panel(
  symbols: string[][],
  start: number | string,
  end: number | string,
  fill: string,
  headers: boolean,
  period: string,
  stats: string,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexPanel(env, symbols, start, end, fill, headers, period, stats), invocation);
}
