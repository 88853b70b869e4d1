/**
 * CSV for the CLI's `--csv`: RFC 4180, CRLF line ends, a header row; numbers without float noise (12 significant
 * digits) and dates as Excel reads them ("2025-01-06", or "2025-01-06 16:30:00" UTC).
 */
import { flatFields, isRecord, tableOf, type Row } from "./result-format";
import { stripControl } from "@index-data/wire";
import { displayNumber, displayTimestamp } from "../formulas";

const CRLF = "\r\n";

/** Quotes a field holding a comma, a quote, CR or LF; quotes inside are doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Text a spreadsheet would run as a formula when the CSV is opened (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  // A negative number is a number, not a formula.
  if (typeof value === "number") return displayNumber(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  const date = typeof value === "string" ? displayTimestamp(value) : undefined;
  if (date !== undefined) return date;
  const text = stripControl(typeof value === "object" ? JSON.stringify(value) : String(value));
  // Service text that starts like a formula is shown as text: a leading apostrophe, as spreadsheets do.
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(",") + CRLF;
}

function rowsToCsv(rows: readonly unknown[]): string {
  const { records, columns } = tableOf(rows);
  // No rows, no columns: an empty table prints nothing rather than an empty header line.
  if (columns.length === 0) return "";
  return csvLine(columns.map(csvValue)) + records.map((row) => csvLine(columns.map((c) => csvValue(row[c])))).join("");
}

function recordToCsv(record: Row): string {
  const { fields } = flatFields(record);
  const text = (value: unknown) => (Array.isArray(value) ? value.map(csvValue).join("; ") : csvValue(value));
  return csvLine(fields.map(([name]) => csvValue(name))) + csvLine(fields.map(([, value]) => text(value)));
}

/**
 * The table a result prints as CSV: an array is that table; a record holding exactly one table
 * (history's values, the forward curve) is that table; any other record is one row of its fields.
 */
export function formatCsv(result: unknown): string {
  if (Array.isArray(result)) return rowsToCsv(result);
  if (!isRecord(result)) return csvLine([csvValue(result)]);
  const { tables } = flatFields(result);
  const only = tables.length === 1 ? tables[0] : undefined;
  return only !== undefined ? rowsToCsv(only[1]) : recordToCsv(result);
}
