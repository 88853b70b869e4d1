import type { SheetRect } from "../../../src/workbook/sheet-address";
import { entryOf } from "./excel-typing";
import { basicValue, jsonOf, valueType } from "./excel-typing";
import { fromR1C1, toR1C1 } from "./r1c1";
import { cellKey, grid, inside, type Cell } from "./cell-grid";
import type { FakeWorkbook } from "./fake-workbook";
import { normalizeHeaders } from "./sheet-objects";

/** What a Range's grid properties read and write, cell by cell, on the workbook fake. */
export type Grid = "values" | "formulas" | "formulasR1C1" | "valueTypes" | "valuesAsJson" | "numberFormat";
export type Writable = "values" | "formulas" | "formulasR1C1" | "valuesAsJson" | "numberFormat";

const READ: Record<Grid, (cell: Cell, row: number, column: number) => unknown> = {
  values: (cell) => basicValue(cell.value),
  formulas: (cell) => cell.formula ?? basicValue(cell.value),
  formulasR1C1: (cell, row, column) =>
    cell.formula === undefined ? basicValue(cell.value) : toR1C1(cell.formula, row, column),
  valueTypes: (cell) => valueType(cell.value, cell.error),
  valuesAsJson: (cell) => jsonOf(cell.value, cell.error),
  numberFormat: (cell) => cell.format,
};

export function readGrid(book: FakeWorkbook, rect: SheetRect, what: Grid): unknown[][] {
  return grid(rect, (r, c) => READ[what](book.read(rect.sheet, r, c), r, c));
}

function each(
  rect: SheetRect,
  values: unknown[][],
  apply: (row: number, column: number, value: unknown) => void,
): void {
  values.forEach((row, r) => row.forEach((value, c) => apply(rect.top + r, rect.left + c, value)));
}

/** Excel writes a range's values at once: an anchor's formula (and so its spill) goes first. */
function clearFormulas(book: FakeWorkbook, rect: SheetRect, values: unknown[][]): void {
  each(rect, values, (r, c) => {
    const cell = book.cells(rect.sheet).get(cellKey(r, c));
    if (cell?.formula !== undefined) book.cells(rect.sheet).set(cellKey(r, c), { value: "", format: cell.format });
  });
}

const WRITE: Record<Writable, (book: FakeWorkbook, rect: SheetRect, values: unknown[][]) => void> = {
  values: (book, rect, values) => {
    // Checked before anything is written: Excel refuses the whole write.
    each(rect, values, (r, c, value) => entryOf(value, book.read(rect.sheet, r, c).format));
    clearFormulas(book, rect, values);
    each(rect, values, (r, c, value) => book.write(rect.sheet, r, c, value));
  },
  valuesAsJson: (book, rect, values) => {
    clearFormulas(book, rect, values);
    each(rect, values, (r, c, value) => book.writeJson(rect.sheet, r, c, value));
  },
  formulas: (book, rect, values) => each(rect, values, (r, c, value) => book.write(rect.sheet, r, c, value)),
  formulasR1C1: (book, rect, values) =>
    each(rect, values, (r, c, value) =>
      book.write(rect.sheet, r, c, typeof value === "string" && value.startsWith("=") ? fromR1C1(value, r, c) : value),
    ),
  numberFormat: (book, rect, formats) =>
    each(rect, formats, (r, c, format) => book.setFormat(rect.sheet, r, c, String(format))),
};

/** A Range property written: its size must be the range's, as Excel checks; a table's header row stays valid. */
export function writeGrid(book: FakeWorkbook, rect: SheetRect, what: Writable, values: unknown[][]): void {
  const rows = rect.bottom - rect.top + 1;
  const columns = rect.right - rect.left + 1;
  if (!Array.isArray(values) || values.length !== rows || values.some((row) => row.length !== columns))
    throw new Error(`InvalidArgument: ${what} of ${rows}×${columns} cells given ${values.length} rows`);
  WRITE[what](book, rect, values);
  const sheetId = book.sheet(rect.sheet).id;
  for (const table of book.tables.filter((candidate) => candidate.sheet === sheetId)) {
    const header = table.rect.top;
    if (header >= rect.top && header <= rect.bottom && table.rect.left <= rect.right && rect.left <= table.rect.right)
      normalizeHeaders(book, table);
  }
}

/** Range.clear: contents (and formats with "All"); conditional formats are left to clearAll. */
export function clearGrid(book: FakeWorkbook, rect: SheetRect, applyTo: string): void {
  if (applyTo !== "All" && applyTo !== "Contents" && applyTo !== "Formats")
    throw new Error(`the fake clears All, Contents or Formats, not ${applyTo}`);
  const cells = book.cells(rect.sheet);
  for (const key of [...cells.keys()]) {
    const [r, c] = key.split(",").map(Number) as [number, number];
    if (!inside(rect, r, c)) continue;
    if (applyTo === "Formats") book.setFormat(rect.sheet, r, c, "General");
    else book.clearCell(rect.sheet, r, c, applyTo === "All");
  }
  book.changed();
}
