import { OfficeMockObject } from "office-addin-mock";
import { cellAddress, parseRect, type SheetRect } from "../../src/workbook/sheet-address";

/**
 * The Office.js side of the workbook fake, built of office-addin-mock objects: a property reads as the mock's
 * error text until it is loaded and the context synced, so a missing load() or sync() in src/office shows in
 * the results. office-addin-mock's tree is fixed at creation, while Office.js hands out new objects
 * (getRange, getCell, getUsedRangeOrNullObject, getSpillingToRangeOrNullObject, worksheets.add); each one is
 * created here as an OfficeMockObject and registered with its context, whose sync() then (1) applies the
 * writes and method calls queued since the last sync, in order, as Excel does, (2) binds each new object to
 * its cells (a null object stays null) and puts the cells' current state behind its properties, and (3) runs
 * office-addin-mock's own sync on every object, which makes the loaded properties readable.
 */
export type Grid = "values" | "formulas" | "formulasR1C1" | "valueTypes" | "valuesAsJson" | "numberFormat";
export type Writable = "values" | "formulas" | "formulasR1C1" | "valuesAsJson" | "numberFormat";

/** What the mock objects read and change: the fake's cell store. */
export interface CellStore {
  readonly selection: string;
  readonly active: string;
  sheetNames(): string[];
  addSheet(name: string): void;
  visibility(sheet: string): string | undefined;
  setVisibility(sheet: string, visibility: string): void;
  usedRect(sheet: string): SheetRect | undefined;
  /** The spill of the rectangle's top-left cell, undefined when it does not spill. */
  spillRect(anchor: SheetRect): SheetRect | undefined;
  grid(rect: SheetRect, what: Grid): unknown[][];
  write(rect: SheetRect, what: Writable, grid: unknown[][]): void;
  clear(rect: SheetRect): void;
  deleteRows(rect: SheetRect): void;
  calculate(rect: SheetRect): void;
  /** A workbook name: undefined when there is none; `rect` undefined when it refers to deleted cells (#REF!). */
  nameTarget(name: string): { readonly rect: SheetRect | undefined } | undefined;
  addName(name: string, rect: SheetRect): void;
  deleteName(name: string): void;
  /** The add-in's workbook settings (Excel.SettingCollection): undefined when there is no such setting. */
  setting(key: string): unknown;
  addSetting(key: string, value: unknown): void;
}

type Mock = OfficeMockObject & Record<string, unknown>;

/** office-addin-mock's internals this file reaches into (as excel-mock.ts's settle does). */
interface Internals {
  _properties: Map<string, { _valueBeforeLoaded: unknown; _loaded: boolean }>;
  updatePropertyCall(name: string): void;
}

interface Live {
  readonly mock: Mock;
  refresh(): void;
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

function rangeAddress(rect: SheetRect): string {
  const first = cellAddress(rect.sheet, rect.top, rect.left);
  const last = cellAddress(rect.sheet, rect.bottom, rect.right, false).split("!")[1];
  return rect.top === rect.bottom && rect.left === rect.right ? first : `${first}:${last}`;
}

export class WorkbookMock {
  private readonly live: Live[] = [];
  private readonly queued: (() => void)[] = [];
  /** The cells each range object stands for, so that names.add can take a range as its reference. */
  private readonly rangeTargets = new WeakMap<object, () => SheetRect | undefined>();
  /** Above 0 while office-addin-mock itself assigns a property (a load or a sync), not the code under test. */
  private internal = 0;

  constructor(private readonly store: CellStore) {}

  context(): Excel.RequestContext {
    const root = new OfficeMockObject({ workbook: { worksheets: { items: { name: "" } } } }) as Mock;
    const workbook = root.workbook as Mock;
    workbook.getSelectedRange = () => this.range(() => parseRect(this.store.selection), false);
    this.worksheets(workbook.worksheets as Mock);
    this.names(workbook);
    this.settings(workbook);
    root.sync = () => this.sync();
    return root as unknown as Excel.RequestContext;
  }

  async sync(): Promise<void> {
    this.queued.splice(0).forEach((apply) => apply());
    // Objects created while binding (a collection's items) are bound and synced in the same pass.
    for (let i = 0; i < this.live.length; i += 1) this.live[i]?.refresh();
    await Promise.all(this.live.map(({ mock }) => mock.sync()));
    // office-addin-mock copies synced values onto the objects in later microtasks; let them all run.
    await new Promise((resolve) => setImmediate(resolve));
  }

  private queue(apply: () => void): void {
    this.queued.push(apply);
  }

  /** Assignments to these properties are queued for the next sync, as Office.js queues them. */
  private trackWrites(
    mock: Mock,
    properties: readonly string[],
    write: (property: string, value: unknown) => void,
  ): void {
    const internals = mock as unknown as Internals;
    const update = internals.updatePropertyCall.bind(mock);
    internals.updatePropertyCall = (name) => {
      this.internal += 1;
      try {
        update(name);
      } finally {
        this.internal -= 1;
      }
    };
    for (const property of properties) {
      let held = mock[property];
      Object.defineProperty(mock, property, {
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
   * Registers an object with the context: at each sync it is bound (once: Office.js binds an object to its
   * cells at the first sync) and its properties get the cells' state; isNullObject is readable only after
   * a sync, like Office.js fills it then.
   */
  private register<T>(
    mock: Mock,
    nullable: boolean,
    resolve: () => T | undefined,
    state: (target: T) => Record<string, () => unknown>,
  ): () => T | undefined {
    let bound: { target: T | undefined } | undefined;
    const target = () => (bound === undefined ? resolve() : bound.target);
    Object.defineProperty(mock, "isNullObject", {
      get: () => {
        if (!nullable) return false;
        if (bound === undefined) throw new Error("isNullObject read before context.sync()");
        return bound.target === undefined;
      },
    });
    const properties = (mock as unknown as Internals)._properties;
    this.live.push({
      mock,
      refresh: () => {
        bound ??= { target: resolve() };
        if (bound.target === undefined) return;
        // Only loaded properties are read: a grid is computed when the code under test asked for it.
        for (const [name, value] of Object.entries(state(bound.target))) {
          const property = properties.get(name);
          if (property?._loaded === true) property._valueBeforeLoaded = copy(value());
        }
      },
    });
    return target;
  }

  private range(resolve: () => SheetRect | undefined, nullable: boolean): Mock {
    const mock = new OfficeMockObject(RANGE_PROPERTIES) as Mock;
    const rect = this.register(mock, nullable, resolve, (r) => ({
      address: () => rangeAddress(r),
      values: () => this.store.grid(r, "values"),
      formulas: () => this.store.grid(r, "formulas"),
      formulasR1C1: () => this.store.grid(r, "formulasR1C1"),
      valueTypes: () => this.store.grid(r, "valueTypes"),
      valuesAsJson: () => this.store.grid(r, "valuesAsJson"),
      numberFormat: () => this.store.grid(r, "numberFormat"),
      rowCount: () => r.bottom - r.top + 1,
      columnCount: () => r.right - r.left + 1,
      cellCount: () => (r.bottom - r.top + 1) * (r.right - r.left + 1),
    }));
    const cells = () => {
      const found = rect();
      if (found === undefined) throw new Error("the range is a null object or its sheet does not exist");
      return found;
    };
    this.rangeTargets.set(mock, rect);
    const writable: readonly Writable[] = ["values", "formulas", "formulasR1C1", "valuesAsJson", "numberFormat"];
    this.trackWrites(mock, writable, (property, value) =>
      this.store.write(cells(), property as Writable, value as unknown[][]),
    );
    Object.assign(mock, {
      getCell: (row: number, column: number) =>
        this.range(() => {
          const r = rect();
          return (
            r && {
              sheet: r.sheet,
              top: r.top + row,
              left: r.left + column,
              bottom: r.top + row,
              right: r.left + column,
            }
          );
        }, false),
      getSpillingToRangeOrNullObject: () =>
        this.range(() => {
          const r = rect();
          return r && this.store.spillRect(r);
        }, true),
      calculate: () => this.queue(() => this.store.calculate(cells())),
      clear: () => this.queue(() => this.store.clear(cells())),
      delete: () => this.queue(() => this.store.deleteRows(cells())),
    });
    return mock;
  }

  private sheet(resolve: () => string | undefined, nullable: boolean): Mock {
    const mock = new OfficeMockObject({ name: "", visibility: "Visible" }) as Mock;
    const name = this.register(mock, nullable, resolve, (n) => ({
      name: () => n,
      visibility: () => this.store.visibility(n),
    }));
    this.trackWrites(mock, ["visibility"], (_, value) => {
      const sheet = name();
      if (sheet === undefined) throw new Error("no such sheet");
      this.store.setVisibility(sheet, String(value));
    });
    mock.getRange = (local: string) =>
      this.range(() => {
        const sheet = name();
        const rect = parseRect(local);
        return sheet === undefined || rect === undefined ? undefined : { ...rect, sheet };
      }, false);
    mock.getUsedRangeOrNullObject = () =>
      this.range(() => {
        const sheet = name();
        return sheet === undefined ? undefined : this.store.usedRect(sheet);
      }, true);
    return mock;
  }

  /** workbook.names (ExcelApi 1.4): add a name for a range, look one up, get its range, delete it. */
  private names(workbook: Mock): void {
    const item = (name: string, nullable: boolean): Mock => {
      const mock = new OfficeMockObject({ name: "", type: "Range" }) as Mock;
      const target = this.register(
        mock,
        nullable,
        () => this.store.nameTarget(name),
        () => ({ name: () => name, type: () => "Range" }),
      );
      Object.assign(mock, {
        getRangeOrNullObject: () => this.range(() => target()?.rect, true),
        delete: () => this.queue(() => this.store.deleteName(name)),
      });
      return mock;
    };
    workbook.names = {
      add: (name: string, reference: unknown, comment?: string) => {
        const resolve =
          typeof reference === "object" && reference !== null ? this.rangeTargets.get(reference) : undefined;
        if (resolve === undefined) throw new Error("names.add takes a Range in these tests");
        // Excel keeps a name's comment to 255 characters; a longer one is refused.
        if (comment !== undefined && comment.length > 255)
          throw new Error(`InvalidArgument: a name's comment holds at most 255 characters (got ${comment.length})`);
        this.queue(() => {
          const rect = resolve();
          if (rect === undefined) throw new Error("names.add: the range does not exist");
          this.store.addName(name, rect);
        });
        return item(name, false);
      },
      getItemOrNullObject: (name: string) => item(name, true),
    };
  }

  /** workbook.settings (ExcelApi 1.4): look a setting up (its value read after a sync), add or replace one. */
  private settings(workbook: Mock): void {
    const item = (key: string, nullable: boolean): Mock => {
      const mock = new OfficeMockObject({ key: "", value: "" }) as Mock;
      this.register(
        mock,
        nullable,
        () => (this.store.setting(key) === undefined ? undefined : key),
        (found) => ({ key: () => found, value: () => this.store.setting(found) }),
      );
      return mock;
    };
    workbook.settings = {
      getItemOrNullObject: (key: string) => item(key, true),
      add: (key: string, value: unknown) => {
        const written = copy(value);
        this.queue(() => this.store.addSetting(key, written));
        return item(key, false);
      },
    };
  }

  /** The collection: items exist once "items/name" (or "items") was loaded and the context synced. */
  private worksheets(collection: Mock): void {
    const itemsMock = collection.items as Mock;
    let items: Mock[] | undefined;
    Object.defineProperty(collection, "items", {
      get: () => {
        if (items === undefined) throw new Error("worksheets.items read before load('items/name') and context.sync()");
        return items;
      },
      set: () => undefined,
    });
    const nameLoaded = () => (itemsMock as unknown as Internals)._properties.get("name")?._loaded === true;
    this.live.push({
      mock: collection,
      refresh: () => {
        if (!nameLoaded() || items !== undefined) return;
        items = this.store.sheetNames().map((sheetName) => {
          const sheet = this.sheet(() => sheetName, false);
          sheet.load("name");
          return sheet;
        });
      },
    });
    const names = () => this.store.sheetNames();
    Object.assign(collection, {
      getActiveWorksheet: () => this.sheet(() => this.store.active, false),
      getItem: (sheetName: string) => this.sheet(() => (names().includes(sheetName) ? sheetName : undefined), false),
      getItemOrNullObject: (sheetName: string) =>
        this.sheet(() => (names().includes(sheetName) ? sheetName : undefined), true),
      add: (sheetName: string) => {
        this.queue(() => this.store.addSheet(sheetName));
        return this.sheet(() => sheetName, false);
      },
    });
  }
}
