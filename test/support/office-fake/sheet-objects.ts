import { officeError, tableNameRefusal } from "./excel-rules";
import { cellKey, occupied, overlaps, type Rect } from "./cell-grid";
import type { FakeChart, FakeRule, FakeSheet, FakeTable, FakeWorkbook } from "./fake-workbook";

/**
 * Tables, charts and conditional formats of the workbook fake, by Excel's rules: a table's header row holds unique,
 * non-empty text (Excel names an empty header "Column1", and a second "Latest" "Latest2"); a table name is unique in
 * the workbook, in any case, among tables and defined names; two tables never overlap; a value typed right beside a
 * table or right under it makes the table grow over it (Excel's AutoCorrect "Include new rows and columns in table",
 * on by default); each object has an id that stays when it is renamed.
 */

function takenNames(book: FakeWorkbook, except?: FakeTable): string[] {
  return [...book.tables.filter((table) => table !== except).map((table) => table.name), ...book.names.keys()];
}

function freeTableName(book: FakeWorkbook): string {
  const taken = new Set(takenNames(book).map((name) => name.toLowerCase()));
  for (let n = 1; ; n += 1) if (!taken.has(`table${n}`)) return `Table${n}`;
}

/** Excel's header rule: text, not empty, unique in the table in any case. */
export function normalizeHeaders(book: FakeWorkbook, table: FakeTable): void {
  const sheet = book.sheetById(table.sheet);
  if (sheet === undefined) return;
  const seen = new Set<string>();
  let blank = 0;
  for (let c = table.rect.left; c <= table.rect.right; c += 1) {
    const cell = sheet.cells.get(cellKey(table.rect.top, c));
    let text = cell === undefined || !occupied(cell) ? "" : String(cell.value);
    if (text === "") {
      do text = `Column${++blank}`;
      while (seen.has(text.toLowerCase()));
    }
    const base = text;
    for (let n = 2; seen.has(text.toLowerCase()); n += 1) text = `${base}${n}`;
    seen.add(text.toLowerCase());
    sheet.cells.set(cellKey(table.rect.top, c), { value: text, format: cell?.format ?? "General" });
  }
  book.changed();
}

function clashes(book: FakeWorkbook, sheet: FakeSheet, rect: Rect, except?: FakeTable): boolean {
  return book.tables.some((table) => table !== except && table.sheet === sheet.id && overlaps(table.rect, rect));
}

/** tables.add(address, true): the header row is the range's first row. */
export function addTable(book: FakeWorkbook, sheet: FakeSheet, rect: Rect): FakeTable {
  if (clashes(book, sheet, rect)) throw officeError("MergedRangeConflict");
  const table: FakeTable = {
    id: book.newId("table"),
    name: freeTableName(book),
    sheet: sheet.id,
    rect,
    style: "TableStyleMedium2",
  };
  book.tables.push(table);
  normalizeHeaders(book, table);
  return table;
}

export function renameTable(book: FakeWorkbook, table: FakeTable, name: string): void {
  const refusal = tableNameRefusal(name, takenNames(book, table));
  if (refusal !== undefined) throw officeError(refusal, `table name "${name}"`);
  table.name = name;
}

/** Table.resize: the new range overlaps the old one and keeps its header row. */
export function resizeTable(book: FakeWorkbook, table: FakeTable, rect: Rect): void {
  const sheet = book.sheetById(table.sheet);
  if (sheet === undefined || rect.top !== table.rect.top || !overlaps(rect, table.rect))
    throw officeError("InvalidArgument", "a table keeps its header row when resized");
  if (clashes(book, sheet, rect, table)) throw officeError("MergedRangeConflict");
  table.rect = rect;
  normalizeHeaders(book, table);
}

/** Table.convertToRange: the table goes, every cell stays as it is. */
export function convertTableToRange(book: FakeWorkbook, table: FakeTable): void {
  book.tables.splice(book.tables.indexOf(table), 1);
  book.changed();
}

/** Table.delete: the table goes, and its cells with it. */
export function deleteTable(book: FakeWorkbook, table: FakeTable): void {
  const sheet = book.sheetById(table.sheet);
  convertTableToRange(book, table);
  if (sheet === undefined) return;
  for (let r = table.rect.top; r <= table.rect.bottom; r += 1)
    for (let c = table.rect.left; c <= table.rect.right; c += 1) sheet.cells.delete(cellKey(r, c));
}

/**
 * The user typed into a cell that was empty: a table it stands right beside (in the table's rows) grows a column over
 * it, named "Column1" unless the value was typed into the header row; a table it stands right under grows a row.
 */
export function growTableOver(book: FakeWorkbook, sheet: FakeSheet, row: number, column: number): void {
  for (const table of book.tables.filter((candidate) => candidate.sheet === sheet.id)) {
    const { top, left, bottom, right } = table.rect;
    if (column === right + 1 && row >= top && row <= bottom) table.rect = { ...table.rect, right: column };
    else if (row === bottom + 1 && column >= left && column <= right) table.rect = { ...table.rect, bottom: row };
    else continue;
    normalizeHeaders(book, table);
    return;
  }
}

function freeChartName(sheet: FakeSheet): string {
  const taken = new Set(sheet.charts.map((chart) => chart.name.toLowerCase()));
  for (let n = sheet.charts.length + 1; ; n += 1) if (!taken.has(`chart ${n}`)) return `Chart ${n}`;
}

export function addChart(
  book: FakeWorkbook,
  sheet: FakeSheet,
  type: string,
  source: Rect,
  seriesBy: string,
): FakeChart {
  const chart: FakeChart = { id: book.newId("chart"), name: freeChartName(sheet), type, source, seriesBy, title: "" };
  sheet.charts.push(chart);
  return chart;
}

export function renameChart(sheet: FakeSheet, chart: FakeChart, name: string): void {
  if (name.trim() === "" || name.length > 255) throw officeError("InvalidArgument", `chart name "${name}"`);
  if (sheet.charts.some((other) => other !== chart && other.name.toLowerCase() === name.toLowerCase()))
    throw officeError("ItemAlreadyExists", `a chart named ${name} is on ${sheet.name}`);
  chart.name = name;
}

/** A conditional format on `rect`, at the first (top) priority. */
export function addRule(book: FakeWorkbook, sheet: FakeSheet, rect: Rect, type: string): FakeRule {
  const rule: FakeRule = { id: book.newId("rule"), rect, type };
  sheet.rules.unshift(rule);
  return rule;
}

/** The conditional formats a range's collection holds: those on any of its cells. */
export function rulesOver(sheet: FakeSheet, rect: Rect): FakeRule[] {
  return sheet.rules.filter((rule) => overlaps(rule.rect, rect));
}

/**
 * ConditionalFormatCollection.clearAll on a range. Modelled pessimistically: a format reaching any of its cells goes
 * whole, so only a writer that never clears over someone else's formats passes.
 */
export function clearRules(sheet: FakeSheet, rect: Rect): void {
  const kept = sheet.rules.filter((rule) => !overlaps(rule.rect, rect));
  sheet.rules.splice(0, sheet.rules.length, ...kept);
}
