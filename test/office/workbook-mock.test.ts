/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load -- these tests read too early on purpose, to show the mock refuses */
import { FakeWorkbook } from "./workbook-fake";

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

test("a range's properties read as the mock's error text until loaded and synced", async () => {
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
