import { OfficeMockObject } from "office-addin-mock";
import { localRange, parseRect, type SheetRect } from "../../../src/workbook/sheet-address";
import { officeError } from "./excel-rules";
import type { Rect } from "./cell-grid";
import type { FakeChart, FakeRule, FakeSheet, FakeTable } from "./fake-workbook";
import {
  addChart,
  addRule,
  addTable,
  clearRules,
  convertTableToRange,
  deleteTable,
  renameChart,
  renameTable,
  resizeTable,
  rulesOver,
} from "./sheet-objects";
import type { OfficeObject, FakeContext } from "./office-context";

/**
 * The Office.js objects of a sheet beyond its cells, on the workbook fake: tables (sheet.tables and
 * workbook.tables: by name or id, add, resize, convertToRange, delete), charts (add, setData, setPosition, title,
 * delete; looked up by name or listed with their ids), conditional formats (range.conditionalFormats: add a custom
 * one, list them with their ids, delete one, clearAll), frozen rows and protection. Each lookup is an
 * office-addin-mock object read after load() and sync(); each change is queued to the next sync.
 */

/** The rectangle a range object or an address stands for, on `sheet`. */
function rectOf(owner: FakeContext, sheet: FakeSheet, reference: unknown): Rect {
  if (typeof reference === "string") {
    const rect = parseRect(reference);
    if (rect === undefined) throw officeError("InvalidArgument", `address ${reference}`);
    return { top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right };
  }
  const found = typeof reference === "object" && reference !== null ? owner.rangeTargets.get(reference)?.() : undefined;
  if (found === undefined || found.sheet !== sheet.name) throw officeError("InvalidArgument", "a range of this sheet");
  return { top: found.top, left: found.left, bottom: found.bottom, right: found.right };
}

/** A cell given as an address or a range object, as its address on `sheet` ("E2"). */
function cellOf(owner: FakeContext, sheet: FakeSheet, reference: unknown): string {
  if (typeof reference === "string") return reference;
  const rect = rectOf(owner, sheet, reference);
  return localRange(rect.top, rect.left, rect.bottom, rect.right);
}

const on = (sheet: FakeSheet, rect: Rect): SheetRect => ({ sheet: sheet.name, ...rect });

function tableObject(owner: FakeContext, find: () => FakeTable | undefined, nullable: boolean): OfficeObject {
  const book = owner.book;
  const object = new OfficeMockObject({ id: "", name: "", style: "", showHeaders: true }) as OfficeObject;
  const table = owner.register(object, nullable, find, (found) => ({
    id: () => found.id,
    name: () => found.name,
    style: () => found.style,
    showHeaders: () => true,
  }));
  const live = () => {
    const found = table();
    if (found === undefined) throw officeError("ItemNotFound", "no such table");
    const sheet = book.sheetById(found.sheet);
    if (sheet === undefined) throw officeError("ItemNotFound", "the table's sheet is gone");
    return { found, sheet: book.writable(sheet) };
  };
  owner.trackWrites(object, ["name", "style"], (property, value) => {
    const { found } = live();
    if (property === "name") renameTable(book, found, String(value));
    else found.style = String(value);
  });
  const part = (rows: (rect: Rect) => Rect) => () =>
    owner.range(() => {
      const found = table();
      const sheet = found && book.sheetById(found.sheet);
      return found && sheet && on(sheet, rows(found.rect));
    }, false);
  Object.assign(object, {
    getRange: part((rect) => rect),
    getHeaderRowRange: part((rect) => ({ ...rect, bottom: rect.top })),
    getDataBodyRange: part((rect) => ({ ...rect, top: rect.top + 1 })),
    resize: (reference: unknown) =>
      owner.queue(() => {
        const { found, sheet } = live();
        book.fault("table.resize");
        resizeTable(book, found, rectOf(owner, sheet, reference));
      }),
    convertToRange: () => owner.queue(() => convertTableToRange(book, live().found)),
    delete: () => owner.queue(() => deleteTable(book, live().found)),
  });
  return object;
}

function tablesObject(owner: FakeContext, sheet: () => FakeSheet | undefined): OfficeObject {
  const book = owner.book;
  const collection = new OfficeMockObject({ items: { id: "", name: "", style: "" } }) as OfficeObject;
  const mine = () => {
    const found = sheet();
    return found === undefined ? [] : book.tables.filter((table) => table.sheet === found.id);
  };
  owner.items("tables", collection, mine, (table) => tableObject(owner, () => table, false));
  const byKey = (key: string) => () =>
    mine().find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
  Object.assign(collection, {
    add: (reference: unknown, hasHeaders: boolean) => {
      if (!hasHeaders) throw new Error("the fake adds tables with a header row only");
      let added: FakeTable | undefined;
      owner.queue(() => {
        const found = owner.writableSheet(sheet);
        book.fault("tables.add");
        added = addTable(book, found, rectOf(owner, found, reference));
      });
      return tableObject(owner, () => added, false);
    },
    getItem: (key: string) => tableObject(owner, byKey(key), false),
    getItemOrNullObject: (key: string) => tableObject(owner, byKey(key), true),
  });
  return collection;
}

/** workbook.tables: every table of the workbook, by name or id. */
export function workbookTables(owner: FakeContext): OfficeObject {
  const book = owner.book;
  const collection = new OfficeMockObject({ items: { id: "", name: "", style: "" } }) as OfficeObject;
  owner.items(
    "tables",
    collection,
    () => book.tables,
    (table) => tableObject(owner, () => table, false),
  );
  const byKey = (key: string) => () =>
    book.tables.find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
  Object.assign(collection, {
    getItem: (key: string) => tableObject(owner, byKey(key), false),
    getItemOrNullObject: (key: string) => tableObject(owner, byKey(key), true),
  });
  return collection;
}

/** Where an item of a sheet (a chart, a conditional format) is found: its sheet, and the item itself. */
interface ItemOf<T> {
  readonly sheet: () => FakeSheet | undefined;
  readonly find: () => T | undefined;
  readonly nullable: boolean;
}

/**
 * The office-addin-mock object of an item of a sheet, of `shape`, bound as `where` finds it and read through `state`;
 * `live()` finds it when a change applies, on its sheet, which must be writable.
 */
function sheetItem<T>(
  owner: FakeContext,
  what: string,
  where: ItemOf<T>,
  shape: Record<string, unknown>,
  state: (found: T) => Record<string, () => unknown>,
) {
  const object = new OfficeMockObject(shape) as OfficeObject;
  const item = owner.register(object, where.nullable, where.find, state);
  const live = () => {
    const found = item();
    if (found === undefined) throw officeError("ItemNotFound", `no such ${what}`);
    return { found, sheet: owner.writableSheet(where.sheet) };
  };
  return { object, item, live };
}

function chartObject(owner: FakeContext, where: ItemOf<FakeChart>): OfficeObject {
  const { object, live } = sheetItem(
    owner,
    "chart",
    where,
    { id: "", name: "", chartType: "", title: { text: "" } },
    (found) => ({ id: () => found.id, name: () => found.name, chartType: () => found.type }),
  );
  owner.trackWrites(object, ["name"], (_, value) => {
    const { found, sheet: at } = live();
    renameChart(at, found, String(value));
  });
  const title = object.title as OfficeObject;
  const firstSeries = {
    setXAxisValues: (source: unknown) =>
      owner.queue(() => {
        const { found, sheet: at } = live();
        found.xAxis = rectOf(owner, at, source);
      }),
  };
  object.series = {
    getItemAt: (index: number) => {
      if (index !== 0) throw new Error("the fake's charts have one series");
      return firstSeries;
    },
  };
  owner.trackWrites(title, ["text"], (_, value) => void (live().found.title = String(value)));
  Object.assign(object, {
    setPosition: (from: unknown, to?: unknown) =>
      owner.queue(() => {
        const { found, sheet: at } = live();
        found.position = [cellOf(owner, at, from), to === undefined ? undefined : cellOf(owner, at, to)];
      }),
    setData: (source: unknown, seriesBy = "Auto") =>
      owner.queue(() => {
        const { found, sheet: at } = live();
        found.source = rectOf(owner, at, source);
        found.seriesBy = String(seriesBy);
      }),
    delete: () =>
      owner.queue(() => {
        const { found, sheet: at } = live();
        at.charts.splice(at.charts.indexOf(found), 1);
      }),
  });
  return object;
}

function chartsObject(owner: FakeContext, sheet: () => FakeSheet | undefined): OfficeObject {
  const collection = new OfficeMockObject({ items: { id: "", name: "" } }) as OfficeObject;
  const mine = () => sheet()?.charts ?? [];
  owner.items("charts", collection, mine, (chart) => chartObject(owner, { sheet, find: () => chart, nullable: false }));
  const byName = (name: string) => () => mine().find((chart) => chart.name === name);
  Object.assign(collection, {
    add: (type: string, source: unknown, seriesBy = "Auto") => {
      let added: FakeChart | undefined;
      owner.queue(() => {
        const found = owner.writableSheet(sheet);
        owner.book.fault("charts.add");
        added = addChart(owner.book, found, String(type), rectOf(owner, found, source), String(seriesBy));
      });
      return chartObject(owner, { sheet, find: () => added, nullable: false });
    },
    getItem: (name: string) => chartObject(owner, { sheet, find: byName(name), nullable: false }),
    getItemOrNullObject: (name: string) => chartObject(owner, { sheet, find: byName(name), nullable: true }),
  });
  return collection;
}

function ruleObject(owner: FakeContext, where: ItemOf<FakeRule>): OfficeObject {
  const { sheet } = where;
  const shape = {
    id: "",
    type: "",
    priority: 0,
    custom: { rule: { formula: "" }, format: { fill: { color: "" }, font: { color: "" } } },
  };
  const {
    object,
    item: rule,
    live,
  } = sheetItem(owner, "conditional format", where, shape, (found) => ({
    id: () => found.id,
    type: () => found.type,
    priority: () => sheet()?.rules.indexOf(found) ?? 0,
  }));
  const custom = object.custom as OfficeObject;
  const format = custom.format as OfficeObject;
  owner.trackWrites(
    custom.rule as OfficeObject,
    ["formula"],
    (_, value) => void (live().found.formula = String(value)),
  );
  owner.trackWrites(format.fill as OfficeObject, ["color"], (_, value) => void (live().found.fill = String(value)));
  owner.trackWrites(format.font as OfficeObject, ["color"], (_, value) => void (live().found.font = String(value)));
  Object.assign(object, {
    getRange: () =>
      owner.range(() => {
        const found = rule();
        const at = sheet();
        return found && at && on(at, found.rect);
      }, false),
    delete: () =>
      owner.queue(() => {
        const { found, sheet: home } = live();
        home.rules.splice(home.rules.indexOf(found), 1);
      }),
  });
  return object;
}

/** range.conditionalFormats: the formats on any of the range's cells. */
function rangeFormats(owner: FakeContext, range: OfficeObject, cells: () => SheetRect): void {
  const sheetOf = () => {
    try {
      return owner.book.sheet(cells().sheet);
    } catch {
      // Expected: a range on a sheet not made yet has no formats.
      return undefined;
    }
  };
  const collection = new OfficeMockObject({ items: { id: "", type: "" } }) as OfficeObject;
  const mine = () => {
    const sheet = sheetOf();
    return sheet === undefined ? [] : rulesOver(sheet, cells());
  };
  owner.items("conditionalFormats", collection, mine, (rule) =>
    ruleObject(owner, { sheet: sheetOf, find: () => rule, nullable: false }),
  );
  const byId = (id: string) => () => mine().find((rule) => rule.id === id);
  Object.assign(collection, {
    add: (type: string) => {
      let added: FakeRule | undefined;
      owner.queue(() => {
        const rect = cells();
        owner.book.fault("conditionalFormats.add");
        added = addRule(owner.book, owner.book.sheet(rect.sheet), rect, String(type));
      });
      return ruleObject(owner, { sheet: sheetOf, find: () => added, nullable: false });
    },
    getItem: (id: string) => ruleObject(owner, { sheet: sheetOf, find: byId(id), nullable: false }),
    getItemOrNullObject: (id: string) => ruleObject(owner, { sheet: sheetOf, find: byId(id), nullable: true }),
    clearAll: () => owner.queue(() => clearRules(owner.book.sheet(cells().sheet), cells())),
  });
  range.conditionalFormats = collection;
}

/** sheet.tables, sheet.charts, sheet.freezePanes and sheet.protection. */
function sheetObjects(owner: FakeContext, object: OfficeObject, sheet: () => FakeSheet | undefined): void {
  object.tables = tablesObject(owner, sheet);
  object.charts = chartsObject(owner, sheet);
  object.freezePanes = {
    freezeRows: (rows: number) =>
      owner.queue(() => {
        const found = sheet();
        if (found === undefined) throw officeError("ItemNotFound");
        found.frozenRows = rows;
      }),
  };
  const protection = new OfficeMockObject({ protected: false }) as OfficeObject;
  owner.register(protection, false, sheet, (found) => ({ protected: () => found.protected }));
  const set = (value: boolean) => () =>
    owner.queue(() => {
      const found = sheet();
      if (found === undefined) throw officeError("ItemNotFound");
      found.protected = value;
    }, false);
  Object.assign(protection, { protect: set(true), unprotect: set(false) });
  object.protection = protection;
}

export const sheetParts = { rangeFormats, sheetObjects };
