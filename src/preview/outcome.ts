import { displayNumber, type EntityCellValue, isEntityCellValue, isFormattedNumber, serialToIso } from "../formulas";
import { isStandInError } from "./custom-functions-stand-in";

/** One rendered cell, with what the end-to-end test reads back. */
export type PreviewCell =
  | { readonly kind: "number"; readonly value: number; readonly text: string }
  | { readonly kind: "date"; readonly value: number; readonly text: string; readonly numberFormat: string }
  | { readonly kind: "boolean"; readonly value: boolean; readonly text: string }
  | { readonly kind: "text"; readonly text: string }
  /** An entity value (INDEX.CARD): drawn as Excel's card, and readable by `=A1.Field`; `text` is what the cell shows. */
  | { readonly kind: "entity"; readonly entity: EntityCellValue; readonly text: string }
  | { readonly kind: "error"; readonly code: string; readonly message: string; readonly text: string };

/** What a formula shows: still computing, a value or spill, or an error for the whole formula. */
export type Outcome =
  | { readonly state: "busy" }
  | { readonly state: "value"; readonly rows: readonly (readonly PreviewCell[])[] }
  | { readonly state: "error"; readonly code: string; readonly message: string; readonly raw: boolean };

/** Shows a serial the way its number format asks (the formats the add-in uses), in UTC. */
export function formatSerial(serial: number, numberFormat: string): string {
  const iso = serialToIso(serial);
  if (numberFormat === "yyyy-mm-dd") return iso.slice(0, 10);
  if (numberFormat.endsWith(".000")) return iso.slice(0, 23).replace("T", " ");
  if (numberFormat.startsWith("yyyy-mm-dd hh")) return iso.slice(0, 19).replace("T", " ");
  return String(serial);
}

function toPreviewCell(value: unknown): PreviewCell {
  // The text without float noise (src/formulas/display.ts); `value` keeps every digit.
  if (typeof value === "number") return { kind: "number", value, text: displayNumber(value) };
  if (typeof value === "boolean") return { kind: "boolean", value, text: value ? "TRUE" : "FALSE" };
  if (typeof value === "string") return { kind: "text", text: value };
  if (isFormattedNumber(value))
    return {
      kind: "date",
      value: value.basicValue,
      text: formatSerial(value.basicValue, value.numberFormat),
      numberFormat: value.numberFormat,
    };
  if (isStandInError(value)) return { kind: "error", code: value.code, message: value.message, text: value.code };
  if (isEntityCellValue(value)) return { kind: "entity", entity: value, text: value.text };
  if (value === null || value === undefined) return { kind: "text", text: "" };
  return { kind: "text", text: JSON.stringify(value) };
}

/** A settled result (a value, a matrix, or an error object) as an outcome. */
export function outcomeOfValue(value: unknown): Outcome {
  if (isStandInError(value)) return { state: "error", code: value.code, message: value.message, raw: false };
  if (Array.isArray(value)) {
    return {
      state: "value",
      rows: value.map((row: unknown) => (Array.isArray(row) ? row.map(toPreviewCell) : [toPreviewCell(row)])),
    };
  }
  return { state: "value", rows: [[toPreviewCell(value)]] };
}

/** A rejection: a CustomFunctions.Error is what Excel shows; anything else escaped the add-in raw. */
export function outcomeOfRejection(reason: unknown): Outcome {
  if (isStandInError(reason)) return { state: "error", code: reason.code, message: reason.message, raw: false };
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  return { state: "error", code: "#VALUE!", message: `uncaught exception: ${message}`, raw: true };
}
