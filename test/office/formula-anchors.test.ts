import { freezeForSharing } from "../../src/office/freeze/freeze";
import { indexCellsIn, RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { freezeOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Only real formula anchors are INDEX cells. Range.formulas gives a cell without a formula its value, so a
 * spilled text cell (or a typed text cell) reading "=INDEX.LATEST(…)" looks like one there; it must be neither
 * frozen as a formula nor written into the receipt's Formula column (restore would make it a formula).
 */
const LOOKALIKE = '=INDEX.LATEST("RTM-NWE-A-1x3")';
const LIST = [
  ["Symbol", "Description"],
  ["RTM-NWE-A-1x3", LOOKALIKE],
  ["RTM-NWE-B-1x3", '=INDEX.VOL("RTM-NWE-B-1x3")'],
];

async function sheet(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(async (formula) => (formula.startsWith("=INDEX.LIST") ? LIST : [[1.8]]));
  book.type("Sheet1!B2", "=INDEX.LIST(TRUE,TRUE)");
  book.type("Sheet1!B8", `'${LOOKALIKE}`);
  book.type("Sheet1!B10", LOOKALIKE);
  await book.settled();
  return book;
}

test("text that reads like an INDEX formula, spilled or typed, is not an INDEX cell", async () => {
  const book = await sheet();
  // The look-alikes are there: a spilled cell and a typed text cell, both reading as a formula's text.
  expect([book.shown("Sheet1!C3"), book.shown("Sheet1!B8")]).toEqual([LOOKALIKE, LOOKALIKE]);
  const { cells } = await indexCellsIn(book.context, "sheet");
  expect(cells.map((cell) => cell.address)).toEqual(["Sheet1!B2", "Sheet1!B10"]);
});

test("freezing leaves the typed text as it is, freezes the spilled text as text, and the receipt holds real formulas only", async () => {
  const book = await sheet();
  const outcome = await freezeForSharing(book.context, freezeOptions());
  expect(outcome.frozen).toBe(2);
  expect(book.liveFormulas()).toEqual({});
  expect(book.valuesIn("Sheet1!B2:C4")).toEqual(LIST);
  expect(book.shown("Sheet1!B8")).toBe(LOOKALIKE);
  const receipt = book.usedValues(RECEIPT_SHEET).slice(1);
  expect(receipt.map((row) => [row[0], row[2]])).toEqual([
    ["Sheet1!B2", "=INDEX.LIST(TRUE,TRUE)"],
    ["Sheet1!B10", LOOKALIKE],
  ]);
});
