// The pricing sheet of `npm run bench`, as Excel's runtime calls its cells: the default template's formulas for a
// list (the builder's own plan, src/workbook), each parsed into its function's id and declared arguments (a panel's
// range of the Index column as the Index values Excel hands it), and the Index column's entities as one load of the
// data type; with the sheet's request minimum, read off the same cells.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { indexSymbolOf, linkedIndexValue } from "../src/formulas";
import { columnLetters, DEFAULT_TEMPLATE, parseRect, planPricingSheet } from "../src/workbook";
import { DAY_MS } from "@index-data/wire/time";
import type { CellCall } from "../test/support/functions-page";
import type { RequestMinimum } from "./request-minimum";

/** Declared parameter counts by id, from the metadata Excel reads (omitted arguments are passed as null). */
function parameterCounts(): ReadonlyMap<string, number> {
  const file = join(__dirname, "..", "src", "functions", "functions.json");
  const metadata = JSON.parse(readFileSync(file, "utf8")) as { functions: { id: string; parameters: unknown[] }[] };
  return new Map(metadata.functions.map((fn) => [fn.id, fn.parameters.length]));
}

/** The cells a reference names, as Excel hands them to a function; undefined for a text that is no reference. */
type Refers = (reference: string) => unknown[][] | undefined;

/** An argument of the sheet's formulas: a string, nothing, TODAY(), a number, TRUE/FALSE or a range of the sheet. */
function argumentOf(text: string, today: number, refers: Refers): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const cells = refers(trimmed);
  if (cells !== undefined) return cells;
  if (trimmed.startsWith('"')) return trimmed.slice(1, -1).replace(/""/g, '"');
  if (/^TODAY\(\)$/i.test(trimmed)) return today;
  if (/^(TRUE|FALSE)$/i.test(trimmed)) return trimmed.toUpperCase() === "TRUE";
  const number = Number(trimmed);
  if (Number.isFinite(number)) return number;
  throw new Error(`the bench reads no argument like ${trimmed}`);
}

/** The arguments' texts: split at the commas outside string literals ("" is a quote inside one). */
function splitArguments(inner: string): string[] {
  if (inner.trim() === "") return [];
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of inner) {
    if (char === '"') quoted = !quoted;
    if (char === "," && !quoted) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  return [...parts, current];
}

/** `=INDEX.NAME(a, b, …)` as the call Excel makes: id, declared arguments padded with null. */
export function cellCallOf(
  formula: string,
  address: string,
  counts: ReadonlyMap<string, number>,
  refers: Refers = () => undefined,
): CellCall {
  const match = /^=INDEX\.([A-Z.]+)\((.*)\)$/.exec(formula);
  if (match === null) throw new Error(`not a formula the bench reads: ${formula}`);
  const [, fn = "", inner = ""] = match;
  const today = Math.floor(Date.now() / DAY_MS) + 25569; // the serial of today, UTC
  const parsed = splitArguments(inner).map((arg) => argumentOf(arg, today, refers));
  const count = counts.get(fn) ?? parsed.length;
  return { fn, args: [...parsed.slice(0, count), ...Array(Math.max(0, count - parsed.length)).fill(null)], address };
}

export interface PricingSheetCells {
  readonly cells: readonly CellCall[];
  readonly minimum: RequestMinimum;
}

/** The request minimum of the cells: each distinct resource they read, by its path's last part. */
function requestMinimumOf(calls: readonly CellCall[], entities: readonly string[]): RequestMinimum {
  // The Index column's entities read the catalogue and each symbol's fix.
  const needs = new Map<string, Set<string>>([
    ["indexes", new Set(entities.length > 0 ? ["catalogue"] : [])],
    ["latest", new Set(entities)],
    ["history", new Set()],
    ["volatility", new Set()],
    ["forward", new Set()],
  ]);
  const need = (path: string, key: string) => needs.get(path)?.add(key);
  for (const { fn, args } of calls) {
    const [symbol, second] = [String(args[0]), args[1]];
    if (fn === "LATEST" && !["value", "asOf", "stale", null].includes(second as string | null)) need("latest", symbol);
    if (fn === "CHANGE") need("history", symbol);
    if (fn === "PANEL") (args[0] as unknown[][]).flat().forEach((one) => need("history", indexSymbolOf(one) ?? ""));
    if (fn === "VOL") need("volatility", `${symbol}|${String(second)}`);
    if (fn === "FORWARD") need("forward", symbol);
  }
  const parts = Object.fromEntries([...needs].map(([path, keys]) => [path, keys.size]));
  return {
    requests: Object.values(parts).reduce((a, b) => a + b, 0),
    parts,
    explanation: `${[...needs].map(([path, keys]) => `${keys.size} /${path}`).join(" + ")} (the entities read the catalogue and a fix each, confidence and status a fix; every period and the panel one history range a symbol)`,
  };
}

/** The sheet the builder makes of `symbols` with the default template, as the calls of one open. */
export function pricingSheetCells(symbols: readonly string[]): PricingSheetCells {
  const plan = planPricingSheet(DEFAULT_TEMPLATE, { name: "Bench", symbols });
  const counts = parameterCounts();
  const formulas = [
    ...plan.formulas.flatMap((row, r) => row.map((f, c) => ({ f, at: `${columnLetters(c + 1)}${r + 2}` }))),
    ...plan.panels.map((p) => ({ f: p.formula, at: p.anchor })),
  ];
  // The panels read the Index column: its cells hold the symbols' Index values.
  const refers: Refers = (reference) => {
    const rect = /^\$?[A-Z]+\$?\d+:\$?[A-Z]+\$?\d+$/.test(reference)
      ? parseRect(reference.replace(/\$/g, ""))
      : undefined;
    if (rect === undefined) return undefined;
    return symbols.slice(rect.top - 1, rect.bottom).map((symbol) => [linkedIndexValue(symbol)]);
  };
  const calls = formulas.map(({ f, at }) => cellCallOf(f, `Pricing!${at}`, counts, refers));
  const load = JSON.stringify({
    domainId: "index",
    entities: symbols.map((entityId) => ({ entityId, culture: "en-US" })),
  });
  return { cells: [{ fn: "ENTITYSERVICE", args: [load] }, ...calls], minimum: requestMinimumOf(calls, symbols) };
}
