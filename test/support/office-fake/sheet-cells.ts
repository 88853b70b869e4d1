import { cellAddress, parseRect, type SheetRect } from "../../../src/workbook/sheet-address";
import { basicValue, entryOf, entryOfJson, jsonOf, type Entry } from "./excel-typing";
import {
  cellKey,
  EMPTY_CELL,
  grid,
  keyParts,
  occupied,
  resultCell,
  spillsOf,
  usedRect,
  type Cell,
  type Rect,
  type Spills,
} from "./cell-grid";

/**
 * The cells of the workbook fake (fake-workbook.ts builds the rest on them): every sheet's cells with formulas, values
 * typed by Excel's rules (excel-typing.ts), number formats and data types; a formula evaluated by the test's
 * `evaluate` (the real INDEX functions, see sheet-support.ts) when it is written, with the cells it refers to; and
 * Excel's dynamic arrays over them (cell-grid.ts): a result spills only where every cell of its range is empty
 * and outside any table, else its cell shows #SPILL!.
 */
export type Evaluate = (formula: string, address: string, refers?: Refers) => Promise<unknown[][]>;

/** The values a reference in a formula hands a function, as Excel passes them (data types as their JSON); undefined when it is no reference. */
export type Refers = (reference: string) => unknown[][] | undefined;

export interface FakeSheet {
  readonly id: string;
  name: string;
  readonly cells: Map<string, Cell>;
  visibility: string;
  protected: boolean;
  frozenRows: number;
  /** Rows the user hid (zero-based). */
  readonly hiddenRows: Set<number>;
  readonly charts: FakeChart[];
  readonly rules: FakeRule[];
}

export interface FakeTable {
  readonly id: string;
  name: string;
  /** The id of the sheet it stands on. */
  readonly sheet: string;
  /** Header row first. */
  rect: Rect;
  style: string;
}

export interface FakeChart {
  readonly id: string;
  name: string;
  readonly type: string;
  /** The cells it draws, on its own sheet. */
  source: Rect;
  seriesBy: string;
  title: string;
  /** Where its top-left and bottom-right corners are: cells of its sheet. */
  position?: readonly [string, string | undefined];
  /** The cells its first series reads its category (x) axis from. */
  xAxis?: Rect;
}

export interface FakeRule {
  readonly id: string;
  rect: Rect;
  readonly type: string;
  formula?: string;
  fill?: string;
  font?: string;
}

export abstract class WorkbookCells {
  readonly sheets = new Map<string, FakeSheet>();
  /** Every table of the workbook (their names are unique across it). */
  readonly tables: FakeTable[] = [];
  readonly calculated: string[] = [];
  private pending: Promise<unknown>[] = [];
  private revision = 0;
  private readonly spillCache = new Map<string, { revision: number; spills: Spills }>();

  constructor(private readonly evaluate: Evaluate) {}

  sheet(name: string): FakeSheet {
    const found = this.sheets.get(name);
    if (found === undefined) throw new Error(`no sheet ${name}`);
    return found;
  }

  sheetById(id: string): FakeSheet | undefined {
    return [...this.sheets.values()].find((sheet) => sheet.id === id);
  }

  /** Called at each change: a spill may now be blocked, or free. */
  changed(): void {
    this.revision += 1;
  }

  async settled(): Promise<void> {
    while (this.pending.length > 0) {
      const waiting = this.pending;
      this.pending = [];
      await Promise.all(waiting);
    }
  }

  /** What a cell holds: its value (a spilled cell's from its formula), a data type as its JSON. */
  shown(address: string): unknown {
    const rect = parseRect(address)!;
    return this.read(rect.sheet, rect.top, rect.left).value;
  }

  formulaAt(address: string): string | undefined {
    const rect = parseRect(address)!;
    return this.cells(rect.sheet).get(cellKey(rect.top, rect.left))?.formula;
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
        const [r, c] = keyParts(key);
        if (cell.formula !== undefined) found[cellAddress(sheet, r, c)] = cell.formula;
      }
    }
    return found;
  }

  /** The values of a range as Range.values reads them (a data type as its basic value), read from the cells. */
  valuesIn(address: string): unknown[][] {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    return grid(rect, (r, c) => basicValue(this.read(rect.sheet, r, c).value));
  }

  /** The number formats of a range, as Range.numberFormat reads them. */
  formatsIn(address: string): string[][] {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    return grid(rect, (r, c) => this.read(rect.sheet, r, c).format);
  }

  /** The values of a sheet's used range. */
  usedValues(sheet: string): unknown[][] {
    const rect = this.usedRect(sheet);
    return rect === undefined ? [] : grid(rect, (r, c) => basicValue(this.read(sheet, r, c).value));
  }

  usedRect(sheet: string): SheetRect | undefined {
    const rect = usedRect(this.cells(sheet), this.spills(sheet));
    return rect === undefined ? undefined : { sheet, ...rect };
  }

  /** The smallest rectangle of `rect` holding every cell there that shows something, as Range.getUsedRange finds it. */
  usedRectIn(rect: SheetRect): SheetRect | undefined {
    const spills = this.spills(rect.sheet);
    const keys = [...this.cells(rect.sheet)].filter(([, cell]) => occupied(cell)).map(([key]) => key);
    const shown = [...keys, ...spills.shown.keys()]
      .map(keyParts)
      .filter(([r, c]) => r >= rect.top && r <= rect.bottom && c >= rect.left && c <= rect.right);
    if (shown.length === 0) return undefined;
    const rows = shown.map(([r]) => r);
    const columns = shown.map(([, c]) => c);
    return {
      sheet: rect.sheet,
      top: Math.min(...rows),
      left: Math.min(...columns),
      bottom: Math.max(...rows),
      right: Math.max(...columns),
    };
  }

  /** The values a cell's formula returned (data types as their JSON), whether or not it could spill. */
  spillValues(address: string): unknown[][] {
    const rect = parseRect(address)!;
    return this.cells(rect.sheet).get(cellKey(rect.top, rect.left))?.spill ?? [];
  }

  /** Where the formula in a cell spills to now; undefined when it does not spill (one value, or #SPILL!). */
  spillRange(sheet: string, row: number, column: number): Rect | undefined {
    return this.spills(sheet).ranges.get(cellKey(row, column));
  }

  spills(sheet: string): Spills {
    const cached = this.spillCache.get(sheet);
    if (cached?.revision === this.revision) return cached.spills;
    const sheetId = this.sheet(sheet).id;
    const tables = this.tables.filter((table) => table.sheet === sheetId).map((table) => table.rect);
    const spills = spillsOf(this.cells(sheet), tables);
    this.spillCache.set(sheet, { revision: this.revision, spills });
    return spills;
  }

  cells(sheet: string): Map<string, Cell> {
    return this.sheet(sheet).cells;
  }

  /** The cell at (row, column) as it shows: #SPILL! where its spill is blocked, a spilled value from its formula. */
  read(sheet: string, row: number, column: number): Cell {
    const key = cellKey(row, column);
    const own = this.cells(sheet).get(key);
    const spills = this.spills(sheet);
    if (own?.formula !== undefined && spills.blocked.has(key))
      return { formula: own.formula, value: "#SPILL!", error: true, format: own.format };
    if (occupied(own)) return own as Cell;
    const spilled = spills.shown.get(key);
    if (spilled !== undefined) {
      const anchor = this.cells(sheet).get(spilled.anchor);
      return { ...resultCell(spilled.value), format: own?.format ?? anchor?.format ?? "General" };
    }
    return own ?? { ...EMPTY_CELL };
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

  /** Empties a cell; `all` takes its number format too (Range.clear("All") against "Contents"). */
  clearCell(sheet: string, row: number, column: number, all: boolean): void {
    const key = cellKey(row, column);
    const format = all ? "General" : (this.cells(sheet).get(key)?.format ?? "General");
    if (format === "General") this.cells(sheet).delete(key);
    else this.cells(sheet).set(key, { value: "", format });
    this.changed();
  }

  /** A cell's number format; an empty cell back to General is no cell at all, as in Excel's file. */
  setFormat(sheet: string, row: number, column: number, format: string): void {
    const key = cellKey(row, column);
    const cell = this.cells(sheet).get(key);
    if (cell !== undefined && !occupied(cell) && format === "General") this.cells(sheet).delete(key);
    else if (cell !== undefined) cell.format = format;
    else if (format !== "General") this.cells(sheet).set(key, { value: "", format });
  }

  private put(sheet: string, row: number, column: number, entry: Entry, format: string): void {
    const key = cellKey(row, column);
    if ("formula" in entry) {
      this.cells(sheet).set(key, { formula: entry.formula, value: "#BUSY!", error: true, format });
      this.calc(sheet, row, column);
    } else this.cells(sheet).set(key, { value: entry.value, ...(entry.error === true ? { error: true } : {}), format });
    this.changed();
  }

  calc(sheet: string, row: number, column: number): void {
    const cell = this.cells(sheet).get(cellKey(row, column));
    if (cell?.formula === undefined) return;
    const address = cellAddress(sheet, row, column);
    this.calculated.push(address);
    const formula = cell.formula;
    this.pending.push(
      this.evaluate(formula, address, (reference) => this.referred(sheet, reference)).then((values) => {
        if (cell.formula !== formula) return;
        cell.spill = values;
        Object.assign(cell, resultCell(values[0]?.[0] ?? ""));
        this.changed();
      }),
    );
  }

  /** The cells a reference of a formula on `sheet` names, as a function receives them. */
  private referred(sheet: string, reference: string): unknown[][] | undefined {
    const rect = parseRect(reference.replace(/\$/g, ""));
    if (rect === undefined) return undefined;
    const on = rect.sheet === "" ? sheet : rect.sheet;
    if (!this.sheets.has(on)) return undefined;
    return grid(rect, (r, c) => {
      const cell = this.read(on, r, c);
      return typeof cell.value === "object" && cell.value !== null ? jsonOf(cell.value, cell.error) : cell.value;
    });
  }
}
