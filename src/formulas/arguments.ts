import { BoundedMemo, SYMBOL_RULE, validSymbol } from "@index-data/wire";
import { invalidArgument } from "./cell-error";
import { indexSymbolOf } from "./entity";

/**
 * Argument parsing. Every parser takes what Excel passed (`unknown`: Excel sends `null` for an omitted
 * optional argument) and returns the value or throws a `#VALUE!` CellError naming the argument, before
 * any request is sent.
 */

export function isOmitted(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** A symbol by the one rule every entry point shares (src/client/symbol.ts); `#VALUE!` otherwise. */
export function parseSymbol(value: unknown, argument = "symbol"): string {
  const symbol = validSymbol(value);
  if (symbol === undefined) throw invalidArgument(argument, `give ${SYMBOL_RULE}`, value);
  return symbol;
}

const TRUE_WORDS: ReadonlySet<string> = new Set(["true", "yes", "1"]);
const FALSE_WORDS: ReadonlySet<string> = new Set(["false", "no", "0"]);

export function parseFlag(value: unknown, argument: string, fallback: boolean): boolean {
  if (isOmitted(value)) return fallback;
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  throw invalidArgument(argument, "use TRUE or FALSE", value);
}

/**
 * One of a fixed set of words (case-insensitive), or of numbers where `choices` lists them as keys
 * (e.g. STOCKHISTORY's 0/1). The first key of each meaning is the one named in the error message.
 */
export function parseChoice<T>(value: unknown, argument: string, choices: ReadonlyMap<string, T>, fallback: T): T {
  if (isOmitted(value)) return fallback;
  const key =
    typeof value === "string" ? value.trim().toLowerCase() : typeof value === "number" ? String(value) : undefined;
  const found = key === undefined ? undefined : choices.get(key);
  if (found !== undefined) return found;
  throw invalidArgument(argument, `use one of ${choiceList(choices)}`, value);
}

function choiceList(choices: ReadonlyMap<string, unknown>): string {
  const named = [...choices.keys()].filter((key) => !/^-?\d+$/.test(key)).map((key) => `"${key}"`);
  return named.join(", ");
}

export function parseWholeNumber(
  value: unknown,
  argument: string,
  range: { min: number; max: number; default: number },
): number {
  if (isOmitted(value)) return range.default;
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < range.min || number > range.max) {
    throw invalidArgument(argument, `use a whole number from ${range.min} to ${range.max}`, value);
  }
  return number;
}

/** Each list of field names by their normalised spelling, made once per list (not once per cell). */
const fieldsBySpelling = new WeakMap<readonly string[], ReadonlyMap<string, string>>();

function spellings<F extends string>(fields: readonly F[]): ReadonlyMap<string, F> {
  let known = fieldsBySpelling.get(fields);
  if (known === undefined) {
    const byName = new Map<string, F>();
    // The first field of a spelling wins, as a search in order would find it.
    for (const field of fields) if (!byName.has(normaliseField(field))) byName.set(normaliseField(field), field);
    known = byName;
    fieldsBySpelling.set(fields, known);
  }
  return known as ReadonlyMap<string, F>;
}

/** A field name: compared case-insensitively against `fields`; returns the canonical name. */
export function parseField<F extends string>(value: unknown, argument: string, fields: readonly F[], fallback: F): F {
  if (isOmitted(value)) return fallback;
  const found = typeof value === "string" ? spellings(fields).get(spellingOf(value)) : undefined;
  if (found !== undefined) return found;
  throw invalidArgument(argument, `use one of ${fields.map((field) => `"${field}"`).join(", ")}`, value);
}

/** The spellings of the last few hundred field arguments: a sheet names the same few fields in every cell. */
const spelled = new BoundedMemo(512, normaliseField);

function spellingOf(text: string): string {
  return spelled.get(text);
}

/** "dataCoverage.topContributorShare", "top contributor share" and "TopContributorShare" all match. */
function normaliseField(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^(datacoverage|summary|benchmarksummary|modeldetails)\./, "")
    .replace(/[\s_-]/g, "");
}

/** Flattens a range, an array or one text (comma- or semicolon-separated) into a list of values. */
export function flattenList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => flattenList(item));
  if (typeof value === "string") return value.split(/[,;]/);
  return [value];
}

const MAX_PANEL_SYMBOLS = 20;

/**
 * Symbols from a range or a list; blanks skipped; 1 to MAX_PANEL_SYMBOLS distinct symbols. A cell holding an Index
 * value (a column converted to Index, a pricing sheet's Index column) gives its symbol.
 */
export function parseSymbolList(value: unknown, argument: string): string[] {
  const items = flattenList(value)
    .map((item) => indexSymbolOf(item) ?? item)
    .filter((item) => !(isOmitted(item) || (typeof item === "string" && item.trim() === "")));
  const symbols = [...new Set(items.map((item) => parseSymbol(item, argument)))];
  if (symbols.length === 0 || symbols.length > MAX_PANEL_SYMBOLS) {
    throw invalidArgument(
      argument,
      `give 1 to ${MAX_PANEL_SYMBOLS} index symbols as a range or a list such as "A,B"`,
      value,
    );
  }
  return symbols;
}
