// Thin wrappers over src/excel; see catalogue.functions.ts. INDEX.PANEL lives here beside INDEX.PERIODS because
// both take a period and stats, and a custom enum serves only the functions of the file that declares it.
import { cardPeriods, indexPanel, indexPeriods } from "../excel";
import { matrixResult } from "./runtime";

/**
 * The calendar periods of INDEX.PERIODS and INDEX.PANEL.
 * @customenum {string}
 */
export enum Period {
  /** ISO weeks, Monday to Sunday, as INDEX.HISTORY's weekly rows. */
  weekly = "weekly",
  /** Calendar months (INDEX.PERIODS' default). */
  monthly = "monthly",
  /** Calendar quarters. */
  quarterly = "quarterly",
  /** Calendar years. */
  yearly = "yearly",
}

/**
 * The statistics of a period; several go as one list, "avg,observed".
 * @customenum {string}
 */
export enum PeriodStat {
  /** Mean of the freshly published values. */
  avg = "avg",
  /** Lowest fresh value. */
  low = "low",
  /** Highest fresh value. */
  high = "high",
  /** First fresh value of the period. */
  first = "first",
  /** Last fresh value of the period. */
  last = "last",
  /** Days with a freshly published value. */
  observed = "observed",
  /** Days with a carried-forward value. */
  carried = "carried",
  /** Mean confidence of the fresh days. */
  confidence = "confidence",
  /** Last value minus the previous row's last. */
  change = "change",
  /** The change as a fraction of the previous row's last. */
  pctchange = "pctchange",
}

/**
 * How INDEX.PANEL shows a day without a value.
 * @customenum {string}
 */
export enum PanelFill {
  /** An empty cell (the default). */
  blank = "blank",
  /** The index's last value before that day. */
  previous = "previous",
  /** #N/A, so charts skip the day. */
  na = "na",
}

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
  period: Period,
  stats: PeriodStat,
  headers: boolean,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexPeriods(env, [symbol, start, end, period, stats, headers]), invocation);
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
  fill: PanelFill,
  headers: boolean,
  period: Period,
  stats: PeriodStat,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexPanel(env, symbols, start, end, fill, headers, period, stats), invocation);
}

/**
 * Period statistics of the index in a card or Index entity, as INDEX.PERIODS gives them: =A1.Periods("weekly").
 * @customfunction CARD.PERIODS CARD.PERIODS
 * @capturesCallingObject
 * @excludeFromAutoComplete
 * @requiresAddress
 * @param card The INDEX.CARD cell or Index entity the method is called on (Excel passes it).
 * @param [period] "weekly", "monthly" (default), "quarterly" or "yearly".
 * @param [stats] Comma-separated list, default "avg,observed" (as INDEX.PERIODS).
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A table: period start, period end, then one column per stat.
 */
export function periodsMethod(
  card: Excel.CellValue,
  period: Period,
  stats: PeriodStat,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => cardPeriods(env, card, period, stats), invocation);
}
