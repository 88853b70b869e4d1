// Thin wrappers: the work is done in src/excel (pure, tested); these only hand it the shared runtime's
// source and convert its result for Excel. The JSDoc is what Excel shows the person typing the formula.
import { indexFix, indexLatest, indexList } from "../excel";
import { matrixResult, scalarResult } from "./runtime";

// The enums are AutoComplete's lists for the arguments (custom enums, read by the metadata generator from the file
// of the function that takes them); any other text, a cell or another case still reaches src/excel, which decides.

/**
 * Lists every published index: symbol, hub, grade, lead time, description, active, latest value and its date. Spills.
 * @customfunction LIST LIST
 * @requiresAddress
 * @param [activeOnly] TRUE to list only active indexes. Default FALSE (all indexes).
 * @param [headers] TRUE (default) puts a header row on top; FALSE leaves it out.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns A table of the index catalogue, one row per index.
 */
export function list(activeOnly: boolean, headers: boolean, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexList(env, activeOnly, headers), invocation);
}

/**
 * The fields of a latest fix, for INDEX.LATEST.
 * @customenum {string}
 */
export enum LatestField {
  /** The index value (the default). */
  value = "value",
  /** The date and time of the fix, as a date. */
  asOf = "asOf",
  /** The index symbol. */
  symbol = "symbol",
  /** The currency of the value. */
  currency = "currency",
  /** The unit of the value, e.g. USD/kg. */
  unit = "unit",
  /** Confidence in the fix, 0 to 100. */
  confidence = "confidence",
  /** The fix's publication status. */
  status = "status",
  /** The methodology version the fix was computed under. */
  methodologyVersion = "methodologyVersion",
  /** How the value was derived (newer service only). */
  derivationMethod = "derivationMethod",
  /** How the value was published (newer service only). */
  publicationMode = "publicationMode",
  /** The date a carried-forward value was first published; empty when fresh. */
  carriedForwardFrom = "carriedForwardFrom",
  /** Contributors behind the fix. */
  contributors = "contributors",
  /** Executed trades behind the fix. */
  executedTrades = "executedTrades",
  /** Firm quotes behind the fix. */
  firmQuotes = "firmQuotes",
  /** Indicative quotes behind the fix. */
  indicatives = "indicatives",
  /** Total mass behind the fix, in kg. */
  totalMassKg = "totalMassKg",
  /** The largest contributor's share of the fix, as a fraction. */
  topContributorShare = "topContributorShare",
  /** TRUE when the service could not answer and this is the last-known value. */
  stale = "stale",
  /** When the add-in received the fix, as a date. */
  fetchedAt = "fetchedAt",
}

/**
 * The latest value of an index, or any one field of its latest fix (as-of date, confidence, status, coverage...).
 * @customfunction LATEST LATEST
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).
 * @param [field] Which figure: "value" (default), "asOf", "confidence", "status", "publicationMode", "carriedForwardFrom", a coverage figure such as "topContributorShare", or "stale" (TRUE when the service could not answer and this is the last-known value).
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The value; dates come back as dates.
 */
export function latest(
  symbol: string,
  field: LatestField,
  invocation: CustomFunctions.Invocation,
): Promise<number | string | boolean | Excel.FormattedNumberCellValue> {
  return scalarResult((env) => indexLatest(env, symbol, field), invocation);
}

/**
 * The whole latest fix of an index as field/value rows: the audit card behind a number (value, as-of, confidence, status, methodology, derivation, coverage). Spills.
 * @customfunction FIX FIX
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [headers] TRUE puts a "field | value" header row on top. Default FALSE.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns Two columns: field name and value. Fields this service does not publish are left out.
 */
export function fix(symbol: string, headers: boolean, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexFix(env, symbol, headers), invocation);
}
