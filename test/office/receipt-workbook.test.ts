import { MemoryStorage } from "../../src/settings/storage";
import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { RECEIPT_HEADER } from "../../src/workbook/receipts/receipt";
import { restoreFormulas, SIGNING_KEY_MISSING } from "../../src/office/freeze/restore";
import { receiptSigner } from "../../src/workbook/receipts/signature";
import { WORKBOOK_ID_SETTING } from "../../src/office/freeze/workbook-id";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Receipt rows are tied to the workbook they were frozen in (issue 27, item 13): each row carries the workbook's id,
 * kept in a workbook setting and signed with the row, so rows copied into another workbook restore nothing there,
 * and say why. A missing signing key is said as such, with what the user can do, and no key is made to verify.
 */
const LATEST = '=INDEX.LATEST("RTM-NWE-A-1x3","confidence")';
const RECEIPT = (cell: string) => `'${RECEIPT_SHEET}'!${cell}`;
const OTHER_WORKBOOK =
  "it was frozen in another workbook, and restore writes only into the workbook a receipt was written in";
const BEFORE_WORKBOOK_TIES =
  "it was frozen by an earlier version of the add-in, before receipts were tied to their workbook: retype its formula";

async function frozenBook(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(async () => [[87]], ["Sheet1"]);
  book.type("Sheet1!B2", LATEST);
  await book.settled();
  await freezeForSharing(book.context, freezeOptions());
  return book;
}

/** Workbook B: a sheet whose D4 shows what A froze, and A's receipt rows pasted in, A's block name pointed at D4. */
async function bookHoldingRowsOf(a: FakeWorkbook, freezesItself: boolean): Promise<FakeWorkbook> {
  const b = new FakeWorkbook(async () => [[12]], ["Sheet1", "Other"]);
  if (freezesItself) {
    b.type("Sheet1!C3", '=INDEX.VOL("RTM-NWE-A-1x3",30)');
    await b.settled();
    await freezeForSharing(b.context, freezeOptions());
  }
  b.type("Other!D4", 87);
  if (!b.sheets.has(RECEIPT_SHEET)) b.addSheet(RECEIPT_SHEET, "Hidden");
  const rows = a.usedValues(RECEIPT_SHEET).slice(1);
  const start = b.usedValues(RECEIPT_SHEET).length + 1;
  rows.forEach((row, index) =>
    row.forEach((text, column) =>
      b.type(RECEIPT(`${String.fromCharCode(65 + column)}${start + index}`), `'${String(text)}`),
    ),
  );
  const block = String(rows[0]?.[RECEIPT_HEADER.indexOf("Frozen block")]);
  b.names.set(block, { sheet: "Other", top: 3, left: 3, bottom: 3, right: 3 });
  return b;
}

test("each row carries the workbook's id, kept in a workbook setting and covered by the signature", async () => {
  const book = await frozenBook();
  const id = book.settings.get(WORKBOOK_ID_SETTING);
  expect(id).toMatch(/^[\w-]{22}$/);
  const [, row] = book.usedValues(RECEIPT_SHEET);
  expect(row?.[RECEIPT_HEADER.indexOf("Workbook")]).toBe(id);
  // Another id typed over it is an edited row.
  book.type(RECEIPT("N2"), "'AAAAAAAAAAAAAAAAAAAAAA");
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.refused).toEqual([
    { cell: "Sheet1!B2", reason: expect.stringMatching(/^its receipt row was edited/) },
  ]);
});

test.each([
  ["that never froze anything", false],
  ["that froze cells of its own", true],
])(
  "signed rows of workbook A, A's block name pointed at cells of a workbook B %s, write nothing there",
  async (_name, freezesItself) => {
    const a = await frozenBook();
    const b = await bookHoldingRowsOf(a, freezesItself);
    const before = b.liveFormulas();
    const outcome = await restoreFormulas(b.context, restoreOptions());
    expect(outcome.refused).toContainEqual({ cell: "Other!D4", reason: OTHER_WORKBOOK });
    expect(outcome.restored).toEqual(freezesItself ? ["Sheet1!C3"] : []);
    expect(b.shown("Other!D4")).toBe(87);
    expect(b.formulaAt("Other!D4")).toBeUndefined();
    expect(Object.keys(b.liveFormulas())).toEqual([...Object.keys(before), ...(freezesItself ? ["Sheet1!C3"] : [])]);
    expect(outcome.message).toContain(`Other!D4 (${OTHER_WORKBOOK})`);
  },
);

test("without the signing key (another computer, another Excel, cleared storage) restore says so and what to do", async () => {
  const book = await frozenBook();
  const elsewhere = new MemoryStorage();
  const outcome = await restoreFormulas(book.context, restoreOptions({ signer: receiptSigner(elsewhere) }));
  expect(outcome.restored).toEqual([]);
  expect(outcome.refused).toEqual([
    { cell: "Sheet1!B2", reason: "the key that signed it is not in this add-in's storage here" },
  ]);
  expect(outcome.message).toBe(
    `Restored 0 INDEX formulas. Refused, and nothing written for them: Sheet1!B2 (the key that signed it is not in this add-in's storage here). ${SIGNING_KEY_MISSING}`,
  );
  expect(SIGNING_KEY_MISSING).toMatch(/Excel on the web and Excel on the desktop keep separate storage/);
  expect(SIGNING_KEY_MISSING).toMatch(/retype the formulas: the receipt's Formula column has each one/);
  // Verifying made no key: the storage is as empty as it was.
  expect(elsewhere.keys()).toEqual([]);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
});

test("a row signed before receipts were tied to their workbook is refused as such", async () => {
  const book = await frozenBook();
  book.type(RECEIPT("M2"), "'v1.NquOxhcLPlofKqPRsEhnyXpIzjbSkGrKu2Y0haG-taY");
  book.type(RECEIPT("N2"), "");
  const outcome = await restoreFormulas(book.context, restoreOptions());
  expect(outcome.refused).toEqual([{ cell: "Sheet1!B2", reason: BEFORE_WORKBOOK_TIES }]);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
});
