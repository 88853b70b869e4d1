import { OfficeMockObject } from "office-addin-mock";
import { cellAddress, parseRect, type SheetRect } from "../../../src/workbook/sheet-address";
import { officeError } from "./excel-rules";
import type { FakeSheet, FakeWorkbook } from "./fake-workbook";
import { clearGrid, readGrid, writeGrid, type Writable } from "./grid-io";
import { domainsObject } from "./office-data-domains";
import { namesObject, settingsObject, worksheetsObject } from "./office-collections";
import { sheetParts, workbookTables } from "./office-sheet-objects";
import { activationEvents, applicationObject, visibleView } from "./office-application";

/**
 * The Office.js side of the workbook fake, built of office-addin-mock objects: a property reads as the object's
 * error text until it is loaded and the context synced, so a missing load() or sync() in src/office shows in
 * the results. office-addin-mock's tree is fixed at creation, while Office.js hands out new objects
 * (getRange, getUsedRangeOrNullObject, worksheets.add, tables.add…); each one is created here as an
 * OfficeMockObject and registered with its context, whose sync() then (1) applies the writes and method calls
 * queued since the last sync, in order, as Excel does (a failing one fails the sync, and those before it stay
 * applied), (2) binds each new object to what it stands for (a null object stays null) and puts its current
 * state behind its properties, and (3) runs office-addin-mock's own sync on every object, which makes the loaded
 * properties readable. A sync that changes the workbook is an undo step, or part of the run's one step in an undo
 * group (`UndoMode`).
 */
export type UndoMode = "none" | "each" | "group";

export type OfficeObject = OfficeMockObject & Record<string, unknown>;

/** office-addin-mock's internals this file reaches into (as excel-object.ts's settle does). */
interface Internals {
  _properties: Map<
    string,
    { _value: unknown; _valueBeforeLoaded: unknown; _loaded: boolean; _properties: Map<string, unknown> }
  >;
  updatePropertyCall(name: string): void;
}

interface Live {
  readonly object: OfficeObject;
  refresh(): void;
  /** After office-addin-mock's sync: the properties loaded again take their new values. */
  synced?(): void;
}

/** The properties a load() names at the top level ("*" for all), as Office.js reads its argument. */
function loadedNames(argument: unknown): string[] {
  if (argument === undefined) return ["*"];
  const list = typeof argument === "string" ? argument.split(",") : Array.isArray(argument) ? argument : [];
  const names = list.length > 0 ? list.map(String) : Object.keys(argument as object);
  return names.map((name) => name.trim().split("/")[0] ?? "");
}

/**
 * A queued call: applied at the next sync; `undoable: false` for the APIs Excel cannot undo, "no change" for a command
 * that leaves the workbook as it was (a calculation, an event handler), so no undo step.
 */
interface Queued {
  readonly apply: () => void;
  readonly undoable: boolean | "no change";
}

const RANGE_PROPERTIES = {
  address: "",
  values: [],
  formulas: [],
  formulasR1C1: [],
  valueTypes: [],
  valuesAsJson: [],
  numberFormat: [],
  rowCount: 0,
  columnCount: 0,
  cellCount: 0,
};

function copy<T>(value: T): T {
  return structuredClone(value);
}

export function rangeAddress(rect: SheetRect): string {
  const first = cellAddress(rect.sheet, rect.top, rect.left);
  const last = cellAddress(rect.sheet, rect.bottom, rect.right, false).split("!")[1];
  return rect.top === rect.bottom && rect.left === rect.right ? first : `${first}:${last}`;
}

/** `rect` moved down `rows` and right `columns`. */
function shifted(rect: SheetRect, rows: number, columns: number): SheetRect {
  return {
    ...rect,
    top: rect.top + rows,
    left: rect.left + columns,
    bottom: rect.bottom + rows,
    right: rect.right + columns,
  };
}

export class FakeContext {
  private readonly live: Live[] = [];
  private readonly queued: Queued[] = [];
  /** The cells each range object stands for, so that names.add and charts.add can take a range. */
  readonly rangeTargets = new WeakMap<object, () => SheetRect | undefined>();
  /** Above 0 while office-addin-mock itself assigns a property (a load or a sync), not the code under test. */
  private internal = 0;
  private stepOpen = false;

  constructor(
    readonly book: FakeWorkbook,
    private readonly undo: UndoMode,
  ) {}

  context(): Excel.RequestContext {
    const root = new OfficeMockObject({ workbook: {} }) as OfficeObject;
    const workbook = root.workbook as OfficeObject;
    workbook.getSelectedRange = () => this.range(() => parseRect(this.book.selection), false);
    workbook.getActiveCell = () => this.range(() => this.book.activeCell(), false);
    workbook.worksheets = worksheetsObject(this);
    workbook.tables = workbookTables(this);
    workbook.names = namesObject(this);
    workbook.settings = settingsObject(this);
    workbook.linkedEntityDataDomains = domainsObject(this);
    workbook.application = applicationObject(this);
    (workbook.worksheets as OfficeObject).onActivated = activationEvents(this);
    root.sync = () => this.sync();
    return root as unknown as Excel.RequestContext;
  }

  async sync(): Promise<void> {
    // What the workbook did while the add-in waited (a custom function answering) lands before this sync reads it.
    if (this.book.synced()) await new Promise((resolve) => setImmediate(resolve));
    const batch = this.queued.splice(0);
    if (this.undo === "group" && this.book.undoGroupsRefused)
      throw officeError("UndoNotSupported", "the test made Excel refuse undo groups");
    const changes = batch.some(({ undoable }) => undoable !== "no change");
    if (changes && (this.undo === "each" || (this.undo === "group" && !this.stepOpen))) {
      this.book.openUndoStep();
      this.stepOpen = true;
    }
    for (const { apply, undoable } of batch) {
      if (undoable === "no change") {
        apply();
        continue;
      }
      if (!undoable && this.undo === "group") throw officeError("UndoNotSupported");
      apply();
      this.book.changes += 1;
      if (!undoable) this.book.clearUndo();
    }
    // Objects created while binding (a collection's items) are bound and synced in the same pass.
    for (let i = 0; i < this.live.length; i += 1) this.live[i]?.refresh();
    await Promise.all(this.live.map(({ object }) => object.sync()));
    // office-addin-mock copies synced values onto the objects in later microtasks; let them all run.
    await new Promise((resolve) => setImmediate(resolve));
    this.live.forEach((live) => live.synced?.());
  }

  /** Queues a call for the next sync; one on a protected sheet fails there, as Excel refuses it. */
  queue(apply: () => void, undoable: boolean | "no change" = true): void {
    this.queued.push({ apply, undoable });
  }

  /** Assignments to these properties are queued for the next sync, as Office.js queues them. */
  trackWrites(
    object: OfficeObject,
    properties: readonly string[],
    write: (property: string, value: unknown) => void,
  ): void {
    const internals = object as unknown as Internals;
    const update = internals.updatePropertyCall.bind(object);
    internals.updatePropertyCall = (name) => {
      this.internal += 1;
      try {
        update(name);
      } finally {
        this.internal -= 1;
      }
    };
    for (const property of properties) {
      let held = object[property];
      Object.defineProperty(object, property, {
        get: () => held,
        set: (value: unknown) => {
          if (this.internal > 0) held = value;
          else {
            const written = copy(value);
            this.queue(() => write(property, written));
          }
        },
      });
    }
  }

  /**
   * Registers an object with the context: at each sync it is bound (once: Office.js binds an object at the first
   * sync) and its loaded properties get the current state; isNullObject is readable only after a sync, like
   * Office.js fills it then.
   */
  register<T>(
    object: OfficeObject,
    nullable: boolean,
    resolve: () => T | undefined,
    state: (target: T) => Record<string, () => unknown>,
  ): () => T | undefined {
    let bound: { target: T | undefined } | undefined;
    const target = () => (bound === undefined ? resolve() : bound.target);
    Object.defineProperty(object, "isNullObject", {
      get: () => {
        if (!nullable) return false;
        if (bound === undefined) throw new Error("isNullObject read before context.sync()");
        return bound.target === undefined;
      },
    });
    const properties = (object as unknown as Internals)._properties;
    // office-addin-mock fills a property once; Office.js fills it again at each sync after a new load() of it.
    const again = new Set<string>();
    const load = object.load.bind(object);
    object.load = (argument?: unknown) => {
      loadedNames(argument).forEach((name) => again.add(name));
      return load(argument as string);
    };
    const reloaded = (name: string) => again.has(name) || again.has("*");
    this.live.push({
      object,
      refresh: () => {
        bound ??= { target: resolve() };
        if (bound.target === undefined) return;
        // Only loaded properties are read: a grid is computed when the code under test asked for it.
        for (const [name, value] of Object.entries(state(bound.target))) {
          const property = properties.get(name);
          if (property?._loaded === true && reloaded(name)) property._valueBeforeLoaded = copy(value());
        }
      },
      synced: () => {
        this.internal += 1;
        try {
          for (const name of properties.keys())
            if (reloaded(name) && properties.get(name)?._loaded === true) object[name] = properties.get(name)?._value;
        } finally {
          this.internal -= 1;
        }
        again.clear();
      },
    });
    return target;
  }

  /**
   * A collection's `items`: built at the first sync after any of its items' properties was loaded, each item made by
   * `item` and loaded with the same properties, then synced in the same pass.
   */
  items<T>(what: string, collection: OfficeObject, list: () => readonly T[], item: (target: T) => OfficeObject): void {
    const template = (collection as unknown as Internals)._properties.get("items");
    let items: OfficeObject[] | undefined;
    Object.defineProperty(collection, "items", {
      get: () => {
        if (items === undefined) throw new Error(`${what}.items read before load('items/…') and context.sync()`);
        return items;
      },
      set: () => undefined,
    });
    this.live.push({
      object: collection,
      refresh: () => {
        const loaded = [...(template?._properties ?? new Map()).entries()]
          .filter(([, property]) => (property as { _loaded: boolean })._loaded)
          .map(([name]) => name as string);
        if (loaded.length === 0 || items !== undefined) return;
        items = list().map((target) => {
          const object = item(target);
          object.load(loaded.join(","));
          return object;
        });
      },
    });
  }

  /** A sheet, found when it must act: undefined once it is gone. */
  writableSheet(sheet: () => FakeSheet | undefined): FakeSheet {
    const found = sheet();
    if (found === undefined) throw officeError("ItemNotFound", "the sheet does not exist (yet)");
    return this.book.writable(found);
  }

  range(resolve: () => SheetRect | undefined, nullable: boolean): OfficeObject {
    const object = new OfficeMockObject(RANGE_PROPERTIES) as OfficeObject;
    const rect = this.register(object, nullable, resolve, (r) => ({
      address: () => rangeAddress(r),
      values: () => readGrid(this.book, r, "values"),
      formulas: () => readGrid(this.book, r, "formulas"),
      formulasR1C1: () => readGrid(this.book, r, "formulasR1C1"),
      valueTypes: () => readGrid(this.book, r, "valueTypes"),
      valuesAsJson: () => readGrid(this.book, r, "valuesAsJson"),
      numberFormat: () => readGrid(this.book, r, "numberFormat"),
      rowCount: () => r.bottom - r.top + 1,
      columnCount: () => r.right - r.left + 1,
      cellCount: () => (r.bottom - r.top + 1) * (r.right - r.left + 1),
    }));
    const cells = () => {
      const found = rect();
      if (found === undefined) throw new Error("the range is a null object or its sheet does not exist");
      this.book.writable(this.book.sheet(found.sheet));
      return found;
    };
    this.rangeTargets.set(object, rect);
    const writable: readonly Writable[] = ["values", "formulas", "formulasR1C1", "valuesAsJson", "numberFormat"];
    this.trackWrites(object, writable, (property, value) => {
      this.book.fault(`range.${property}`);
      const written = cells();
      writeGrid(this.book, written, property as Writable, value as unknown[][]);
      this.book.writes.push({ address: rangeAddress(written), property: property as Writable, value });
    });
    Object.assign(object, {
      getCell: (row: number, column: number) =>
        this.near(rect, (r) => shifted({ ...r, bottom: r.top, right: r.left }, row, column)),
      getUsedRangeOrNullObject: () =>
        this.range(() => {
          const r = rect();
          return r && this.book.usedRectIn(r);
        }, true),
      getColumn: (column: number) => this.near(rect, (r) => ({ ...r, left: r.left + column, right: r.left + column })),
      getOffsetRange: (rows: number, columns: number) => this.near(rect, (r) => shifted(r, rows, columns)),
      getResizedRange: (rows: number, columns: number) =>
        this.near(rect, (r) => ({ ...r, bottom: r.bottom + rows, right: r.right + columns })),
      getVisibleView: () => visibleView(this, rect),
      getSpillingToRangeOrNullObject: () =>
        this.range(() => {
          const r = rect();
          const spill = r && this.book.spillRange(r.sheet, r.top, r.left);
          return spill && { sheet: r.sheet, ...spill };
        }, true),
      calculate: () =>
        this.queue(() => {
          // Excel recalculates a protected sheet too: no protection check here.
          const r = rect();
          if (r === undefined) throw new Error("the range is a null object or its sheet does not exist");
          for (let row = r.top; row <= r.bottom; row += 1)
            for (let column = r.left; column <= r.right; column += 1) this.book.calc(r.sheet, row, column);
        }),
      clear: (applyTo = "All") => this.queue(() => clearGrid(this.book, cells(), String(applyTo))),
      delete: () => this.queue(() => this.book.deleteRows(cells())),
    });
    let worksheet: OfficeObject | undefined;
    Object.defineProperty(object, "worksheet", {
      get: () =>
        (worksheet ??= this.sheet(() => {
          const found = rect();
          return found && this.book.sheets.get(found.sheet);
        }, false)),
    });
    sheetParts.rangeFormats(this, object, cells);
    return object;
  }

  /** A range found from another one's cells, as getCell, getColumn, getOffsetRange and getResizedRange find it. */
  private near(from: () => SheetRect | undefined, to: (rect: SheetRect) => SheetRect): OfficeObject {
    return this.range(() => {
      const rect = from();
      return rect && to(rect);
    }, false);
  }

  /** A worksheet, by its id once bound (so a rename does not lose it). */
  sheet(resolve: () => FakeSheet | undefined, nullable: boolean): OfficeObject {
    const object = new OfficeMockObject({ name: "", id: "", visibility: "Visible", position: 0 }) as OfficeObject;
    let id: string | undefined;
    const bound = this.register(
      object,
      nullable,
      () => {
        const found = resolve();
        id = found?.id;
        return found;
      },
      (found) => ({
        name: () => found.name,
        id: () => found.id,
        visibility: () => found.visibility,
        position: () => [...this.book.sheets.values()].indexOf(found),
      }),
    );
    const current = () => (id === undefined ? bound() : this.book.sheetById(id));
    this.trackWrites(object, ["visibility", "name"], (property, value) => {
      const found = this.writableSheet(current);
      if (property === "visibility") found.visibility = String(value);
      else this.book.renameSheet(found.name, String(value));
    });
    const local = (address?: string) => () => {
      const found = current();
      if (found === undefined) return undefined;
      if (address === undefined) return { sheet: found.name, top: 0, left: 0, bottom: 1_048_575, right: 16_383 };
      const rect = parseRect(address);
      return rect === undefined ? undefined : { ...rect, sheet: found.name };
    };
    object.getRange = (address?: string) => this.range(local(address), false);
    object.getUsedRangeOrNullObject = () =>
      this.range(() => {
        const found = current();
        return found === undefined ? undefined : this.book.usedRect(found.name);
      }, true);
    object.activate = () => this.queue(() => void (this.book.active = this.writableSheet(current).name));
    object.delete = () =>
      this.queue(() => {
        const found = current();
        if (found === undefined) throw officeError("ItemNotFound");
        this.book.deleteSheet(found);
      }, false);
    sheetParts.sheetObjects(this, object, current);
    return object;
  }
}
