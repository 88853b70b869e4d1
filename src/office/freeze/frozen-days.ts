import { dayText } from "@index-data/wire/time";
import { serialToMs } from "../../formulas";
import { cellAddress, type ReceiptRow } from "../../workbook";

/**
 * What a receipt row proves a frozen block showed, cell by cell, as published days: which index, which day, which
 * figure (value or status) and what the cell was frozen with. Read from the row alone (its formula, its values and its
 * fix date), so a correction the service made since can be found without the add-in's memory of the sheet.
 *
 * Read: `INDEX.HISTORY` daily (each row's date cell says its day; a header row names the columns, else date, value
 * and the `fields` asked, in order), `INDEX.LATEST` of the value or the status, and `INDEX.FIX`'s value and status
 * rows (the fix's day is the row's "As of"). The symbol must be written in the formula, as the add-in's inserts and
 * pricing sheets write it; a formula that takes it from another cell, a weekly history (a week is shown by its last
 * fresh value, not a day) or any other function proves no day, and says so.
 */

/** A figure of a published day. */
export type DayFigure = "value" | "status";

export interface FrozenDay {
  /** The cell now, e.g. "Sheet1!B3". */
  readonly cell: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly figure: DayFigure;
  /** What the cell was frozen with. */
  readonly frozen: number | string;
}

export type FrozenDays =
  | { readonly ok: true; readonly symbol: string; readonly days: readonly FrozenDay[] }
  | { readonly ok: false; readonly reason: string };

/** Where the block's top-left cell is now (it may have moved since it was frozen). */
export interface BlockAt {
  readonly sheet: string;
  readonly top: number;
  readonly left: number;
}

/** An argument written as a literal: text, a number, TRUE/FALSE; `undefined` when left out; `COMPUTED` otherwise. */
const COMPUTED = Symbol("computed");
type Argument = string | number | boolean | undefined | typeof COMPUTED;

/** The top-level arguments of `=INDEX.NAME(...)`, or undefined when the formula is not one such call alone. */
function callOf(formula: string): { name: string; args: Argument[] } | undefined {
  const match = /^=\s*INDEX\.([A-Z]+)\s*\(([\s\S]*)\)\s*$/i.exec(formula);
  if (match === null) return undefined;
  const [, name = "", inner = ""] = match;
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "(" || char === "{") depth += 1;
    else if (char === ")" || char === "}") depth -= 1;
    else if (char === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
    // A closing parenthesis before the end: the call is part of a larger formula.
    if (depth < 0) return undefined;
  }
  if (quoted || depth !== 0) return undefined;
  parts.push(inner.slice(start));
  return { name: name.toUpperCase(), args: parts.map(literalOf) };
}

function literalOf(text: string): Argument {
  const part = text.trim();
  if (part === "") return undefined;
  if (/^"(?:[^"]|"")*"$/.test(part)) return part.slice(1, -1).replace(/""/g, '"');
  if (/^-?\d+(?:\.\d+)?$/.test(part)) return Number(part);
  if (/^(TRUE|FALSE)$/i.test(part)) return part.toUpperCase() === "TRUE";
  return COMPUTED;
}

/** A date cell's day: an Excel serial (a date shown as a number) or ISO text. */
function dayOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return dayText(serialToMs(value));
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return undefined;
}

function figureValue(figure: DayFigure, value: unknown): number | string | undefined {
  if (figure === "value") return typeof value === "number" && Number.isFinite(value) ? value : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

function parseValues(row: ReceiptRow): unknown[][] | undefined {
  try {
    const parsed: unknown = JSON.parse(row.values);
    return Array.isArray(parsed) && parsed.every(Array.isArray) ? (parsed as unknown[][]) : undefined;
  } catch {
    // Expected: values cut to fit one cell (the row's note says so) are no longer JSON.
    return undefined;
  }
}

const HISTORY_FIELDS: readonly string[] = [
  "confidence",
  "status",
  "publicationMode",
  "derivationMethod",
  "carriedForwardFrom",
];

/**
 * The history's columns: from its header row when it has one (a first row whose date cell is text, not a day: the
 * `headers` argument may come from a cell), else date, value and the fields asked.
 */
function historyColumns(args: readonly Argument[], values: readonly unknown[][]): { columns: string[]; first: number } {
  const header = values[0];
  if (header !== undefined && typeof header[0] === "string" && dayOf(header[0]) === undefined)
    return { columns: header.map((cell) => String(cell)), first: 1 };
  const asked = args
    .slice(6)
    .flatMap((arg) => (typeof arg === "string" ? arg.split(",") : []))
    .map((field) => field.trim())
    .map((field) => HISTORY_FIELDS.find((known) => known.toLowerCase() === field.toLowerCase()) ?? field);
  return { columns: ["date", "value", ...asked], first: 0 };
}

function historyDays(args: readonly Argument[], values: unknown[][], at: BlockAt): FrozenDay[] | string {
  const granularity = args[3];
  if (!(granularity === undefined || granularity === 0 || String(granularity).toLowerCase() === "daily"))
    return "a weekly history shows each week by its last fresh value, not one published day";
  if (args.slice(6).some((arg) => arg === COMPUTED)) return "its extra columns are not written in the formula";
  const { columns, first } = historyColumns(args, values);
  const dateColumn = columns.indexOf("date");
  const days: FrozenDay[] = [];
  values.forEach((cells, r) => {
    const date = r < first ? undefined : dayOf(cells[dateColumn]);
    if (date === undefined) return;
    for (const figure of ["value", "status"] as const) {
      const c = columns.indexOf(figure);
      const frozen = c < 0 ? undefined : figureValue(figure, cells[c]);
      if (frozen !== undefined)
        days.push({ cell: cellAddress(at.sheet, at.top + r, at.left + c), date, figure, frozen });
    }
  });
  return days;
}

function latestDays(
  args: readonly Argument[],
  values: unknown[][],
  row: ReceiptRow,
  at: BlockAt,
): FrozenDay[] | string {
  const date = dayOf(row.asOf);
  if (date === undefined) return "its receipt row has no fix date";
  const field = args[1] === undefined ? "value" : typeof args[1] === "string" ? args[1].toLowerCase() : args[1];
  if (field !== "value" && field !== "status") return "it shows a figure the service does not restate by day";
  const frozen = figureValue(field, values[0]?.[0]);
  const cell = cellAddress(at.sheet, at.top, at.left);
  const days: FrozenDay[] = frozen === undefined ? [] : [{ cell, date, figure: field, frozen }];
  return days;
}

function fixDays(args: readonly Argument[], values: unknown[][], row: ReceiptRow, at: BlockAt): FrozenDay[] | string {
  const date = dayOf(row.asOf);
  if (date === undefined) return "its receipt row has no fix date";
  const days: FrozenDay[] = [];
  values.forEach((cells, r) => {
    const figure = cells[0];
    if (figure !== "value" && figure !== "status") return;
    const frozen = figureValue(figure, cells[1]);
    if (frozen !== undefined) days.push({ cell: cellAddress(at.sheet, at.top + r, at.left + 1), date, figure, frozen });
  });
  return days;
}

/** The published days a receipt row's block showed, cell by cell, where the block is now; or why it proves none. */
export function frozenDaysOf(row: ReceiptRow, at: BlockAt): FrozenDays {
  const call = callOf(row.formula);
  if (call === undefined) return { ok: false, reason: "its formula is not one INDEX function alone" };
  const symbol = call.args[0];
  if (typeof symbol !== "string" || symbol === "")
    return { ok: false, reason: "its index symbol comes from another cell, and the receipt keeps only the formula" };
  const values = parseValues(row);
  if (values === undefined) return { ok: false, reason: "its receipt row no longer holds every value frozen" };
  const read =
    call.name === "HISTORY"
      ? historyDays(call.args, values, at)
      : call.name === "LATEST"
        ? latestDays(call.args, values, row, at)
        : call.name === "FIX"
          ? fixDays(call.args, values, row, at)
          : `INDEX.${call.name} shows no published day`;
  return typeof read === "string" ? { ok: false, reason: read } : { ok: true, symbol, days: read };
}
