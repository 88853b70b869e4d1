import { cellAddress, parseRect, type SheetRect } from "../../src/office/refresh-scope-address";
import { WorkbookMock, type CellStore, type Grid, type Writable } from "./workbook-mock";

/**
 * A small in-memory Excel workbook for the freeze, receipt and refresh-scope adapters: sheets of cells with
 * formulas, values, number formats and dynamic-array spills, behind the Office.js calls those adapters use
 * (getRange, getUsedRangeOrNullObject, getSpillingToRangeOrNullObject, values/formulas/numberFormat,
 * calculate, clear, delete, worksheets.add/getItemOrNullObject). Values written as text follow Excel's
 * typing rules: "=…" becomes a formula, "#N/A" the error constant, a leading apostrophe keeps text as text.
 * The adapters reach the cells only through `context`, a tree of office-addin-mock objects (workbook-mock.ts)
 * with its load/sync discipline; the tests read the cells directly (shown, formulaAt, valuesIn, usedValues).
 */
type Evaluate = (formula: string, address: string) => Promise<unknown[][]>;

interface Cell {
  formula?: string;
  value: unknown;
  error?: boolean;
  format: string;
  spill?: unknown[][];
}

const ERRORS = new Set(["#N/A", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#NUM!", "#NULL!", "#SPILL!", "#BUSY!"]);

export class FakeWorkbook {
  readonly sheets = new Map<string, { cells: Map<string, Cell>; visibility: string }>();
  selection = "Sheet1!A1";
  active = "Sheet1";
  private pending: Promise<unknown>[] = [];
  readonly calculated: string[] = [];

  constructor(private readonly evaluate: Evaluate, names: readonly string[] = ["Sheet1"]) {
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

  /** What a cell shows: its value (a spilled cell's from its anchor). */
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

  /** A fresh Office.js request context over this workbook (office-addin-mock objects, see workbook-mock.ts). */
  get context(): Excel.RequestContext {
    return new WorkbookMock(cellStore(this)).context();
  }

  /** The values of a range, read from the cells (not through Office.js): what the tests assert on. */
  valuesIn(address: string): unknown[][] {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    return grid(rect, (r, c) => this.read(rect.sheet, r, c).value);
  }

  /** The values of a sheet's used range. */
  usedValues(sheet: string): unknown[][] {
    const rect = usedRect(this, sheet);
    return rect === undefined ? [] : grid(rect, (r, c) => this.read(sheet, r, c).value);
  }

  /** The values a cell's formula spills. */
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
      const [r, c] = key.split(",").map(Number) as [number, number];
      const value = cell.spill?.[row - r]?.[column - c];
      if (value !== undefined && (row !== r || column !== c)) return { value, error: ERRORS.has(String(value)), format: own?.format ?? cell.format };
    }
    return own ?? { value: "", format: "General" };
  }

  write(sheet: string, row: number, column: number, input: unknown, format?: string): void {
    const key = `${row},${column}`;
    const keepFormat = format ?? this.read(sheet, row, column).format;
    const text = typeof input === "string" ? input : undefined;
    if (text?.startsWith("=")) {
      const cell: Cell = { formula: text, value: "#BUSY!", error: true, format: keepFormat };
      this.cells(sheet).set(key, cell);
      this.calc(sheet, row, column);
    } else if (text?.startsWith("'")) this.cells(sheet).set(key, { value: text.slice(1), format: keepFormat });
    else this.cells(sheet).set(key, { value: input ?? "", error: ERRORS.has(String(input)), format: keepFormat });
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
        cell.value = values[0]?.[0] ?? "";
        cell.error = ERRORS.has(String(cell.value));
      }),
    );
  }
}

function grid<T>(rect: SheetRect, at: (row: number, column: number) => T): T[][] {
  return Array.from({ length: rect.bottom - rect.top + 1 }, (_, r) => Array.from({ length: rect.right - rect.left + 1 }, (_, c) => at(rect.top + r, rect.left + c)));
}

function usedRect(book: FakeWorkbook, sheet: string): SheetRect | undefined {
  let rect: SheetRect | undefined;
  for (const [key, cell] of book.cells(sheet)) {
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

function typeOf(cell: Cell): string {
  return cell.error === true ? "Error" : typeof cell.value === "number" ? "Double" : "String";
}

const READ: Record<Grid, (cell: Cell) => unknown> = {
  values: (cell) => cell.value,
  formulas: (cell) => cell.formula ?? cell.value,
  valueTypes: typeOf,
  numberFormat: (cell) => cell.format,
};

function each(rect: SheetRect, values: unknown[][], apply: (row: number, column: number, value: unknown) => void): void {
  values.forEach((line, r) => line.forEach((value, c) => apply(rect.top + r, rect.left + c, value)));
}

const WRITE: Record<Writable, (book: FakeWorkbook, rect: SheetRect, values: unknown[][]) => void> = {
  values: (book, rect, values) => {
    // Excel writes a range's values at once: the anchor's formula (and so its spill) goes first.
    each(rect, values, (r, c) => {
      const cell = book.cells(rect.sheet).get(`${r},${c}`);
      if (cell?.formula !== undefined) book.cells(rect.sheet).set(`${r},${c}`, { value: "", format: cell.format });
    });
    each(rect, values, (r, c, value) => book.write(rect.sheet, r, c, value));
  },
  formulas: (book, rect, values) => each(rect, values, (r, c, value) => book.write(rect.sheet, r, c, value)),
  numberFormat: (book, rect, formats) =>
    each(rect, formats, (r, c, format) => {
      const cell = book.cells(rect.sheet).get(`${r},${c}`);
      if (cell !== undefined) cell.format = String(format);
    }),
};

/** The store behind the Office.js mock objects. */
function cellStore(book: FakeWorkbook): CellStore {
  return {
    get selection() { return book.selection; },
    get active() { return book.active; },
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
    grid: (rect, what) => grid(rect, (r, c) => READ[what](book.read(rect.sheet, r, c))),
    write: (rect, what, values) => WRITE[what](book, rect, values),
    clear: (rect) => void grid(rect, (r, c) => book.cells(rect.sheet).set(`${r},${c}`, { value: "", format: book.read(rect.sheet, r, c).format })),
    deleteRows: (rect) => {
      const cells = book.cells(rect.sheet);
      const height = rect.bottom - rect.top + 1;
      const moved = [...cells].filter(([key]) => Number(key.split(",")[0]) >= rect.top);
      moved.forEach(([key]) => cells.delete(key));
      for (const [key, cell] of moved) {
        const [r, c] = key.split(",").map(Number) as [number, number];
        if (r > rect.bottom) cells.set(`${r - height},${c}`, cell);
      }
    },
    calculate: (rect) => void grid(rect, (r, c) => book.calc(rect.sheet, r, c)),
  };
}
