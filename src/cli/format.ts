/** Readable text for the CLI: objects as aligned field/value lines, arrays of records as tables. */

type Row = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function cell(value: unknown): string {
  if (value === undefined) return "";
  if (value === null) return "null";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Columns in first-seen order across all rows, so a field only some rows carry still gets a column. */
export function formatTable(rows: readonly unknown[]): string {
  if (rows.length === 0) return "(none)";
  const records = rows.map((row) => (isRecord(row) ? row : { value: row }));
  const columns = [...new Set(records.flatMap((row) => Object.keys(row)))];
  const body = records.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...body.map((line) => (line[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((text, i) => text.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(columns), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

function fieldLines(record: Row, prefix: string, tables: string[]): [string, string][] {
  const lines: [string, string][] = [];
  for (const [key, value] of Object.entries(record)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value) && value.some(isRecord)) tables.push(`${name}:\n${formatTable(value)}`);
    else if (Array.isArray(value)) lines.push([name, value.length === 0 ? "(none)" : value.map(cell).join(", ")]);
    else if (isRecord(value) && prefix === "") lines.push(...fieldLines(value, `${name}.`, tables));
    else lines.push([name, cell(value)]);
  }
  return lines;
}

/** Any client result as text. */
export function formatResult(result: unknown): string {
  if (Array.isArray(result)) return formatTable(result);
  if (!isRecord(result)) return cell(result);
  const tables: string[] = [];
  const lines = fieldLines(result, "", tables);
  const width = Math.max(0, ...lines.map(([name]) => name.length));
  const block = lines.map(([name, value]) => `${name.padEnd(width)}  ${value}`.trimEnd()).join("\n");
  return [block, ...tables].filter((part) => part !== "").join("\n\n");
}
