import { parseRect, type SheetRect } from "../../../src/workbook/sheet-address";
import { officeError, sheetNameRefusal, type OfficeError, type OfficeErrorCode } from "./excel-rules";
import { WorkbookCells, type Evaluate, type FakeSheet, type FakeTable } from "./sheet-cells";
import { cellKey, keyParts, occupied } from "./cell-grid";
import { growTableOver } from "./sheet-objects";
import type { Writable } from "./grid-io";
import { FakeContext, type UndoMode } from "./office-context";
import { ExcelApplication } from "./excel-application";

/**
 * The project's in-memory Excel workbook, behind the Office.js calls the add-in makes (office-context.ts builds the
 * office-addin-mock objects the code under test sees; tests read and change the workbook directly, as a user would).
 * It behaves as Excel does where the add-in relies on it:
 * - cells, formulas evaluated with the cells they refer to, and dynamic arrays that spill only into empty cells
 *   outside tables (sheet-cells.ts);
 * - sheets with ids and Excel's name rules, protection (every change to a protected sheet fails with AccessDenied),
 *   tables (workbook-wide unique names, ids that survive a rename, growing over a value typed beside or under them),
 *   charts with ids, conditional formats with ids (cell-rules.ts says which marks a cell), frozen rows
 *   (sheet-objects.ts);
 * - workbook names that move with their cells, the add-in's settings;
 * - undo: every sync through `run` is one undo step, or the whole run with `mergeUndoGroup` where the host has
 *   ExcelApi 1.20; an API that cannot be undone fails such a group with UndoNotSupported and clears the undo stack
 *   elsewhere ("Undo support with the Excel JavaScript API");
 * - hidden rows, which a sheet's visible view (Range.getVisibleView) leaves out;
 * - the application (excel-application.ts): the ExcelApi version, full calculations, AutoComplete's function list,
 *   the user activating a sheet.
 */
export type { Evaluate, FakeChart, FakeRule, FakeSheet, FakeTable, Refers } from "./sheet-cells";

/** A linked data domain as the add-in added it, and its refresh mode now. */
export interface FakeDomain {
  readonly options: Excel.LinkedEntityDataDomainCreateOptions;
  refreshMode: string;
}

/** A range's cells written through Office.js: where, which property, what. */
export interface RangeWrite {
  readonly address: string;
  readonly property: Writable;
  readonly value: unknown;
}

export interface FakeWorkbookOptions {
  /** The host's ExcelApi requirement set: an API that came later is missing. @default "1.20" */
  readonly excelApi?: string;
  /** `Excel.run({ mergeUndoGroup: true }, …)` makes one undo step. @default the host has ExcelApi 1.20 */
  readonly undoGroups?: boolean;
}

/** Moves a sheet's hidden rows with the rows themselves (`to` undefined: the row was deleted). */
function moveHidden(rows: Set<number>, to: (row: number) => number | undefined): void {
  const moved = [...rows].map(to).filter((row): row is number => row !== undefined);
  rows.clear();
  moved.forEach((row) => rows.add(row));
}

interface Snapshot {
  readonly sheets: Map<string, FakeSheet>;
  readonly tables: FakeTable[];
  readonly names: Map<string, SheetRect | undefined>;
  readonly active: string;
}

export class FakeWorkbook extends WorkbookCells {
  /** Workbook names: where each refers now (undefined once its cells were deleted: #REF!). */
  readonly names = new Map<string, SheetRect | undefined>();
  /** The add-in's workbook settings (Excel.SettingCollection), stored in the file and never shown on a sheet. */
  readonly settings = new Map<string, unknown>();
  selection = "Sheet1!A1";
  active = "Sheet1";
  /** Excel's linked data domains (ExcelApi 1.19), by id, and each call the add-in made on them ("add index"). */
  readonly domains = new Map<string, FakeDomain>();
  readonly domainCalls: string[] = [];
  /** Every write of a range's cells applied through Office.js, in order (a write never synced is not here). */
  readonly writes: RangeWrite[] = [];
  /** Changes applied through Office.js: 0 while the code under test has written nothing. */
  changes = 0;
  /** Every context.sync the code under test made, over all its contexts. */
  syncs = 0;
  private readonly atSync: { readonly sync: number; readonly reached: () => void }[] = [];
  private nextId = 1;
  private readonly faults = new Map<string, OfficeError>();
  private readonly undoStack: Snapshot[] = [];
  private readonly undoGroups: boolean;
  /** Excel refuses every undo group: an API in it cannot be undone (see `refuseUndoGroups`). */
  undoGroupsRefused = false;
  readonly application: ExcelApplication;
  /** Every Excel.run over this workbook. */
  runs = 0;
  /** The request context of the batch running now: where a static Office.js call such as setVisibility queues. */
  running: FakeContext | undefined;

  constructor(evaluate: Evaluate, names: readonly string[] = ["Sheet1"], options: FakeWorkbookOptions = {}) {
    super(evaluate);
    this.application = new ExcelApplication(this, options.excelApi ?? "1.20");
    this.undoGroups = options.undoGroups ?? this.application.has("1.20");
    names.forEach((name) => this.addSheet(name));
  }

  /** The active cell: the selection's first cell, where the user's focus is. */
  activeCell(): SheetRect | undefined {
    const rect = parseRect(this.selection);
    return rect && { ...rect, bottom: rect.top, right: rect.left };
  }

  /**
   * Resolves at the code under test's `sync`th context.sync: a custom function's answer arrives while the add-in
   * waits between two looks, and the cell shows #BUSY! until then (an evaluate that awaits this).
   */
  untilSync(sync: number): Promise<void> {
    if (this.syncs >= sync) return Promise.resolve();
    return new Promise((reached) => this.atSync.push({ sync, reached }));
  }

  /** Counts a context.sync; true when something waited for it (let it land before the sync reads the cells). */
  synced(): boolean {
    this.syncs += 1;
    const due = this.atSync.filter((waiter) => waiter.sync <= this.syncs);
    due.forEach((waiter) => {
      this.atSync.splice(this.atSync.indexOf(waiter), 1);
      waiter.reached();
    });
    return due.length > 0;
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
      hiddenRows: new Set(),
      charts: [],
      rules: [],
    };
    this.sheets.set(name, sheet);
    this.changed();
    return sheet;
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

  /** A fresh Office.js request context over this workbook, outside any undo step (see `run`). */
  get context(): Excel.RequestContext {
    return new FakeContext(this, "none").context();
  }

  /** `Excel.run` over this workbook: each batch on a fresh context; undo steps as the host makes them. */
  readonly run = async <T>(
    batch: (context: Excel.RequestContext) => Promise<T>,
    options?: Excel.RunOptions,
  ): Promise<T> => {
    const mode: UndoMode = options?.mergeUndoGroup === true && this.undoGroups ? "group" : "each";
    const context = new FakeContext(this, mode);
    this.runs += 1;
    this.running = context;
    try {
      return await batch(context.context());
    } finally {
      if (this.running === context) this.running = undefined;
    }
  };

  /**
   * From now on Excel refuses every undo group, as it does when an API in the group cannot be undone: the group's
   * first sync fails with UndoNotSupported.
   */
  refuseUndoGroups(): void {
    this.undoGroupsRefused = true;
  }

  /** Hides whole rows from zero-based row `at`, as the user does (Home > Format > Hide rows). */
  hideRows(sheet: string, at: number, count = 1): void {
    for (let row = at; row < at + count; row += 1) this.sheet(sheet).hiddenRows.add(row);
  }

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
    moveHidden(this.sheet(rect.sheet).hiddenRows, (r) => (r < rect.top ? r : r > rect.bottom ? r - height : undefined));
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
    moveHidden(this.sheet(sheet).hiddenRows, (r) => (r >= at ? r + count : r));
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
