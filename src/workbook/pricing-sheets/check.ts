import type { Origin, PricingSheetPlan } from "./plan";
import { localRange, type CellRect } from "../sheet-address";

/**
 * What stands in a pricing sheet's way before it is written, worked out from what the sheet holds now: which of its
 * cells the builder owns (it wrote them, and they still hold what it wrote: a header's text, an index's symbol, a
 * formula, a panel and the cells its spill fills), and which cells of the new footprint hold something it does not
 * own (a trader's note, a desk total, a column Excel added to its table over a typed value, another table). Those are
 * never written over: the build stops and names them. Pure: the office side reads the sheet, this decides.
 */

/** What a cell holds now, as the office side read it: empty cells are left out. */
export interface SurveyCell {
  readonly formula?: string;
  /** Its value as text (a number or date as its digits). */
  readonly text?: string;
  /** The symbol of an Index value (a linked entity of the Index domain). */
  readonly symbol?: string;
}

export interface SheetSurvey {
  /** Every non-empty cell of the sheet, by `cellKey` ("row,column"). */
  readonly cells: ReadonlyMap<string, SurveyCell>;
  /** The sheet's tables that are not the builder's. */
  readonly otherTables: readonly { readonly name: string; readonly rect: CellRect }[];
  /** Where each of the earlier panels spills now, by its anchor's key, when it does. */
  readonly spills: ReadonlyMap<string, CellRect>;
}

export interface SheetCheck {
  /** Cells in the way, as local addresses in reading order. */
  readonly blockers: readonly string[];
  /** Other tables in the way, by name. */
  readonly tables: readonly string[];
  /** The cells the builder owns now (by key): cleared when the new layout does not write them. */
  readonly owned: ReadonlySet<string>;
}

export const cellKey = (row: number, column: number): string => `${row},${column}`;

export function keyOf(key: string): { row: number; column: number } {
  const [row = 0, column = 0] = key.split(",").map(Number);
  return { row, column };
}

export function inRect(rect: CellRect, row: number, column: number): boolean {
  return row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right;
}

function overlap(a: CellRect, b: CellRect): boolean {
  return a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;
}

/** What the earlier build wrote into each cell: the content a cell must still hold to be the builder's. */
function writtenCells(plan: PricingSheetPlan): Map<string, SurveyCell> {
  const written = new Map<string, SurveyCell>();
  const { top, left } = plan.table;
  plan.header.forEach((text, c) => written.set(cellKey(top, left + c), { text }));
  plan.symbols.forEach((symbol, r) => written.set(cellKey(top + 1 + r, left), { symbol }));
  plan.formulas.forEach((row, r) =>
    row.forEach((formula, c) => written.set(cellKey(top + 1 + r, left + 1 + c), { formula })),
  );
  for (const panel of plan.panels) written.set(cellKey(panel.spill.top, panel.spill.left), { formula: panel.formula });
  return written;
}

function holds(cell: SurveyCell, wrote: SurveyCell): boolean {
  if (wrote.formula !== undefined) return cell.formula === wrote.formula;
  if (wrote.symbol !== undefined)
    return cell.symbol === wrote.symbol || (cell.formula === undefined && cell.text === wrote.symbol);
  return cell.formula === undefined && cell.text === wrote.text;
}

/** The cells the builder owns on the sheet now: what it wrote and is still there, and the spills of its panels. */
export function ownedCells(survey: SheetSurvey, earlier: PricingSheetPlan | undefined): Set<string> {
  const owned = new Set<string>();
  if (earlier === undefined) return owned;
  const written = writtenCells(earlier);
  for (const [key, cell] of survey.cells) {
    const wrote = written.get(key);
    if (wrote !== undefined && holds(cell, wrote)) owned.add(key);
  }
  for (const panel of earlier.panels) {
    const anchor = cellKey(panel.spill.top, panel.spill.left);
    const spill = survey.spills.get(anchor);
    if (!owned.has(anchor) || spill === undefined) continue;
    for (const key of survey.cells.keys()) {
      const { row, column } = keyOf(key);
      if (inRect(spill, row, column)) owned.add(key);
    }
  }
  return owned;
}

/** Whether the builder may write `plan` over the sheet: the cells and tables in its way, and the cells it owns. */
export function checkSheet(
  survey: SheetSurvey,
  plan: PricingSheetPlan,
  earlier: PricingSheetPlan | undefined,
): SheetCheck {
  const owned = ownedCells(survey, earlier);
  const blockers: { row: number; column: number }[] = [];
  for (const key of survey.cells.keys()) {
    if (owned.has(key)) continue;
    const { row, column } = keyOf(key);
    if (plan.footprint.some((rect) => inRect(rect, row, column))) blockers.push({ row, column });
  }
  blockers.sort((a, b) => a.row - b.row || a.column - b.column);
  const tables = survey.otherTables
    .filter((table) => plan.footprint.some((rect) => overlap(rect, table.rect)))
    .map((table) => table.name);
  return { blockers: blockers.map(({ row, column }) => localRange(row, column)), tables, owned };
}

/**
 * The first origin to the right of `plan`'s, on the same row, where nothing the builder does not own and no other
 * table stands in the new footprint: where "Move the sheet's area" builds. Undefined when the sheet has no room.
 */
export function freeOrigin(
  survey: SheetSurvey,
  plan: PricingSheetPlan,
  owned: ReadonlySet<string>,
): Origin | undefined {
  const { row, column: start } = plan.origin;
  const lastColumn = 16_383;
  const width = Math.max(...plan.footprint.map((rect) => rect.right)) - start;
  // Each cell in the way rules out the origins whose footprint would cover it: an interval of columns per rect.
  const blocked: [number, number][] = [];
  const rules = (top: number, bottom: number, left: number, right: number) => {
    for (const rect of plan.footprint) {
      if (rect.top > bottom || rect.bottom < top) continue;
      blocked.push([left - (rect.right - start), right - (rect.left - start)]);
    }
  };
  for (const key of survey.cells.keys()) {
    if (owned.has(key)) continue;
    const cell = keyOf(key);
    rules(cell.row, cell.row, cell.column, cell.column);
  }
  for (const table of survey.otherTables) rules(table.rect.top, table.rect.bottom, table.rect.left, table.rect.right);
  blocked.sort((a, b) => a[0] - b[0]);
  let candidate = start + 1;
  for (const [from, to] of blocked) {
    if (to < candidate) continue;
    if (from > candidate) break;
    candidate = to + 1;
  }
  return candidate + width <= lastColumn ? { row, column: candidate } : undefined;
}

/**
 * Cells (by key) as few rectangles as their shape allows: runs along each row, joined down the rows where a run spans
 * the same columns, so a block of cells is one range to write.
 */
export function rectsOfCells(keys: Iterable<string>): CellRect[] {
  const cells = [...keys].map(keyOf).sort((a, b) => a.row - b.row || a.column - b.column);
  const runs: CellRect[] = [];
  for (const { row, column } of cells) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.top === row && last.right === column - 1)
      runs[runs.length - 1] = { ...last, right: column };
    else runs.push({ top: row, left: column, bottom: row, right: column });
  }
  const open = new Map<string, CellRect>();
  const rects: CellRect[] = [];
  for (const run of runs) {
    const span = `${run.left}:${run.right}`;
    const above = open.get(span);
    if (above !== undefined && above.bottom === run.top - 1) {
      const grown = { ...above, bottom: run.top };
      rects[rects.indexOf(above)] = grown;
      open.set(span, grown);
    } else {
      rects.push(run);
      open.set(span, run);
    }
  }
  return rects;
}
