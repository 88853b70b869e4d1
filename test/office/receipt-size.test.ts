import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { EXCEL_TEXT_LIMIT } from "../support/office-fake/excel-typing";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * No receipt cell may pass Excel's 32,767 characters (the write fails), and a block too big to list in one cell
 * must still restore: restore compares a fingerprint of the values, never the receipt's JSON.
 */
const rig = useDeskRig();
const HISTORY = '=INDEX.HISTORY("RTM-NWE-A-1x3","-5Y",TODAY(),"daily",TRUE,,"confidence","status")';

function longestReceiptCell(book: FakeWorkbook): number {
  return Math.max(
    ...book
      .usedValues(RECEIPT_SHEET)
      .flat()
      .map((cell) => String(cell).length),
  );
}

test("a five-year history with two audit columns freezes with a receipt that fits its cells, and restores", async () => {
  const book = new FakeWorkbook(rig.evaluate);
  book.type("Sheet1!B2", HISTORY);
  await book.settled();
  const rows = book.spillValues("Sheet1!B2");
  // The block really is too big for one cell as JSON.
  expect(rows.length).toBeGreaterThan(1_000);
  expect(JSON.stringify(book.valuesIn(`Sheet1!B2:E${rows.length + 1}`)).length).toBeGreaterThan(EXCEL_TEXT_LIMIT);

  const outcome = await freezeForSharing(book.context, freezeOptions({ serviceUrl: rig.service.url }));
  expect(outcome.frozen).toBe(1);
  expect(longestReceiptCell(book)).toBeLessThanOrEqual(EXCEL_TEXT_LIMIT);
  const [, row] = book.usedValues(RECEIPT_SHEET);
  expect(String(row?.[3]).endsWith("…")).toBe(true);
  expect(row?.[8]).toMatch(
    /^Values \(JSON\) cut to fit one cell \([\d,]+ characters\); the fingerprint covers every value\.$/,
  );

  const restored = await restoreFormulas(book.context, restoreOptions());
  await book.settled();
  expect(restored.restored).toEqual(["Sheet1!B2"]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B2": HISTORY });
  expect(book.spillValues("Sheet1!B2")).toHaveLength(rows.length);
});

test("a catalogue of 258 long descriptions (over 258,000 characters as JSON) freezes and restores too", async () => {
  const description = "D".repeat(999);
  const catalogue = [["Symbol", "Description"], ...Array.from({ length: 258 }, (_, i) => [`SYM-${i}`, description])];
  const book = new FakeWorkbook(async () => catalogue);
  book.type("Sheet1!A1", "=INDEX.LIST(TRUE,TRUE)");
  await book.settled();
  expect(JSON.stringify(catalogue).length).toBeGreaterThan(258_000);
  await freezeForSharing(book.context, freezeOptions());
  expect(longestReceiptCell(book)).toBeLessThanOrEqual(EXCEL_TEXT_LIMIT);
  expect(book.valuesIn("Sheet1!A1:B259")).toEqual(catalogue);
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.restored).toEqual(["Sheet1!A1"]);
});
