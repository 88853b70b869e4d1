import { CellError } from "./cell-error";
import { DAY_MS, parseIso } from "@index-data/wire/time";
import { msToSerial } from "./dates";

/**
 * A number with its display format, which a custom function can return where the host supports
 * CustomFunctionsRuntime 1.4 (Excel's FormattedNumberCellValue): a date that shows as a date in the cell.
 */
export interface FormattedNumberCell {
  readonly type: "FormattedNumber";
  readonly basicValue: number;
  readonly numberFormat: string;
}

/** One cell of a result. `""` shows as an empty cell. */
export type ExcelScalar = string | number | boolean | FormattedNumberCell | CellError;
export type Spill = ExcelScalar[][];
/** What a formula evaluates to: one cell, a spill, or (as a scalar) an error for the whole formula. */
export type FormulaResult = ExcelScalar | Spill;

/** What the host can show; detected by the wrapper, passed in so the pure layer has no Office calls. */
export interface ExcelCapabilities {
  /** True where CustomFunctionsRuntime 1.4 is supported: dates come back as formatted numbers. */
  readonly formattedNumbers: boolean;
  /** True where entity values (data types, cards) show; absent: the same as formattedNumbers (both need 1.4). */
  readonly entities?: boolean;
  /** True where entities may carry reference methods, `=A1.History(…)` (ExcelApi 1.19); absent: no methods. */
  readonly referenceMethods?: boolean;
}

export const DATE_FORMAT = "yyyy-mm-dd";
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";
export const DATE_TIME_MS_FORMAT = "yyyy-mm-dd hh:mm:ss.000";

/** A date cell from an instant: a formatted number (date only at midnight UTC), or the plain serial. */
export function dateCellFromMs(ms: number, caps: ExcelCapabilities): number | FormattedNumberCell {
  const serial = msToSerial(ms);
  if (!caps.formattedNumbers) return serial;
  const withinDay = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
  const numberFormat = withinDay === 0 ? DATE_FORMAT : withinDay % 1000 === 0 ? DATE_TIME_FORMAT : DATE_TIME_MS_FORMAT;
  return { type: "FormattedNumber", basicValue: serial, numberFormat };
}

/** A date cell from a service timestamp; text that is not a timestamp is shown as sent. */
export function dateCell(iso: string, caps: ExcelCapabilities): number | FormattedNumberCell | string {
  const ms = parseIso(iso);
  return ms === undefined ? iso : dateCellFromMs(ms, caps);
}

export function isFormattedNumber(value: unknown): value is FormattedNumberCell {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "FormattedNumber" &&
    typeof (value as { basicValue?: unknown }).basicValue === "number"
  );
}

/** A scalar from any JSON-ish field value: numbers and text as is, null/absent as empty, objects as JSON text. */
export function scalarOf(value: unknown): ExcelScalar {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

export function isSpill(result: FormulaResult): result is Spill {
  return Array.isArray(result);
}
