/** Readable text for the CLI: objects as aligned field/value lines, arrays of records as tables. */
import { stripControl } from "@index-data/wire";
import { displayNumber, displayTimestamp } from "../formulas";

export type Row = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A value as terminal-safe text (service strings lose their control characters); numbers and dates as Excel shows
 * them. A missing value (null) is an empty cell, as in the CSV and in Excel, not the word "null".
 */
function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return displayNumber(value);
  if (typeof value === "object") return stripControl(JSON.stringify(value));
  const text = String(value);
  return displayTimestamp(text) ?? stripControl(text);
}

/** Rows as records (a scalar becomes `{ value }`) and their columns in first-seen order. */
export function tableOf(rows: readonly unknown[]): { records: Row[]; columns: string[] } {
  const records = rows.map((row) => (isRecord(row) ? row : { value: row }));
  // A field only some rows carry still gets a column.
  const columns = [...new Set(records.flatMap((row) => Object.keys(row)))];
  return { records, columns };
}

function formatTable(rows: readonly unknown[]): string {
  if (rows.length === 0) return "(none)";
  const { records, columns } = tableOf(rows);
  const header = columns.map(cell);
  const body = records.map((row) => columns.map((column) => cell(row[column])));
  const widths = header.map((name, i) => Math.max(name.length, ...body.map((line) => (line[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((text, i) => text.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** A record's fields, one level of nested records flattened to `outer.inner`; arrays of records kept apart. */
export function flatFields(record: Row, prefix = ""): { fields: [string, unknown][]; tables: [string, unknown[]][] } {
  const fields: [string, unknown][] = [];
  const tables: [string, unknown[]][] = [];
  for (const [key, value] of Object.entries(record)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value) && value.some(isRecord)) tables.push([name, value]);
    else if (isRecord(value) && prefix === "") {
      const inner = flatFields(value, `${name}.`);
      fields.push(...inner.fields);
      tables.push(...inner.tables);
    } else fields.push([name, value]);
  }
  return { fields, tables };
}

function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map(cell).join(", ");
  return cell(value);
}

/** Any client result as text. */
export function formatResult(result: unknown): string {
  if (Array.isArray(result)) return formatTable(result);
  if (!isRecord(result)) return cell(result);
  const { fields, tables } = flatFields(result);
  const lines = fields.map(([name, value]): [string, string] => [cell(name), fieldText(value)]);
  const width = Math.max(0, ...lines.map(([name]) => name.length));
  const block = lines.map(([name, value]) => `${name.padEnd(width)}  ${value}`.trimEnd()).join("\n");
  const tableTexts = tables.map(([name, rows]) => `${cell(name)}:\n${formatTable(rows)}`);
  return [block, ...tableTexts].filter((part) => part !== "").join("\n\n");
}
