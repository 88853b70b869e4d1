/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load -- these tests read too early on purpose, to show the fake refuses */
import { insertWorkbook } from "./custom-function-answers";
import { FakeWorkbook } from "./fake-workbook";

/**
 * The workbook fake's Office.js objects keep office-addin-mock's discipline, so that a missing load() or
 * sync() in src/office fails the freeze, receipt and refresh-scope tests instead of passing unnoticed.
 */
const NOT_LOADED = "Error, property was not loaded";
const NOT_SYNCED = "Error, context.sync() was not called";

async function book(): Promise<FakeWorkbook> {
  const fake = new FakeWorkbook(async (formula) => (formula === "=SPILL()" ? [[1], [2], [3]] : [[2]]));
  fake.type("Sheet1!A1", "=SPILL()");
  fake.type("Sheet1!C1", "=1+1", "0.00");
  await fake.settled();
  return fake;
}

test("a range's properties read as office-addin-mock's error text until loaded and synced", async () => {
  const context = (await book()).context;
  const range = context.workbook.worksheets.getItem("Sheet1").getRange("C1");
  expect(range.values).toBe(NOT_LOADED);
  range.load("values,numberFormat");
  expect(range.values).toBe(NOT_SYNCED);
  await context.sync();
  expect(range.values).toEqual([[2]]);
  expect(range.numberFormat).toEqual([["0.00"]]);
  expect(range.formulas).toBe(NOT_LOADED);
});

test("isNullObject is known only after a sync, and a spill is found there", async () => {
  const context = (await book()).context;
  const sheet = context.workbook.worksheets.getItem("Sheet1");
  const spill = sheet.getRange("A1").getSpillingToRangeOrNullObject();
  const none = sheet.getRange("C1").getSpillingToRangeOrNullObject();
  spill.load("address");
  expect(() => spill.isNullObject).toThrow("isNullObject read before context.sync()");
  await context.sync();
  expect([spill.isNullObject, none.isNullObject, spill.address]).toEqual([false, true, "Sheet1!A1:A3"]);
});

test("a write reaches the cells at the next sync, not before", async () => {
  const fake = await book();
  const context = fake.context;
  context.workbook.worksheets.getItem("Sheet1").getRange("C1:C2").values = [[5], ["#N/A"]];
  expect(fake.valuesIn("Sheet1!C1:C2")).toEqual([[2], [""]]);
  await context.sync();
  expect(fake.valuesIn("Sheet1!C1:C2")).toEqual([[5], ["#N/A"]]);
  expect(fake.formulaAt("Sheet1!C1")).toBeUndefined();
  expect(fake.read("Sheet1", 1, 2)).toMatchObject({ error: true });
});

test("the sheets' items exist only after loading items/name and a sync", async () => {
  const context = new FakeWorkbook(async () => [[0]], ["Sheet1", "Sheet2"]).context;
  const sheets = context.workbook.worksheets;
  expect(() => sheets.items).toThrow("worksheets.items read before");
  sheets.load("items/name");
  await context.sync();
  expect(sheets.items.map((sheet) => sheet.name)).toEqual(["Sheet1", "Sheet2"]);
});

test("text written through Range.values is typed as Excel types it; an apostrophe or a text format keeps it text", async () => {
  const fake = new FakeWorkbook(async () => [[0]]);
  const context = fake.context;
  const entries = [
    "=1+1",
    "+A1",
    "-A1",
    "@SUM(A1)",
    "\t=1",
    " +1x",
    "\u00a0-x",
    "\u0000@x",
    "1.5",
    "2025-01-06",
    "TRUE",
    "#N/A",
    "'=1+1",
    "text",
  ];
  context.workbook.worksheets.getItem("Sheet1").getRange(`A1:A${entries.length}`).values = entries.map((entry) => [
    entry,
  ]);
  fake.type("Sheet1!C1", "", "@");
  context.workbook.worksheets.getItem("Sheet1").getRange("C1").values = [["=1+1"]];
  await context.sync();
  expect(entries.map((_, row) => fake.formulaAt(`Sheet1!A${row + 1}`))).toEqual([
    "=1+1",
    "=+A1",
    "=-A1",
    "=SUM(A1)",
    "=1",
    "=+1x",
    "=-x",
    "=x",
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(fake.valuesIn("Sheet1!A9:A14").flat()).toEqual([1.5, 45663, true, "#N/A", "=1+1", "text"]);
  expect(fake.read("Sheet1", 11, 0)).toMatchObject({ error: true });
  expect([fake.formulaAt("Sheet1!C1"), fake.shown("Sheet1!C1")]).toEqual([undefined, "=1+1"]);
});

test("a write of text past 32,767 characters fails, as Excel refuses it", async () => {
  const context = (await book()).context;
  context.workbook.worksheets.getItem("Sheet1").getRange("E1").values = [["x".repeat(32_768)]];
  await expect(context.sync()).rejects.toThrow("a cell holds at most 32767 characters");
});

test("a workbook name refers to its cells and moves with them when rows are inserted above or deleted", async () => {
  const fake = await book();
  const context = fake.context;
  context.workbook.names.add("Block", context.workbook.worksheets.getItem("Sheet1").getRange("C1:C2"));
  await context.sync();
  fake.insertRows("Sheet1", 0, 3);
  const moved = fake.context;
  const range = moved.workbook.names.getItemOrNullObject("Block").getRangeOrNullObject();
  range.load("address");
  await moved.sync();
  expect(range.address).toBe("Sheet1!C4:C5");
  moved.workbook.worksheets
    .getItem("Sheet1")
    .getRange("A4:A5")
    .delete("Up" as Excel.DeleteShiftDirection);
  await moved.sync();
  const after = fake.context;
  const gone = after.workbook.names.getItemOrNullObject("Block").getRangeOrNullObject();
  gone.load("address");
  await after.sync();
  expect(gone.isNullObject).toBe(true);
});

test("a data type written through valuesAsJson is kept as written and read back with its basic value", async () => {
  const fake = await book();
  const context = fake.context;
  const card = { type: "Entity", text: "RTM 1.9", properties: { Value: { type: "Double", basicValue: 1.9 } } };
  const range = context.workbook.worksheets.getItem("Sheet1").getRange("E1");
  range.valuesAsJson = [[card as unknown as Excel.CellValue]];
  // valuesAsJson is a scalar property (ExcelApi 1.16), which the plugin's property list predates.
  // eslint-disable-next-line office-addins/no-navigational-load
  range.load("values,valueTypes,valuesAsJson");
  await context.sync();
  expect([range.values, range.valueTypes]).toEqual([[["#VALUE!"]], [["Error"]]]);
  expect(range.valuesAsJson).toEqual([[{ ...card, basicType: "Error", basicValue: "#VALUE!" }]]);
});

test("a custom function's cell shows #BUSY! and has no spill until it answers, between two of the add-in's syncs", async () => {
  const fake = insertWorkbook({ atSync: 3, rows: 3, columns: 2 });
  const context = fake.context;
  const cell = context.workbook.getActiveCell();
  cell.formulas = [["=INDEX.HISTORY(1)"]];
  const looks: unknown[] = [];
  for (let look = 1; look <= 3; look += 1) {
    const spill = cell.getSpillingToRangeOrNullObject();
    spill.load("address");
    cell.load("address,values");
    // The add-in's spill wait looks again at each sync: that is what this test follows.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    looks.push([cell.address, cell.values[0]?.[0], spill.isNullObject ? null : spill.address]);
  }
  expect(looks).toEqual([
    ["Sheet1!B2", "#BUSY!", null],
    ["Sheet1!B2", "#BUSY!", null],
    ["Sheet1!B2", "header 1", "Sheet1!B2:C4"],
  ]);
});

test("ranges found from a range, and a chart placed by a range and given its category axis", async () => {
  const fake = await book();
  const context = fake.context;
  const spill = context.workbook.worksheets.getItem("Sheet1").getRange("A1:C3");
  const column = spill.getColumn(1);
  const below = column.getOffsetRange(1, 0).getResizedRange(-1, 0);
  const chart = spill.worksheet.charts.add("Line", column, "Columns");
  chart.series.getItemAt(0).setXAxisValues(below);
  chart.setPosition(spill.getCell(0, 4));
  column.load("address");
  below.load("address");
  await context.sync();
  expect([column.address, below.address]).toEqual(["Sheet1!B1:B3", "Sheet1!B2:B3"]);
  const [drawn] = fake.sheet("Sheet1").charts;
  expect(drawn).toMatchObject({ source: { top: 0, left: 1, bottom: 2, right: 1 }, position: ["E1", undefined] });
  expect(drawn?.xAxis).toEqual({ top: 1, left: 1, bottom: 2, right: 1 });
});

test("a selection's used range is the block of its cells that show something; a synced write is journalled", async () => {
  const fake = await book();
  fake.selection = "Sheet1!C1:D9";
  const context = fake.context;
  const empty = context.workbook.worksheets.getItem("Sheet1").getRange("F1:F9").getUsedRangeOrNullObject(true);
  const used = context.workbook.getSelectedRange().getUsedRangeOrNullObject(true);
  used.load("address");
  await context.sync();
  expect([used.address, empty.isNullObject]).toEqual(["Sheet1!C1", true]);
  used.getCell(0, 1).getResizedRange(1, 0).values = [["a"], ["b"]];
  expect(fake.writes).toEqual([]);
  await context.sync();
  expect(fake.writes).toEqual([{ address: "Sheet1!D1:D2", property: "values", value: [["a"], ["b"]] }]);
  expect(fake.valuesIn("Sheet1!D1:D2")).toEqual([["a"], ["b"]]);
});

test("linked data domains: added once by id, looked up after a sync, their mode set, deleted", async () => {
  const fake = new FakeWorkbook(async () => [[0]]);
  const context = fake.context;
  const domains = context.workbook.linkedEntityDataDomains;
  const options = { id: "index", name: "Index", dataProvider: "Index Data", loadFunctionId: "LOAD" };
  domains.add({ ...options, supportedRefreshModes: ["OnLoad", "Manual"] as Excel.LinkedEntityDataDomainRefreshMode[] });
  const found = domains.getItemOrNullObject("index");
  // eslint-disable-next-line office-addins/no-navigational-load -- scalar properties of ExcelApi 1.19
  found.load("loadFunctionId,refreshMode");
  await context.sync();
  expect([found.isNullObject, found.loadFunctionId, found.refreshMode]).toEqual([false, "LOAD", "OnLoad"]);
  domains.add(options);
  await expect(context.sync()).rejects.toMatchObject({ code: "ItemAlreadyExists" });
  domains.getItem("index").refreshMode = "Manual" as Excel.LinkedEntityDataDomainRefreshMode;
  domains.getItem("index").delete();
  await context.sync();
  expect(fake.domainCalls).toEqual(["add index", "add index", "refreshMode Manual", "delete index"]);
  expect(fake.domains.size).toBe(0);
});
