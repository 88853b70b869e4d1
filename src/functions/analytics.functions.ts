// Thin wrappers over src/excel; see catalogue.functions.ts.
import { cardCapacity, cardForward, cardVol, indexCapacity, indexForward, indexVol } from "../excel";
import { matrixResult, scalarResult } from "./runtime";

/**
 * Annualized volatility of an index as a fraction (0.15 means 15%), over a rolling window of days.
 * @customfunction VOL VOL
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [windowDays] Length of the rolling window in calendar days, a whole number from 2 to 365. Default 30.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The annualized volatility as a fraction; format the cell as a percentage.
 */
export function vol(
  symbol: string,
  windowDays: number,
  invocation: CustomFunctions.Invocation,
): Promise<number | string | boolean | Excel.FormattedNumberCellValue> {
  return scalarResult((env) => indexVol(env, symbol, windowDays), invocation);
}

/**
 * The forward curve of an index: tenor in months, tenor label, forward price and spread in basis points. Spills.
 * @customfunction FORWARD FORWARD
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [headers] TRUE (default) puts a header row on top; FALSE leaves it out.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns One row per tenor, nearest first.
 */
export function forward(symbol: string, headers: boolean, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexForward(env, symbol, headers), invocation);
}

/**
 * The figures of INDEX.CAPACITY.
 * @customenum {string}
 */
export enum CapacityField {
  /** Booked share of capacity, as a fraction. */
  fillRatio = "fillRatio",
  /** Capacity booked, in kg. */
  bookedKg = "bookedKg",
  /** Capacity available, in kg. */
  availableKg = "availableKg",
  /** Contributors to the capacity figures. */
  contributors = "contributors",
  /** Average lead time, in days. */
  avgLeadTimeDays = "avgLeadTimeDays",
  /** The capacity model's version. */
  modelVersion = "modelVersion",
  /** The model's horizon, in days. */
  horizonDays = "horizonDays",
  /** Where the fill ratio comes from. */
  fillRatioSource = "fillRatioSource",
  /** When the figures were recorded, as a date. */
  recordedAt = "recordedAt",
  /** The index symbol. */
  symbol = "symbol",
}

/**
 * Capacity utilization of an index: one figure, or the whole record as field/value rows.
 * @customfunction CAPACITY CAPACITY
 * @requiresAddress
 * @param symbol Index symbol, e.g. "RTM-NWE-A-1x3".
 * @param [field] One figure: "fillRatio", "bookedKg", "availableKg", "contributors", "avgLeadTimeDays", "modelVersion", "horizonDays", "fillRatioSource", "recordedAt". Leave empty for the whole record.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The figure, or two columns (field, value) when no field is given.
 */
export function capacity(
  symbol: string,
  field: CapacityField,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => indexCapacity(env, symbol, field), invocation);
}

/**
 * The annualized volatility of the index in a card or Index entity, as INDEX.VOL gives it: =A1.Vol(90).
 * @customfunction CARD.VOL CARD.VOL
 * @capturesCallingObject
 * @excludeFromAutoComplete
 * @requiresAddress
 * @param card The INDEX.CARD cell or Index entity the method is called on (Excel passes it).
 * @param [windowDays] Length of the rolling window in calendar days, 2 to 365. Default 30.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The annualized volatility as a fraction.
 */
export function volMethod(
  card: Excel.CellValue,
  windowDays: number,
  invocation: CustomFunctions.Invocation,
): Promise<number | string | boolean | Excel.FormattedNumberCellValue> {
  return scalarResult((env) => cardVol(env, card, windowDays), invocation);
}

/**
 * The forward curve of the index in a card or Index entity, as INDEX.FORWARD gives it: =A1.Forward().
 * @customfunction CARD.FORWARD CARD.FORWARD
 * @capturesCallingObject
 * @excludeFromAutoComplete
 * @requiresAddress
 * @param card The INDEX.CARD cell or Index entity the method is called on (Excel passes it).
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns One row per tenor, nearest first, under a header row.
 */
export function forwardMethod(card: Excel.CellValue, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => cardForward(env, card), invocation);
}

/**
 * Capacity utilization of the index in a card or Index entity, as INDEX.CAPACITY gives it: =A1.Capacity("fillRatio").
 * @customfunction CARD.CAPACITY CARD.CAPACITY
 * @capturesCallingObject
 * @excludeFromAutoComplete
 * @requiresAddress
 * @param card The INDEX.CARD cell or Index entity the method is called on (Excel passes it).
 * @param [field] One figure, e.g. "fillRatio"; leave empty for the whole record.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The figure, or two columns (field, value).
 */
export function capacityMethod(
  card: Excel.CellValue,
  field: CapacityField,
  invocation: CustomFunctions.Invocation,
): Promise<any[][]> {
  return matrixResult((env) => cardCapacity(env, card, field), invocation);
}
