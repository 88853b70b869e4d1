// Thin wrappers over src/excel; see catalogue.functions.ts.
import { indexPeriods } from "../excel";
import { matrixResult } from "./runtime";

/**
 * Weekly, monthly, quarterly or yearly statistics of an index, with how many days were observed. Spills one row per period, oldest first. Only freshly published values count; carried-forward days count in "carried" only. Where the service does not mark carried-forward days (older services), every value counts as observed.
 * @customfunction PERIODS PERIODS
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [start] First date: a date cell, TODAY()-90, "2024-01-31", or relative "-30D", "-6M", "-1Y". Default: the service's own default range. A period cut by the range shows the cut dates.
 * @param [end] Last date, included; same forms as start. Default: the latest value.
 * @param [period] "weekly" (ISO weeks, Monday to Sunday, as INDEX.HISTORY), "monthly" (default), "quarterly" or "yearly".
 * @param [stats] Comma-separated list, default "avg,observed". Any of avg, low, high, first, last, observed (fresh days), carried (carried-forward days), confidence (mean of fresh days), change (last minus the previous row's last), pctchange (change as a fraction).
 * @param [headers] TRUE puts a header row on top: "period start", "period end", then the stats as typed. Default FALSE.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A table: period start, period end, then one column per stat.
 */
export function periods(
  symbol: string,
  start: number | string,
  end: number | string,
  period: string,
  stats: string,
  headers: boolean,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexPeriods(env, [symbol, start, end, period, stats, headers]), invocation);
}
