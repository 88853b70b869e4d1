import { cellAddress, parseRect, type SheetRect } from "../../src/workbook/sheet-address";
import { basicValue, entryOf, entryOfJson, isRich, jsonOf, valueType, type Entry } from "./excel-typing";
import { fromR1C1, toR1C1 } from "./r1c1";
import { WorkbookMock, type CellStore, type Grid, type Writable } from "./workbook-mock";

/**
 * A small in-memory Excel workbook for the freeze, receipt and refresh-scope adapters: sheets of cells with
 * formulas, values (data types included), number formats and dynamic-array spills, workbook names that move with
 * their cells, behind the Office.js calls those adapters use (getRange, getUsedRangeOrNullObject,
 * getSpillingToRangeOrNullObject, values/formulas/formulasR1C1/valuesAsJson/numberFormat, calculate, clear,
 * delete, worksheets.add/getItemOrNullObject, names.add/getItemOrNullObject). What is written follows Excel's
 * typing rules (excel-typing.ts). The adapters reach the cells only through `context`, a tree of
 * office-addin-mock objects (workbook-mock.ts) with its load/sync discipline; the tests read the cells directly.
 */
type Evaluate = (formula: string, address: string) => Promise<unknown[][]>;

interface Cell {
  formula?: string;
  value: unknown;
  error?: boolean;
  format: string;
  spill?: unknown[][];
}

export class FakeWorkbook {
  readonly sheets = new Map<string, { cells: Map<string, Cell>; visibility: string }>();
  /** Workbook names: where each refers now (undefined once its cells were deleted: #REF!). */
  readonly names = new Map<string, SheetRect | undefined>();
  /** The add-in's workbook settings (Excel.SettingCollection), stored in the file and never shown on a sheet. */
  readonly settings = new Map<string, unknown>();
  selection = "Sheet1!A1";
  active = "Sheet1";
  private pending: Promise<unknown>[] = [];
  readonly calculated: string[] = [];

  constructor(
    private readonly evaluate: Evaluate,
    names: readonly string[] = ["Sheet1"],
  ) {
    names.forEach((name) => this.sheets.set(name, { cells: new Map(), visibility: "Visible" }));
  }

  /** Types a formula or value into a cell, as a user would; formulas evaluate (await `settled`). */
  type(address: string, input: unknown, format = "General"): void {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    this.write(rect.sheet, rect.top, rect.left, input, format);
  }

  async settled(): Promise<void> {
    while (this.pending.length > 0) {
      const waiting = this.pending;
      this.pending = [];
      await Promise.all(waiting);
    }
  }

  /** What a cell holds: its value (a spilled cell's from its anchor), a data type as its JSON. */
  shown(address: string): unknown {
    const rect = parseRect(address)!;
    return this.read(rect.sheet, rect.top, rect.left).value;
  }

  formulaAt(address: string): string | undefined {
    const rect = parseRect(address)!;
    return this.cells(rect.sheet).get(`${rect.top},${rect.left}`)?.formula;
  }

  formatAt(address: string): string {
    const rect = parseRect(address)!;
    return this.read(rect.sheet, rect.top, rect.left).format;
  }

  visibility(sheet: string): string | undefined {
    return this.sheets.get(sheet)?.visibility;
  }

  /** Every formula in the workbook, by address: what a frozen workbook may still run. */
  liveFormulas(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const [sheet, { cells }] of this.sheets) {
      for (const [key, cell] of cells) {
        const [r, c] = key.split(",").map(Number) as [number, number];
        if (cell.formula !== undefined) found[cellAddress(sheet, r, c)] = cell.formula;
      }
    }
    return found;
  }

  /** A fresh Office.js request context over this workbook (office-addin-mock objects, see workbook-mock.ts). */
  get context(): Excel.RequestContext {
    return new WorkbookMock(cellStore(this)).context();
  }

  /** The values of a range as Range.values reads them (a data type as its basic value), read from the cells. */
  valuesIn(address: string): unknown[][] {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    return grid(rect, (r, c) => basicValue(this.read(rect.sheet, r, c).value));
  }

  /** The values of a sheet's used range. */
  usedValues(sheet: string): unknown[][] {
    const rect = usedRect(this, sheet);
    return rect === undefined ? [] : grid(rect, (r, c) => basicValue(this.read(sheet, r, c).value));
  }

  /** The values a cell's formula spills (data types as their JSON). */
  spillValues(address: string): unknown[][] {
    const rect = parseRect(address)!;
    return this.cells(rect.sheet).get(`${rect.top},${rect.left}`)?.spill ?? [];
  }

  cells(sheet: string): Map<string, Cell> {
    const found = this.sheets.get(sheet);
    if (found === undefined) throw new Error(`no sheet ${sheet}`);
    return found.cells;
  }

  /** The cell at (row, column), or the value a spill shows there. */
  read(sheet: string, row: number, column: number): Cell {
    const own = this.cells(sheet).get(`${row},${column}`);
    if (own !== undefined && (own.formula !== undefined || own.value !== "")) return own;
    for (const [key, cell] of this.cells(sheet)) {
      if (cell.spill === undefined) continue;
      const [r, c] = key.split(",").map(Number) as [number, number];
      const value = cell.spill[row - r]?.[column - c];
      if (value !== undefined && (row !== r || column !== c))
        return { ...resultCell(value), format: own?.format ?? cell.format };
    }
    return own ?? { value: "", format: "General" };
  }

  write(sheet: string, row: number, column: number, input: unknown, format?: string): void {
    const keepFormat = format ?? this.read(sheet, row, column).format;
    this.put(sheet, row, column, entryOf(input, keepFormat), keepFormat);
  }

  /** Writes a cell value given as valuesAsJson gives it: typed, never parsed. */
  writeJson(sheet: string, row: number, column: number, json: unknown): void {
    const format = this.read(sheet, row, column).format;
    this.put(sheet, row, column, entryOfJson(json), format);
  }

  private put(sheet: string, row: number, column: number, entry: Entry, format: string): void {
    const key = `${row},${column}`;
    if ("formula" in entry) {
      this.cells(sheet).set(key, { formula: entry.formula, value: "#BUSY!", error: true, format });
      this.calc(sheet, row, column);
    } else this.cells(sheet).set(key, { value: entry.value, ...(entry.error === true ? { error: true } : {}), format });
  }

  calc(sheet: string, row: number, column: number): void {
    const cell = this.cells(sheet).get(`${row},${column}`);
    if (cell?.formula === undefined) return;
    const address = cellAddress(sheet, row, column);
    this.calculated.push(address);
    const formula = cell.formula;
    this.pending.push(
      this.evaluate(formula, address).then((values) => {
        if (cell.formula !== formula) return;
        cell.spill = values;
        Object.assign(cell, resultCell(values[0]?.[0] ?? ""));
      }),
    );
  }

  /** Deletes whole rows from zero-based row `at`, as the user does: cells below move up, and so do names. */
  deleteSheetRows(sheet: string, at: number, count: number): void {
    deleteRows(this, { sheet, top: at, left: 0, bottom: at + count - 1, right: 16_383 });
  }

  /** Renames a sheet, as the user does: its cells and the names on it go with it. */
  renameSheet(from: string, to: string): void {
    const sheet = this.sheets.get(from);
    if (sheet === undefined) throw new Error(`no sheet ${from}`);
    this.sheets.delete(from);
    this.sheets.set(to, sheet);
    for (const [name, rect] of this.names) if (rect?.sheet === from) this.names.set(name, { ...rect, sheet: to });
    if (this.active === from) this.active = to;
  }

  /** Inserts whole rows above zero-based row `at`, as the user does: cells below move down, and so do names. */
  insertRows(sheet: string, at: number, count: number): void {
    const cells = this.cells(sheet);
    const moved = [...cells].filter(([key]) => Number(key.split(",")[0]) >= at);
    moved.forEach(([key]) => cells.delete(key));
    for (const [key, cell] of moved) {
      const [r, c] = key.split(",").map(Number) as [number, number];
      cells.set(`${r + count},${c}`, cell);
    }
    for (const [name, rect] of this.names) {
      if (rect === undefined || rect.sheet !== sheet) continue;
      this.names.set(name, {
        ...rect,
        top: rect.top >= at ? rect.top + count : rect.top,
        bottom: rect.bottom >= at ? rect.bottom + count : rect.bottom,
      });
    }
  }
}

/**
 * A cell of a formula's result: an error given as `{ type: "Error", basicValue: "#N/A" }` is the error
 * constant; any string, even "#N/A", is text (a function returning the text "#N/A" shows text).
 */
function resultCell(value: unknown): { value: unknown; error: boolean } {
  if (isRich(value) && value.type === "Error") return { value: value.basicValue, error: true };
  return { value, error: false };
}

function grid<T>(rect: SheetRect, at: (row: number, column: number) => T): T[][] {
  return Array.from({ length: rect.bottom - rect.top + 1 }, (_, r) =>
    Array.from({ length: rect.right - rect.left + 1 }, (_, c) => at(rect.top + r, rect.left + c)),
  );
}

function usedRect(book: FakeWorkbook, sheet: string): SheetRect | undefined {
  let rect: SheetRect | undefined;
  for (const [key, cell] of book.cells(sheet)) {
    if (cell.formula === undefined && cell.value === "") continue;
    const [r, c] = key.split(",").map(Number) as [number, number];
    const rows = cell.spill?.length ?? 1;
    const columns = cell.spill?.[0]?.length ?? 1;
    rect = {
      sheet,
      top: Math.min(rect?.top ?? r, r),
      left: Math.min(rect?.left ?? c, c),
      bottom: Math.max(rect?.bottom ?? r, r + rows - 1),
      right: Math.max(rect?.right ?? c, c + columns - 1),
    };
  }
  return rect;
}

const READ: Record<Grid, (cell: Cell, row: number, column: number) => unknown> = {
  values: (cell) => basicValue(cell.value),
  formulas: (cell) => cell.formula ?? basicValue(cell.value),
  formulasR1C1: (cell, row, column) =>
    cell.formula === undefined ? basicValue(cell.value) : toR1C1(cell.formula, row, column),
  valueTypes: (cell) => valueType(cell.value, cell.error),
  valuesAsJson: (cell) => jsonOf(cell.value, cell.error),
  numberFormat: (cell) => cell.format,
};

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
    const cell = book.cells(rect.sheet).get(`${r},${c}`);
    if (cell?.formula !== undefined) book.cells(rect.sheet).set(`${r},${c}`, { value: "", format: cell.format });
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
    each(rect, formats, (r, c, format) => {
      const cell = book.cells(rect.sheet).get(`${r},${c}`);
      if (cell !== undefined) cell.format = String(format);
      else book.cells(rect.sheet).set(`${r},${c}`, { value: "", format: String(format) });
    }),
};

/** Rows deleted: cells below move up; a name on them shrinks, or refers to nothing (#REF!) once all its rows went. */
function deleteRows(book: FakeWorkbook, rect: SheetRect): void {
  const cells = book.cells(rect.sheet);
  const height = rect.bottom - rect.top + 1;
  const moved = [...cells].filter(([key]) => Number(key.split(",")[0]) >= rect.top);
  moved.forEach(([key]) => cells.delete(key));
  for (const [key, cell] of moved) {
    const [r, c] = key.split(",").map(Number) as [number, number];
    if (r > rect.bottom) cells.set(`${r - height},${c}`, cell);
  }
  for (const [name, target] of book.names) {
    if (target === undefined || target.sheet !== rect.sheet || target.bottom < rect.top) continue;
    if (target.top >= rect.top && target.bottom <= rect.bottom) {
      book.names.set(name, undefined);
      continue;
    }
    const top = target.top > rect.bottom ? target.top - height : Math.min(target.top, rect.top);
    const bottom = target.bottom > rect.bottom ? target.bottom - height : rect.top - 1;
    book.names.set(name, { ...target, top, bottom });
  }
}

/** The store behind the Office.js mock objects. */
function cellStore(book: FakeWorkbook): CellStore {
  return {
    get selection() {
      return book.selection;
    },
    get active() {
      return book.active;
    },
    sheetNames: () => [...book.sheets.keys()],
    addSheet: (name) => void book.sheets.set(name, { cells: new Map(), visibility: "Visible" }),
    visibility: (sheet) => book.visibility(sheet),
    setVisibility: (sheet, visibility) => void (book.sheets.get(sheet)!.visibility = visibility),
    usedRect: (sheet) => usedRect(book, sheet),
    spillRect: ({ sheet, top, left }) => {
      const spill = book.cells(sheet).get(`${top},${left}`)?.spill;
      if (spill === undefined || (spill.length === 1 && spill[0]?.length === 1)) return undefined;
      return { sheet, top, left, bottom: top + spill.length - 1, right: left + (spill[0]?.length ?? 1) - 1 };
    },
    grid: (rect, what) => grid(rect, (r, c) => READ[what](book.read(rect.sheet, r, c), r, c)),
    write: (rect, what, values) => WRITE[what](book, rect, values),
    clear: (rect) =>
      void grid(rect, (r, c) =>
        book.cells(rect.sheet).set(`${r},${c}`, { value: "", format: book.read(rect.sheet, r, c).format }),
      ),
    deleteRows: (rect) => deleteRows(book, rect),
    calculate: (rect) => void grid(rect, (r, c) => book.calc(rect.sheet, r, c)),
    nameTarget: (name) => (book.names.has(name) ? { rect: book.names.get(name) } : undefined),
    addName: (name, rect) => {
      if (book.names.has(name)) throw new Error(`the name ${name} already exists`);
      book.names.set(name, rect);
    },
    deleteName: (name) => void book.names.delete(name),
    setting: (key) => book.settings.get(key),
    addSetting: (key, value) => void book.settings.set(key, value),
  };
}
