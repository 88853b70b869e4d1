import { symbolMeant, validSymbol } from "@index-data/wire";
import { frozenIndexSymbol } from "./index-entity-freeze";
import { isIndexLinkedEntity } from "./index-entity";

/**
 * What Convert to Index and Convert to text do to each selected cell, decided from what the cell holds (its
 * formula and its value as Office.js reads them) and the catalogue. Pure: the office layer reads the cells, asks
 * the catalogue, and writes what the plan says, nothing else.
 */

/** A selected cell as read: `formula` from Range.formulas, `value` from Range.valuesAsJson (or Range.values). */
export interface SelectedCell {
  /** Where the user sees it, e.g. "B3" (named in the message). */
  readonly address: string;
  readonly formula: unknown;
  readonly value: unknown;
}

/** What the cell holds, as far as converting goes. */
type Content =
  | { readonly kind: "empty" }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "index"; readonly symbol: string }
  | { readonly kind: "other"; readonly shown: string };

/** A cell Convert to Index changes: its symbol, and what was typed when the case was fixed ("did you mean"). */
interface Conversion {
  readonly symbol: string;
  readonly typed?: string;
}

/** A cell left as it was, and what it showed (for the message). */
export interface Untouched {
  readonly address: string;
  readonly shown: string;
}

export interface IndexPlan {
  /** Per row and column of the selection: the conversion, or undefined where the cell stays as it is. */
  readonly grid: readonly (readonly (Conversion | undefined)[])[];
  readonly converted: number;
  /** Cells whose symbol was typed in another case, with the address: "B3". */
  readonly caseFixed: readonly (Conversion & { readonly address: string })[];
  /** Non-empty cells holding no known symbol (empty cells are not listed). */
  readonly untouched: readonly Untouched[];
  /** Cells that already were Index entities. */
  readonly already: number;
}

const INDEX_CARD_FORMULA = /^=\s*INDEX\.CARD\(\s*"([^"]+)"\s*\)$/i;

function contentOf(cell: SelectedCell): Content {
  const { formula, value } = cell;
  if (isIndexLinkedEntity(value)) return { kind: "index", symbol: value.id.entityId };
  const frozen = frozenIndexSymbol(value);
  if (frozen !== undefined) return { kind: "index", symbol: frozen };
  if (typeof formula === "string" && formula.startsWith("=")) return { kind: "other", shown: "a formula" };
  const plain = basicOf(value);
  if (plain === "" || plain === null || plain === undefined) return { kind: "empty" };
  if (typeof plain === "string") return { kind: "text", text: plain };
  return {
    kind: "other",
    shown: typeof plain === "number" || typeof plain === "boolean" ? String(plain) : "a value that is not text",
  };
}

/** The plain value of a cell read through valuesAsJson ({ type, basicValue }) or through values (the value itself). */
function basicOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const json = value as { type?: unknown; basicValue?: unknown };
  if (json.type === "Empty") return "";
  if (json.type === "String" || json.type === "Double" || json.type === "Boolean") return json.basicValue;
  return { type: json.type };
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** Which cells hold a symbol of the catalogue (exactly, or in another case) and become Index entities. */
export function planToIndex(cells: readonly (readonly SelectedCell[])[], symbols: readonly string[]): IndexPlan {
  const known = new Set(symbols);
  const caseFixed: (Conversion & { address: string })[] = [];
  const untouched: Untouched[] = [];
  let converted = 0;
  let already = 0;
  const grid = cells.map((row) =>
    row.map((cell): Conversion | undefined => {
      const content = contentOf(cell);
      if (content.kind === "index") already += 1;
      if (content.kind === "other") untouched.push({ address: cell.address, shown: content.shown });
      if (content.kind !== "text") return undefined;
      const typed = validSymbol(content.text);
      const symbol = typed === undefined ? undefined : known.has(typed) ? typed : symbolMeant(typed, symbols);
      if (symbol === undefined) {
        untouched.push({ address: cell.address, shown: quoted(content.text) });
        return undefined;
      }
      converted += 1;
      if (symbol === typed) return { symbol };
      caseFixed.push({ symbol, typed: content.text, address: cell.address });
      return { symbol, typed: content.text };
    }),
  );
  return { grid, converted, caseFixed, untouched, already };
}

export interface TextPlan {
  /** Per row and column: the symbol a cell goes back to, or undefined where it stays. */
  readonly grid: readonly (readonly (string | undefined)[])[];
  readonly converted: number;
}

/**
 * Convert to text: an Index entity (linked, or frozen) becomes its symbol, and so does `=INDEX.CARD("SYM")` as
 * Convert to Index writes it where Excel has no linked data types. Every other cell stays as it is.
 */
export function planToText(cells: readonly (readonly SelectedCell[])[]): TextPlan {
  let converted = 0;
  const grid = cells.map((row) =>
    row.map((cell) => {
      const content = contentOf(cell);
      const card = typeof cell.formula === "string" ? INDEX_CARD_FORMULA.exec(cell.formula.trim())?.[1] : undefined;
      const symbol = content.kind === "index" ? content.symbol : validSymbol(card);
      if (symbol !== undefined) converted += 1;
      return symbol;
    }),
  );
  return { grid, converted };
}

/** A block of cells one below the other to write at once: its first cell (row, column in the selection) and values. */
export interface WriteRun<T> {
  readonly row: number;
  readonly column: number;
  readonly values: readonly T[];
}

/**
 * The cells to write, as vertical runs: a column of symbols converts in one write, and a cell left alone is never
 * part of a write (so nothing but the converted cells changes).
 */
export function writeRuns<T>(grid: readonly (readonly (T | undefined)[])[]): WriteRun<T>[] {
  const width = Math.max(0, ...grid.map((row) => row.length));
  const runs: WriteRun<T>[] = [];
  for (let column = 0; column < width; column += 1) {
    let run: { row: number; values: T[] } | undefined;
    for (let row = 0; row <= grid.length; row += 1) {
      const value = grid[row]?.[column];
      if (value !== undefined) {
        run ??= { row, values: [] };
        run.values.push(value);
      } else if (run !== undefined) {
        runs.push({ row: run.row, column, values: run.values });
        run = undefined;
      }
    }
  }
  return runs;
}
