import { cellAddress, parseRect, type SheetRect } from "../../src/workbook/sheet-address";
import { officeError, sheetNameRefusal, type OfficeError, type OfficeErrorCode } from "./excel-rules";
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
} from "./workbook-grid";
import { growTableOver } from "./workbook-objects";
import { WorkbookMock, type UndoMode } from "./workbook-mock";

/**
 * The project's in-memory Excel workbook, behind the Office.js calls the add-in makes (workbook-mock.ts builds the
 * office-addin-mock objects the code under test sees; tests read and change the workbook directly, as a user would).
 * It behaves as Excel does where the add-in relies on it:
 * - cells: formulas, values typed by Excel's rules (excel-typing.ts), number formats, data types; a formula is
 *   evaluated by the test's `evaluate` (the real INDEX functions, see sheet-support.ts) when it is written, with the
 *   cells it refers to;
 * - dynamic arrays: a result spills only where every cell of its range is empty and outside any table, else the
 *   formula shows #SPILL! (workbook-grid.ts);
 * - sheets with ids and Excel's name rules, protection (every change to a protected sheet fails with AccessDenied),
 *   tables (workbook-wide unique names, ids that survive a rename, growing over a value typed beside or under them),
 *   charts with ids, conditional formats with ids (cell-rules.ts says which marks a cell), frozen rows
 *   (workbook-objects.ts);
 * - workbook names that move with their cells, the add-in's settings;
 * - undo: every sync through `run` is one undo step, or the whole run with `mergeUndoGroup` where the host has
 *   ExcelApi 1.20; an API that cannot be undone fails such a group with UndoNotSupported and clears the undo stack
 *   elsewhere ("Undo support with the Excel JavaScript API").
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
  position?: readonly [string, string | undefined];
}

export interface FakeRule {
  readonly id: string;
  rect: Rect;
  readonly type: string;
  formula?: string;
  fill?: string;
  font?: string;
}

export interface FakeWorkbookOptions {
  /** The host has ExcelApi 1.20: `Excel.run({ mergeUndoGroup: true }, …)` makes one undo step. @default true */
  readonly undoGroups?: boolean;
}

interface Snapshot {
  readonly sheets: Map<string, FakeSheet>;
  readonly tables: FakeTable[];
  readonly names: Map<string, SheetRect | undefined>;
  readonly active: string;
}

export class FakeWorkbook {
  readonly sheets = new Map<string, FakeSheet>();
  /** Every table of the workbook (their names are unique across it). */
  readonly tables: FakeTable[] = [];
  /** Workbook names: where each refers now (undefined once its cells were deleted: #REF!). */
  readonly names = new Map<string, SheetRect | undefined>();
  /** The add-in's workbook settings (Excel.SettingCollection), stored in the file and never shown on a sheet. */
  readonly settings = new Map<string, unknown>();
  selection = "Sheet1!A1";
  active = "Sheet1";
  readonly calculated: string[] = [];
  /** Changes applied through Office.js: 0 while the code under test has written nothing. */
  changes = 0;
  private pending: Promise<unknown>[] = [];
  private revision = 0;
  private readonly spillCache = new Map<string, { revision: number; spills: Spills }>();
  private nextId = 1;
  private readonly faults = new Map<string, OfficeError>();
  private readonly undoStack: Snapshot[] = [];
  private readonly undoGroups: boolean;

  constructor(
    private readonly evaluate: Evaluate,
    names: readonly string[] = ["Sheet1"],
    options: FakeWorkbookOptions = {},
  ) {
    this.undoGroups = options.undoGroups ?? true;
    names.forEach((name) => this.addSheet(name));
  }

  /** A new id, unique in the workbook, of Excel's form for `kind` ("{sheet-3}"). */
  newId(kind: string): string {
    return `{${kind}-${this.nextId++}}`;
  }

  /** Adds a sheet as Excel does (its name checked by Excel's rules); `visibility` as the user left it. */
  addSheet(name: string, visibility = "Visible"): FakeSheet {
    const refusal = sheetNameRefusal(name, [...this.sheets.keys()]);
    if (refusal !== undefined) throw officeError(refusal, `sheet name "${name}"`);
    const sheet: FakeSheet = {
      id: this.newId("sheet"),
      name,
      cells: new Map(),
      visibility,
      protected: false,
      frozenRows: 0,
      charts: [],
      rules: [],
    };
    this.sheets.set(name, sheet);
    this.changed();
    return sheet;
  }

  sheet(name: string): FakeSheet {
    const found = this.sheets.get(name);
    if (found === undefined) throw new Error(`no sheet ${name}`);
    return found;
  }

  sheetById(id: string): FakeSheet | undefined {
    return [...this.sheets.values()].find((sheet) => sheet.id === id);
  }

  /** The tables standing on `sheet`. */
  tablesOn(sheet: string): FakeTable[] {
    const id = this.sheet(sheet).id;
    return this.tables.filter((table) => table.sheet === id);
  }

  /** Worksheet.delete: the sheet goes with its tables; another sheet becomes the active one. */
  deleteSheet(sheet: FakeSheet): void {
    if (this.sheets.size === 1) throw officeError("InvalidOperation", "a workbook keeps one sheet at least");
    this.sheets.delete(sheet.name);
    for (const table of this.tables.filter((candidate) => candidate.sheet === sheet.id))
      this.tables.splice(this.tables.indexOf(table), 1);
    if (this.active === sheet.name) this.active = [...this.sheets.keys()][0] ?? "";
    this.changed();
  }

  /** Makes the next Office.js `operation` (e.g. "charts.add") fail as Excel would with `code`. */
  failNext(operation: string, code: OfficeErrorCode = "GeneralException"): void {
    this.faults.set(operation, officeError(code, `${operation} refused by the test`));
  }

  /** Throws the fault a test set for `operation`, once. */
  fault(operation: string): void {
    const fault = this.faults.get(operation);
    if (fault === undefined) return;
    this.faults.delete(operation);
    throw fault;
  }

  /** Refuses any change to a protected sheet, as Excel does (the code and message Office.js gives). */
  writable(sheet: FakeSheet): FakeSheet {
    if (sheet.protected) throw officeError("AccessDenied", `${sheet.name} is protected`);
    return sheet;
  }

  /** Called at each change: a spill may now be blocked, or free. */
  changed(): void {
    this.revision += 1;
  }

  /** Types a formula or value into a cell, as a user would; formulas evaluate (await `settled`). */
  type(address: string, input: unknown, format = "General"): void {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    const sheet = this.writable(this.sheet(rect.sheet));
    const before = occupied(sheet.cells.get(cellKey(rect.top, rect.left)));
    this.write(rect.sheet, rect.top, rect.left, input, format);
    if (!before && input !== "" && input !== null && input !== undefined)
      growTableOver(this, sheet, rect.top, rect.left);
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

  /** A fresh Office.js request context over this workbook, outside any undo step (see `run`). */
  get context(): Excel.RequestContext {
    return new WorkbookMock(this, "none").context();
  }

  /** `Excel.run` over this workbook: each batch on a fresh context; undo steps as the host makes them. */
  readonly run = <T>(batch: (context: Excel.RequestContext) => Promise<T>, options?: Excel.RunOptions): Promise<T> => {
    const mode: UndoMode = options?.mergeUndoGroup === true && this.undoGroups ? "group" : "each";
    return batch(new WorkbookMock(this, mode).context());
  };

  /** Ctrl+Z: takes back the last undo step; false when there is none. */
  undo(): boolean {
    const last = this.undoStack.pop();
    if (last === undefined) return false;
    this.sheets.clear();
    for (const [name, sheet] of last.sheets) this.sheets.set(name, sheet);
    this.tables.splice(0, this.tables.length, ...last.tables);
    this.names.clear();
    for (const [name, rect] of last.names) this.names.set(name, rect);
    this.active = last.active;
    this.changed();
    return true;
  }

  /** Opens an undo step: what the workbook was before it (settings are not undone, as in Excel). */
  openUndoStep(): void {
    this.undoStack.push(
      structuredClone({ sheets: this.sheets, tables: this.tables, names: this.names, active: this.active }),
    );
  }

  /** An API that cannot be undone ran outside an undo group: Excel clears the undo stack from there. */
  clearUndo(): void {
    this.undoStack.length = 0;
  }

  get undoSteps(): number {
    return this.undoStack.length;
  }

  /** The values of a range as Range.values reads them (a data type as its basic value), read from the cells. */
  valuesIn(address: string): unknown[][] {
    const rect = parseRect(address);
    if (rect === undefined) throw new Error(`bad address ${address}`);
    return grid(rect, (r, c) => basicValue(this.read(rect.sheet, r, c).value));
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

  /** Deletes whole rows from zero-based row `at`, as the user does: cells below move up, and so do names. */
  deleteSheetRows(sheet: string, at: number, count: number): void {
    this.deleteRows({ sheet, top: at, left: 0, bottom: at + count - 1, right: 16_383 });
  }

  /** Rows deleted: cells below move up; a name on them shrinks, or refers to nothing (#REF!) once all its rows went. */
  deleteRows(rect: SheetRect): void {
    const cells = this.cells(rect.sheet);
    const height = rect.bottom - rect.top + 1;
    const moved = [...cells].filter(([key]) => keyParts(key)[0] >= rect.top);
    moved.forEach(([key]) => cells.delete(key));
    for (const [key, cell] of moved) {
      const [r, c] = keyParts(key);
      if (r > rect.bottom) cells.set(cellKey(r - height, c), cell);
    }
    for (const [name, target] of this.names) {
      if (target === undefined || target.sheet !== rect.sheet || target.bottom < rect.top) continue;
      if (target.top >= rect.top && target.bottom <= rect.bottom) {
        this.names.set(name, undefined);
        continue;
      }
      const top = target.top > rect.bottom ? target.top - height : Math.min(target.top, rect.top);
      const bottom = target.bottom > rect.bottom ? target.bottom - height : rect.top - 1;
      this.names.set(name, { ...target, top, bottom });
    }
    this.changed();
  }

  /** Renames a sheet, as the user does: its cells and the names on it go with it. */
  renameSheet(from: string, to: string): void {
    const sheet = this.sheet(from);
    const refusal = sheetNameRefusal(
      to,
      [...this.sheets.keys()].filter((name) => name !== from),
    );
    if (refusal !== undefined) throw officeError(refusal, `sheet name "${to}"`);
    this.sheets.delete(from);
    sheet.name = to;
    this.sheets.set(to, sheet);
    for (const [name, rect] of this.names) if (rect?.sheet === from) this.names.set(name, { ...rect, sheet: to });
    if (this.active === from) this.active = to;
    this.changed();
  }

  /** Inserts whole rows above zero-based row `at`, as the user does: cells below move down, and so do names. */
  insertRows(sheet: string, at: number, count: number): void {
    const cells = this.cells(sheet);
    const moved = [...cells].filter(([key]) => keyParts(key)[0] >= at);
    moved.forEach(([key]) => cells.delete(key));
    for (const [key, cell] of moved) {
      const [r, c] = keyParts(key);
      cells.set(cellKey(r + count, c), cell);
    }
    for (const [name, rect] of this.names) {
      if (rect === undefined || rect.sheet !== sheet) continue;
      this.names.set(name, {
        ...rect,
        top: rect.top >= at ? rect.top + count : rect.top,
        bottom: rect.bottom >= at ? rect.bottom + count : rect.bottom,
      });
    }
    this.changed();
  }
}
