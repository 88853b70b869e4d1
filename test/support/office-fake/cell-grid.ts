import type { SheetRect } from "../../../src/workbook/sheet-address";
import { isRich } from "./excel-typing";

/**
 * A sheet's cells as the workbook fake keeps them, and Excel's dynamic-array rule over them: a formula whose result
 * is larger than one cell spills into the cells below and to the right only when every one of them is empty and none
 * is in a table; otherwise the formula's cell shows #SPILL! and the cells stay empty. Spills are worked out from the
 * cells each time they change, as Excel recalculates the blocked spill when the cell in its way is cleared.
 */
export interface Cell {
  formula?: string;
  value: unknown;
  error?: boolean;
  format: string;
  /** What the formula returned, row by row (its own cell's value first). */
  spill?: unknown[][];
}

/** A rectangle on one sheet, zero-based and inclusive. */
export type Rect = Omit<SheetRect, "sheet">;

export const EMPTY_CELL: Readonly<Cell> = { value: "", format: "General" };

export const cellKey = (row: number, column: number): string => `${row},${column}`;

export function keyParts(key: string): [number, number] {
  const [row = 0, column = 0] = key.split(",").map(Number);
  return [row, column];
}

/** Whether a cell holds anything a user would see or Excel would keep: a formula or a value (a format is not). */
export function occupied(cell: Cell | undefined): boolean {
  return cell !== undefined && (cell.formula !== undefined || (cell.value !== "" && cell.value !== undefined));
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;
}

export function inside(rect: Rect, row: number, column: number): boolean {
  return row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right;
}

/**
 * A cell of a formula's result: an error given as `{ type: "Error", basicValue: "#N/A" }` is the error
 * constant; any string, even "#N/A", is text (a function returning the text "#N/A" shows text).
 */
export function resultCell(value: unknown): { value: unknown; error: boolean } {
  if (isRich(value) && value.type === "Error") return { value: value.basicValue, error: true };
  return { value, error: false };
}

/** The spills of a sheet as they stand: each spilled cell's value, and the formulas whose spill is blocked. */
export interface Spills {
  readonly shown: ReadonlyMap<string, { readonly value: unknown; readonly anchor: string }>;
  readonly blocked: ReadonlySet<string>;
  /** Each spilling formula's whole range, by its cell. */
  readonly ranges: ReadonlyMap<string, Rect>;
}

/** Excel's rule, over `cells`: `tables` are the sheet's tables, where no spill may go. */
export function spillsOf(cells: ReadonlyMap<string, Cell>, tables: readonly Rect[]): Spills {
  const shown = new Map<string, { value: unknown; anchor: string }>();
  const blocked = new Set<string>();
  const ranges = new Map<string, Rect>();
  const anchors = [...cells].filter(([, cell]) => cell.formula !== undefined && isSpill(cell.spill));
  anchors.sort(([a], [b]) => compareKeys(a, b));
  for (const [key, cell] of anchors) {
    const rows = cell.spill as unknown[][];
    const [top, left] = keyParts(key);
    const rect = { top, left, bottom: top + rows.length - 1, right: left + (rows[0]?.length ?? 1) - 1 };
    const inTheWay = (r: number, c: number) =>
      (r !== top || c !== left) && (occupied(cells.get(cellKey(r, c))) || shown.has(cellKey(r, c)));
    if (tables.some((table) => overlaps(table, rect)) || someCell(rect, inTheWay)) {
      blocked.add(key);
      continue;
    }
    ranges.set(key, rect);
    rows.forEach((row, r) =>
      row.forEach((value, c) => {
        if (r !== 0 || c !== 0) shown.set(cellKey(top + r, left + c), { value, anchor: key });
      }),
    );
  }
  return { shown, blocked, ranges };
}

function isSpill(rows: unknown[][] | undefined): boolean {
  return rows !== undefined && (rows.length > 1 || (rows[0]?.length ?? 0) > 1);
}

function compareKeys(a: string, b: string): number {
  const [ar, ac] = keyParts(a);
  const [br, bc] = keyParts(b);
  return ar - br || ac - bc;
}

function someCell(rect: Rect, test: (row: number, column: number) => boolean): boolean {
  for (let r = rect.top; r <= rect.bottom; r += 1)
    for (let c = rect.left; c <= rect.right; c += 1) if (test(r, c)) return true;
  return false;
}

export function grid<T>(rect: Rect, at: (row: number, column: number) => T): T[][] {
  return Array.from({ length: rect.bottom - rect.top + 1 }, (_, r) =>
    Array.from({ length: rect.right - rect.left + 1 }, (_, c) => at(rect.top + r, rect.left + c)),
  );
}

/** The smallest rectangle holding every occupied cell and spill of a sheet, or undefined when it has none. */
export function usedRect(cells: ReadonlyMap<string, Cell>, spills: Spills): Rect | undefined {
  let rect: Rect | undefined;
  const widen = (top: number, left: number, bottom: number, right: number) => {
    rect = {
      top: Math.min(rect?.top ?? top, top),
      left: Math.min(rect?.left ?? left, left),
      bottom: Math.max(rect?.bottom ?? bottom, bottom),
      right: Math.max(rect?.right ?? right, right),
    };
  };
  for (const [key, cell] of cells) {
    if (!occupied(cell)) continue;
    const [r, c] = keyParts(key);
    const spill = spills.ranges.get(key);
    if (spill === undefined) widen(r, c, r, c);
    else widen(spill.top, spill.left, spill.bottom, spill.right);
  }
  return rect;
}
