import { freezeForSharing } from "../../src/office/freeze/freeze";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

const A = "RTM-NWE-A-1x3";
const LATEST = `=INDEX.LATEST("${A}","confidence")`;
const CURVE = `=INDEX.FORWARD("${A}",TRUE)`;
const VOL = `=INDEX.VOL("${A}",30)`;

const rig = useDeskRig();

async function frozenBook(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(rig.evaluate);
  book.type("Sheet1!B2", LATEST);
  book.type("Sheet1!D2", CURVE);
  book.type("Sheet1!B8", VOL);
  await book.settled();
  await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url }));
  return book;
}

function receiptCells(book: FakeWorkbook): unknown[] {
  return book.usedValues(RECEIPT_SHEET).map((row) => row[0]);
}

test("a receipt round trip puts every formula back, the spill spills again, and the receipt empties", async () => {
  const book = await frozenBook();
  expect(book.formulaAt("Sheet1!D2")).toBeUndefined();
  const outcome = await restoreFormulas(book.context, restoreOptions());
  await book.settled();
  expect(outcome.restored).toEqual(["Sheet1!B2", "Sheet1!D2", "Sheet1!B8"]);
  expect(outcome.changed).toEqual([]);
  expect([book.formulaAt("Sheet1!B2"), book.formulaAt("Sheet1!D2"), book.formulaAt("Sheet1!B8")]).toEqual([
    LATEST,
    CURVE,
    VOL,
  ]);
  expect(book.shown("Sheet1!D3")).not.toBe("");
  expect(receiptCells(book)).toEqual(["Cell"]);
});

test("a cell changed after freezing is listed and left alone, and its receipt row stays", async () => {
  const book = await frozenBook();
  book.type("Sheet1!B2", 42);
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.changed).toEqual(["Sheet1!B2"]);
  expect(outcome.message).toBe(
    "Restored 2 INDEX formulas. Left alone because they were changed after freezing: Sheet1!B2.",
  );
  expect(book.shown("Sheet1!B2")).toBe(42);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(receiptCells(book)).toEqual(["Cell", "Sheet1!B2"]);
});

test("restoring the selection restores only the rows whose cell is in it", async () => {
  const book = await frozenBook();
  book.selection = "Sheet1!A7:C9";
  const outcome = await restoreFormulas(book.context, restoreOptions({ selectionOnly: true }));
  expect(outcome.restored).toEqual(["Sheet1!B8"]);
  expect(book.formulaAt("Sheet1!B8")).toBe(VOL);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(receiptCells(book)).toEqual(["Cell", "Sheet1!B2", "Sheet1!D2"]);
});

test("without a receipt there is nothing to restore", async () => {
  const book = new FakeWorkbook(rig.evaluate);
  expect(await restoreFormulas(book.context, restoreOptions())).toEqual({
    restored: [],
    changed: [],
    refused: [],
    message: "There is no receipt to restore from.",
  });
});
