import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Frozen cells are tracked by a workbook name that moves with them, not by the A1 text of the receipt: rows
 * inserted above a frozen block do not stop restore, and the formula goes back relative to where its cell is
 * now (a reference to the symbol beside it still points beside it).
 */
const CURVE = [
  ["1M", 1.81],
  ["2M", 1.83],
  ["3M", 1.86],
];

async function frozenBook(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(async (formula) => (formula.startsWith("=INDEX.FORWARD") ? CURVE : [[1.8979]]));
  book.type("Sheet1!A2", "RTM-NWE-A-1x3");
  book.type("Sheet1!B2", "=INDEX.LATEST(A2)");
  book.type("Sheet1!B4", '=INDEX.FORWARD("RTM-NWE-A-1x3")');
  await book.settled();
  await freezeForSharing(book.context, freezeOptions());
  expect(book.liveFormulas()).toEqual({});
  return book;
}

test("after rows are inserted above the frozen cells, restore puts each formula back where its cells are now", async () => {
  const book = await frozenBook();
  book.insertRows("Sheet1", 0, 2);
  const outcome = await restoreFormulas(book.context, restoreOptions());
  await book.settled();
  expect(outcome.message).toBe("Restored 2 INDEX formulas.");
  expect(outcome.restored).toEqual(["Sheet1!B4", "Sheet1!B6"]);
  expect(book.liveFormulas()).toEqual({
    "Sheet1!B4": "=INDEX.LATEST(A4)",
    "Sheet1!B6": '=INDEX.FORWARD("RTM-NWE-A-1x3")',
  });
  expect(book.valuesIn("Sheet1!B6:C8")).toEqual(CURVE);
  expect(book.usedValues(RECEIPT_SHEET).map((row) => row[0])).toEqual(["Cell"]);
});

test("a selection restore finds a moved block by where it is now", async () => {
  const book = await frozenBook();
  book.insertRows("Sheet1", 0, 2);
  book.selection = "Sheet1!B4";
  const outcome = await restoreFormulas(book.context, restoreOptions({ selectionOnly: true }));
  expect(outcome.restored).toEqual(["Sheet1!B4"]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B4": "=INDEX.LATEST(A4)" });
});

test("when the frozen rows were deleted, restore writes nothing for them and says why", async () => {
  const book = await frozenBook();
  const context = book.context;
  context.workbook.worksheets
    .getItem("Sheet1")
    .getRange("A2:Z2")
    .delete("Up" as Excel.DeleteShiftDirection);
  await context.sync();
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.restored).toEqual(["Sheet1!B3"]);
  expect(outcome.refused).toEqual([
    { cell: "Sheet1!B2", reason: "its frozen cells were deleted, or it was restored already" },
  ]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B3": '=INDEX.FORWARD("RTM-NWE-A-1x3")' });
});

test("a block frozen from a formula longer than a name's comment is named all the same", async () => {
  const formula = `=INDEX.LATEST("RTM-NWE-A-1x3","${"x".repeat(300)}")`;
  const book = new FakeWorkbook(async () => [[1.5]]);
  book.type("Sheet1!B2", formula);
  await book.settled();
  await freezeForSharing(book.context, freezeOptions());
  expect([...book.names.keys()]).toEqual([expect.stringMatching(/^IndexData_Frozen_/)]);
  expect((await restoreFormulas(book.context, restoreOptions())).restored).toEqual(["Sheet1!B2"]);
});
