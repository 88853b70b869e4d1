import {
  derivedKey,
  derivedOf,
  WINDOW_DAYS,
  type Answered,
  type CapacityMetrics,
  type ForwardCurve,
  type Volatility,
} from "@index-data/wire";
import { isOmitted, parseField, parseFlag, parseSymbol, parseWholeNumber } from "../arguments";
import type { ExcelCapabilities, FormulaResult } from "../cells";
import { invalidArgument, notAvailable } from "../cell-error";
import { evaluate, loadShaped, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames, fieldRows } from "../fields/field-table";
import { CAPACITY_FIELDS, type CapacityField } from "../fields/service-fields";
import { frozenSpill, withHeaderRow } from "../spill";

/** INDEX.VOL(symbol, [windowDays]): annualized volatility as a fraction; the window is checked first. */
export function indexVol(env: FormulaEnv, symbolArg: unknown, windowArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "volatility", () => {
    const symbol = parseSymbol(symbolArg);
    const windowDays = parseWholeNumber(windowArg, "windowDays", WINDOW_DAYS);
    return () => loadShaped(env, "volatility", [symbol, windowDays], annualizedVol);
  });
}

/** The figure a volatility cell shows (one function for every cell: see loadShaped). */
function annualizedVol(served: Answered<Volatility>): number {
  return served.data.annualizedVol;
}

const FORWARD_HEADER = ["tenorMonths", "tenorLabel", "forwardPrice", "spreadBps"] as const;
/** A tenor as the curve labels it: a whole number of months, "3M". */
const TENOR_FORM = /^\s*(\d{1,3})\s*M\s*$/i;

/**
 * INDEX.FORWARD(symbol, [headers], [tenor]): the forward curve, one row per tenor, headers shown by default; with a
 * tenor ("3M"), that tenor's forward price alone, one value a table's cell can hold (a spill cannot stand in a table).
 */
export function indexForward(
  env: FormulaEnv,
  symbolArg: unknown,
  headersArg: unknown,
  tenorArg?: unknown,
): Promise<FormulaResult> {
  return evaluate(env, "the forward curve", () => {
    const symbol = parseSymbol(symbolArg);
    const headers = parseFlag(headersArg, "headers", true);
    const tenor = isOmitted(tenorArg) ? undefined : parseTenor(tenorArg);
    const shape =
      tenor === undefined ? forwardCell.bind(undefined, symbol, headers) : tenorPrice.bind(undefined, symbol, tenor);
    return () => loadShaped(env, "forward", [symbol], shape);
  });
}

/** A tenor in months, from "3M" (any case) or a number of months. */
function parseTenor(value: unknown): number {
  const months = typeof value === "number" ? value : Number(TENOR_FORM.exec(String(value))?.[1] ?? Number.NaN);
  if (!Number.isInteger(months) || months < 1 || months > 600)
    throw invalidArgument("tenor", 'give a tenor in months as the curve labels it, e.g. "1M" or "3M"', value);
  return months;
}

/** One tenor's forward price (bound to each cell: see loadShaped). */
function tenorPrice(symbol: string, months: number, served: Answered<ForwardCurve>): FormulaResult {
  const point = served.data.curve.find((p) => p.tenorMonths === months);
  if (point !== undefined) return point.forwardPrice;
  const labels = served.data.curve.map((p) => p.tenorLabel).join(", ");
  return notAvailable(`no ${months}M tenor on the forward curve of '${symbol}' (it has ${labels || "none"})`);
}

/** What a forward cell shows of a served curve (bound to each cell: see loadShaped). */
function forwardCell(symbol: string, headers: boolean, served: Answered<ForwardCurve>): FormulaResult {
  return served.data.curve.length === 0
    ? notAvailable(`no data: '${symbol}' has an empty forward curve`)
    : forwardSpill(served, headers);
}

/** The keys of the forward curve's two spills, with and without the header row. */
const FORWARD_SPILLS = {
  true: derivedKey<FormulaResult>("forward spill, headers"),
  false: derivedKey<FormulaResult>("forward spill"),
} as const;

/**
 * The curve's rows, made once per answer and header choice: every cell that shows the same curve the same way gets
 * the same frozen spill, kept with the answer in its cache entry (`derived`).
 */
function forwardSpill(served: Answered<ForwardCurve>, headers: boolean): FormulaResult {
  const forward = served.data;
  return derivedOf(served).get(FORWARD_SPILLS[`${headers}`], () => {
    const rows = forward.curve.map((p) => [p.tenorMonths, p.tenorLabel, p.forwardPrice, p.spreadBps]);
    return frozenSpill(withHeaderRow(FORWARD_HEADER, rows, headers));
  });
}

export const CAPACITY_FIELD_NAMES: readonly CapacityField[] = fieldNames(CAPACITY_FIELDS);

/** INDEX.CAPACITY(symbol, [field]): one capacity figure, or (no field) the whole record as field/value rows. */
export function indexCapacity(env: FormulaEnv, symbolArg: unknown, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "capacity metrics", () => {
    const symbol = parseSymbol(symbolArg);
    const field = isOmitted(fieldArg) ? undefined : parseField(fieldArg, "field", CAPACITY_FIELD_NAMES, "fillRatio");
    return () => loadShaped(env, "capacity", [symbol], capacityCell.bind(undefined, field, env.caps));
  });
}

/** One capacity figure, or the whole record as rows (bound to each cell: see loadShaped). */
function capacityCell(
  field: CapacityField | undefined,
  caps: ExcelCapabilities,
  served: Answered<CapacityMetrics>,
): FormulaResult {
  return field !== undefined
    ? fieldCell(CAPACITY_FIELDS, field, served.data, caps)
    : fieldRows(CAPACITY_FIELDS, served.data, caps);
}
