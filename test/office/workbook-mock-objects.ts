import { OfficeMockObject } from "office-addin-mock";
import { parseRect, type SheetRect } from "../../src/workbook/sheet-address";
import { officeError } from "./excel-rules";
import type { Rect } from "./workbook-grid";
import type { FakeChart, FakeRule, FakeSheet, FakeTable } from "./workbook-fake";
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
} from "./workbook-objects";
import type { Mock, WorkbookMock } from "./workbook-mock";

/**
 * The Office.js objects of a sheet beyond its cells, on the workbook fake: tables (sheet.tables and
 * workbook.tables: by name or id, add, resize, convertToRange, delete), charts (add, setData, setPosition, title,
 * delete; looked up by name or listed with their ids), conditional formats (range.conditionalFormats: add a custom
 * one, list them with their ids, delete one, clearAll), frozen rows and protection. Each lookup is an
 * office-addin-mock object read after load() and sync(); each change is queued to the next sync.
 */

/** The rectangle a range object or an address stands for, on `sheet`. */
function rectOf(owner: WorkbookMock, sheet: FakeSheet, reference: unknown): Rect {
  if (typeof reference === "string") {
    const rect = parseRect(reference);
    if (rect === undefined) throw officeError("InvalidArgument", `address ${reference}`);
    return { top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right };
  }
  const found = typeof reference === "object" && reference !== null ? owner.rangeTargets.get(reference)?.() : undefined;
  if (found === undefined || found.sheet !== sheet.name) throw officeError("InvalidArgument", "a range of this sheet");
  return { top: found.top, left: found.left, bottom: found.bottom, right: found.right };
}

const on = (sheet: FakeSheet, rect: Rect): SheetRect => ({ sheet: sheet.name, ...rect });

function tableMock(owner: WorkbookMock, find: () => FakeTable | undefined, nullable: boolean): Mock {
  const book = owner.book;
  const mock = new OfficeMockObject({ id: "", name: "", style: "", showHeaders: true }) as Mock;
  const table = owner.register(mock, nullable, find, (found) => ({
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
  owner.trackWrites(mock, ["name", "style"], (property, value) => {
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
  Object.assign(mock, {
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
  return mock;
}

function tablesMock(owner: WorkbookMock, sheet: () => FakeSheet | undefined): Mock {
  const book = owner.book;
  const collection = new OfficeMockObject({ items: { id: "", name: "", style: "" } }) as Mock;
  const mine = () => {
    const found = sheet();
    return found === undefined ? [] : book.tables.filter((table) => table.sheet === found.id);
  };
  owner.items("tables", collection, mine, (table) => tableMock(owner, () => table, false));
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
      return tableMock(owner, () => added, false);
    },
    getItem: (key: string) => tableMock(owner, byKey(key), false),
    getItemOrNullObject: (key: string) => tableMock(owner, byKey(key), true),
  });
  return collection;
}

/** workbook.tables: every table of the workbook, by name or id. */
export function workbookTables(owner: WorkbookMock): Mock {
  const book = owner.book;
  const collection = new OfficeMockObject({ items: { id: "", name: "", style: "" } }) as Mock;
  owner.items(
    "tables",
    collection,
    () => book.tables,
    (table) => tableMock(owner, () => table, false),
  );
  const byKey = (key: string) => () =>
    book.tables.find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
  Object.assign(collection, {
    getItem: (key: string) => tableMock(owner, byKey(key), false),
    getItemOrNullObject: (key: string) => tableMock(owner, byKey(key), true),
  });
  return collection;
}

function chartMock(
  owner: WorkbookMock,
  sheet: () => FakeSheet | undefined,
  find: () => FakeChart | undefined,
  nullable: boolean,
): Mock {
  const mock = new OfficeMockObject({ id: "", name: "", chartType: "", title: { text: "" } }) as Mock;
  const chart = owner.register(mock, nullable, find, (found) => ({
    id: () => found.id,
    name: () => found.name,
    chartType: () => found.type,
  }));
  const live = () => {
    const found = chart();
    if (found === undefined) throw officeError("ItemNotFound", "no such chart");
    return { found, sheet: owner.writableSheet(sheet) };
  };
  owner.trackWrites(mock, ["name"], (_, value) => {
    const { found, sheet: at } = live();
    renameChart(at, found, String(value));
  });
  const title = mock.title as Mock;
  owner.trackWrites(title, ["text"], (_, value) => void (live().found.title = String(value)));
  Object.assign(mock, {
    setPosition: (from: unknown, to?: unknown) =>
      owner.queue(() => void (live().found.position = [String(from), to === undefined ? undefined : String(to)])),
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
  return mock;
}

function chartsMock(owner: WorkbookMock, sheet: () => FakeSheet | undefined): Mock {
  const collection = new OfficeMockObject({ items: { id: "", name: "" } }) as Mock;
  const mine = () => sheet()?.charts ?? [];
  owner.items("charts", collection, mine, (chart) => chartMock(owner, sheet, () => chart, false));
  const byName = (name: string) => () => mine().find((chart) => chart.name === name);
  Object.assign(collection, {
    add: (type: string, source: unknown, seriesBy = "Auto") => {
      let added: FakeChart | undefined;
      owner.queue(() => {
        const found = owner.writableSheet(sheet);
        owner.book.fault("charts.add");
        added = addChart(owner.book, found, String(type), rectOf(owner, found, source), String(seriesBy));
      });
      return chartMock(owner, sheet, () => added, false);
    },
    getItem: (name: string) => chartMock(owner, sheet, byName(name), false),
    getItemOrNullObject: (name: string) => chartMock(owner, sheet, byName(name), true),
  });
  return collection;
}

function ruleMock(
  owner: WorkbookMock,
  sheet: () => FakeSheet | undefined,
  find: () => FakeRule | undefined,
  nullable: boolean,
): Mock {
  const mock = new OfficeMockObject({
    id: "",
    type: "",
    priority: 0,
    custom: { rule: { formula: "" }, format: { fill: { color: "" }, font: { color: "" } } },
  }) as Mock;
  const rule = owner.register(mock, nullable, find, (found) => ({
    id: () => found.id,
    type: () => found.type,
    priority: () => sheet()?.rules.indexOf(found) ?? 0,
  }));
  const live = () => {
    const found = rule();
    if (found === undefined) throw officeError("ItemNotFound", "no such conditional format");
    owner.writableSheet(sheet);
    return found;
  };
  const custom = mock.custom as Mock;
  const format = custom.format as Mock;
  owner.trackWrites(custom.rule as Mock, ["formula"], (_, value) => void (live().formula = String(value)));
  owner.trackWrites(format.fill as Mock, ["color"], (_, value) => void (live().fill = String(value)));
  owner.trackWrites(format.font as Mock, ["color"], (_, value) => void (live().font = String(value)));
  Object.assign(mock, {
    getRange: () =>
      owner.range(() => {
        const found = rule();
        const at = sheet();
        return found && at && on(at, found.rect);
      }, false),
    delete: () =>
      owner.queue(() => {
        const found = live();
        const at = owner.writableSheet(sheet);
        at.rules.splice(at.rules.indexOf(found), 1);
      }),
  });
  return mock;
}

/** range.conditionalFormats: the formats on any of the range's cells. */
function rangeFormats(owner: WorkbookMock, range: Mock, cells: () => SheetRect): void {
  const sheetOf = () => {
    try {
      return owner.book.sheet(cells().sheet);
    } catch {
      // Expected: a range on a sheet not made yet has no formats.
      return undefined;
    }
  };
  const collection = new OfficeMockObject({ items: { id: "", type: "" } }) as Mock;
  const mine = () => {
    const sheet = sheetOf();
    return sheet === undefined ? [] : rulesOver(sheet, cells());
  };
  owner.items("conditionalFormats", collection, mine, (rule) => ruleMock(owner, sheetOf, () => rule, false));
  const byId = (id: string) => () => mine().find((rule) => rule.id === id);
  Object.assign(collection, {
    add: (type: string) => {
      let added: FakeRule | undefined;
      owner.queue(() => {
        const rect = cells();
        owner.book.fault("conditionalFormats.add");
        added = addRule(owner.book, owner.book.sheet(rect.sheet), rect, String(type));
      });
      return ruleMock(owner, sheetOf, () => added, false);
    },
    getItem: (id: string) => ruleMock(owner, sheetOf, byId(id), false),
    getItemOrNullObject: (id: string) => ruleMock(owner, sheetOf, byId(id), true),
    clearAll: () => owner.queue(() => clearRules(owner.book.sheet(cells().sheet), cells())),
  });
  range.conditionalFormats = collection;
}

/** sheet.tables, sheet.charts, sheet.freezePanes and sheet.protection. */
function sheetObjects(owner: WorkbookMock, mock: Mock, sheet: () => FakeSheet | undefined): void {
  mock.tables = tablesMock(owner, sheet);
  mock.charts = chartsMock(owner, sheet);
  mock.freezePanes = {
    freezeRows: (rows: number) =>
      owner.queue(() => {
        const found = sheet();
        if (found === undefined) throw officeError("ItemNotFound");
        found.frozenRows = rows;
      }),
  };
  const protection = new OfficeMockObject({ protected: false }) as Mock;
  owner.register(protection, false, sheet, (found) => ({ protected: () => found.protected }));
  const set = (value: boolean) => () =>
    owner.queue(() => {
      const found = sheet();
      if (found === undefined) throw officeError("ItemNotFound");
      found.protected = value;
    }, false);
  Object.assign(protection, { protect: set(true), unprotect: set(false) });
  mock.protection = protection;
}

export const sheetParts = { rangeFormats, sheetObjects };
