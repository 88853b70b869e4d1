// Thin wrappers over src/excel; see catalogue.functions.ts. The enums are AutoComplete's lists for the arguments
// (custom enums: the metadata generator reads them from this file); any other text, a cell or another case still
// reaches src/excel, which decides what it accepts.
import { cardHistory, indexHistory } from "../excel";
import { matrixResult } from "./runtime";

/**
 * Daily or weekly rows.
 * @customenum {string}
 */
export enum Granularity {
  /** One row per day with a value (the default). */
  daily = "daily",
  /** One row per ISO week, shown by its last freshly published value. */
  weekly = "weekly",
}

/**
 * The order of the rows.
 * @customenum {string}
 */
export enum SortOrder {
  /** Oldest first (the default). */
  asc = "asc",
  /** Newest first. */
  desc = "desc",
}

/**
 * The extra columns of INDEX.HISTORY, after date and value.
 * @customenum {string}
 */
export enum HistoryColumn {
  /** The day's confidence, 0 to 100. */
  confidence = "confidence",
  /** The day's publication status. */
  status = "status",
  /** How the value was published (newer service only). */
  publicationMode = "publicationMode",
  /** How the value was derived (newer service only). */
  derivationMethod = "derivationMethod",
  /** The date a carried-forward value was first published; empty on fresh days. */
  carriedForwardFrom = "carriedForwardFrom",
}

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
  granularity: Granularity,
  headers: boolean,
  sort: SortOrder,
  fields: HistoryColumn[],
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexHistory(env, [symbol, start, end, granularity, headers, sort, fields]), invocation);
}

/**
 * The history of the index in a card or Index entity, as INDEX.HISTORY gives it: =A1.History("-30D").
 * @customfunction CARD.HISTORY CARD.HISTORY
 * @capturesCallingObject
 * @excludeFromAutoComplete
 * @requiresAddress
 * @param card The INDEX.CARD cell or Index entity the method is called on (Excel passes it).
 * @param [start] First date: a date cell, "2024-01-31", or relative "-30D", "-6M", "-1Y". Default: the service's default range.
 * @param [end] Last date, included; same forms as start. Default: the latest value.
 * @param [granularity] "daily" (default) or "weekly".
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns Dates and values, oldest first.
 */
export function historyMethod(
  card: Excel.CellValue,
  start: number | string,
  end: number | string,
  granularity: Granularity,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => cardHistory(env, card, start, end, granularity), invocation);
}
