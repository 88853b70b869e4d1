import { notAvailable } from "./cell-error";
import { scalarOf, type ExcelScalar, type FormulaResult, type Spill } from "./cells";

/** Puts a header row on top when asked. */
export function withHeaderRow(header: readonly string[], rows: Spill, headers: boolean): Spill {
  return headers ? [[...header], ...rows] : rows;
}

/** A spill, or `#N/A` with `emptyMessage` when there are no rows: Excel cannot show an empty array. */
export function spillOrEmpty(
  rows: Spill,
  header: readonly string[],
  headers: boolean,
  emptyMessage: string,
): FormulaResult {
  if (rows.length === 0) return notAvailable(emptyMessage);
  return withHeaderRow(header, rows, headers);
}

/** A spill no cell can change: the cells that share it read it, and Excel's runtime only copies it out. */
export function frozenSpill(result: FormulaResult): FormulaResult {
  if (!Array.isArray(result)) return result;
  for (const row of result) Object.freeze(row);
  return Object.freeze(result) as FormulaResult;
}

export const FIELD_VALUE_HEADER = ["field", "value"] as const;

/**
 * Any JSON value as cells, for documents whose inner shape the spec leaves open (methodology): a scalar as
 * is, a list as a column (a list of records as a table with a header row), a record as field/value rows.
 */
export function jsonToResult(value: unknown): FormulaResult {
  if (Array.isArray(value)) return listToResult(value);
  if (typeof value === "object" && value !== null) {
    const rows = Object.entries(value).map(([key, inner]): ExcelScalar[] => [key, scalarOf(inner)]);
    return rows.length > 0 ? rows : "";
  }
  return scalarOf(value);
}

function listToResult(items: readonly unknown[]): FormulaResult {
  if (items.length === 0) return "";
  const records = items.every((item) => typeof item === "object" && item !== null && !Array.isArray(item));
  if (!records) return items.map((item) => [scalarOf(item)]);
  const keys = [...new Set(items.flatMap((item) => Object.keys(item as object)))];
  const rows = items.map((item) => keys.map((key) => scalarOf((item as Record<string, unknown>)[key])));
  return [keys, ...rows];
}
