import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { RECEIPT_HEADER } from "../../src/workbook/receipts/receipt";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * The receipt is read and appended by content: a cleared header, blank rows or a note of the user's must not
 * make a new row overwrite an old one, nor make restore skip one row and delete another.
 */
const FORMULAS: Readonly<Record<string, string>> = {
  "Sheet1!B2": '=INDEX.LATEST("RTM-NWE-A-1x3")',
  "Sheet1!B3": '=INDEX.LATEST("RTM-NWE-B-1x3")',
  "Sheet1!B4": '=INDEX.LATEST("RTM-USG.B-2x4")',
};
const RECEIPT = (cell: string) => `'${RECEIPT_SHEET}'!${cell}`;

async function book(): Promise<FakeWorkbook> {
  const fake = new FakeWorkbook(async (formula) => [[formula.length]]);
  for (const [cell, formula] of Object.entries(FORMULAS)) fake.type(cell, formula);
  await fake.settled();
  return fake;
}

async function freeze(fake: FakeWorkbook, selection: string): Promise<void> {
  fake.selection = selection;
  await freezeForSharing(fake.context, freezeOptions({ scope: "selection" }));
}

function clearRow(fake: FakeWorkbook, row: number): void {
  for (let column = 0; column < RECEIPT_HEADER.length; column += 1)
    fake.type(RECEIPT(`${String.fromCharCode(65 + column)}${row}`), "");
}

function column(fake: FakeWorkbook, index: number): unknown[] {
  return fake.usedValues(RECEIPT_SHEET).map((row) => row[index]);
}

test("with its header cleared, a second freeze appends after the last row instead of overwriting one", async () => {
  const fake = await book();
  await freeze(fake, "Sheet1!B2");
  clearRow(fake, 1);
  await freeze(fake, "Sheet1!B3");
  expect(column(fake, 0)).toEqual(["Sheet1!B2", "Cell", "Sheet1!B3"]);

  const outcome = await restoreFormulas(fake.context, restoreOptions());
  expect(outcome.restored).toEqual(["Sheet1!B2", "Sheet1!B3"]);
  expect(fake.liveFormulas()).toEqual(FORMULAS);
  expect(column(fake, 0)).toEqual(["Cell"]);
});

test("with its header cleared, restore finds every row and deletes only those it restored", async () => {
  const fake = await book();
  await freeze(fake, "Sheet1!B2:B3");
  clearRow(fake, 1);
  const outcome = await restoreFormulas(fake.context, restoreOptions());
  expect(outcome.restored).toEqual(["Sheet1!B2", "Sheet1!B3"]);
  expect(fake.liveFormulas()).toEqual(FORMULAS);
  expect(fake.usedValues(RECEIPT_SHEET)).toEqual([]);
});

test("restore deletes exactly the rows it restored: a note, a blank row and the other rows stay", async () => {
  const fake = await book();
  await freeze(fake, "Sheet1!B2:B3");
  fake.type(RECEIPT("A5"), "checked by the desk, 2 Jan");
  await freeze(fake, "Sheet1!B4");
  expect(column(fake, 0)).toEqual(["Cell", "Sheet1!B2", "Sheet1!B3", "", "checked by the desk, 2 Jan", "Sheet1!B4"]);

  fake.selection = "Sheet1!B3";
  const outcome = await restoreFormulas(fake.context, restoreOptions({ selectionOnly: true }));
  expect(outcome.restored).toEqual(["Sheet1!B3"]);
  expect(column(fake, 0)).toEqual(["Cell", "Sheet1!B2", "", "checked by the desk, 2 Jan", "Sheet1!B4"]);

  await restoreFormulas(fake.context, restoreOptions());
  expect(column(fake, 0)).toEqual(["Cell", "", "checked by the desk, 2 Jan"]);
  expect(Object.keys(fake.liveFormulas()).sort()).toEqual(Object.keys(FORMULAS).sort());
});
