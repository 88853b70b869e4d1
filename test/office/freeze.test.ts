import { DEMO_KEYS } from "../../reference-service/src";
import { freezeForSharing, type FreezeOptions } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { RECEIPT_HEADER } from "../../src/workbook/receipts/receipt";
import { appContext } from "../../src/office/app-context/app-context";
import { freezeOptions } from "./sheet-options";
import { useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { WORKBOOK_ID_SETTING } from "../../src/office/freeze/workbook-id";

const A = "RTM-NWE-A-1x3";
const FROZEN_AT = new Date("2030-01-02T03:04:05.000Z");

const rig = useDeskRig({ withKey: true });

async function options(scope: FreezeOptions["scope"], receiptVisible = true): Promise<FreezeOptions> {
  const engine = await appContext().engine();
  return freezeOptions({
    scope,
    receiptVisible,
    serviceUrl: (await appContext().settings.load()).baseUrl,
    now: () => FROZEN_AT,
    provenanceOf: (address) => engine.addresses.provenanceOf(address),
    errorOf: (address) => engine.addresses.errorOf(address),
  });
}

/** A sheet with a latest value (formatted), a forward-curve spill, an unknown symbol and a plain formula. */
async function frozenSheet(): Promise<FakeWorkbook> {
  const book = new FakeWorkbook(rig.evaluate);
  book.type("Sheet1!B2", `=INDEX.LATEST("${A}","confidence")`, "0.00");
  book.type("Sheet1!D2", `=INDEX.FORWARD("${A}",TRUE)`);
  book.type("Sheet1!B4", `=INDEX.LATEST("RTM-NOPE-1x3")`);
  book.type("Sheet1!B6", "=1+1");
  await book.settled();
  return book;
}

function receiptRows(book: FakeWorkbook): unknown[][] {
  return book.usedValues(RECEIPT_SHEET);
}

test("freezing a sheet writes every INDEX cell's values, spills included, formats kept, and a receipt row each", async () => {
  const book = await frozenSheet();
  const latestShown = book.shown("Sheet1!B2");
  const curve = book.spillValues("Sheet1!D2");
  expect(typeof latestShown).toBe("number");
  expect(curve.length).toBeGreaterThan(2);

  const outcome = await freezeForSharing(book.context, await options("sheet"));

  expect(outcome.frozen).toBe(3);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(book.shown("Sheet1!B2")).toBe(latestShown);
  expect(book.formatAt("Sheet1!B2")).toBe("0.00");
  expect(book.formulaAt("Sheet1!D2")).toBeUndefined();
  expect(book.valuesIn(`Sheet1!D2:G${1 + curve.length}`)).toEqual(curve);
  expect(book.formulaAt("Sheet1!B6")).toBe("=1+1");

  const rows = receiptRows(book);
  expect(rows[0]).toEqual([...RECEIPT_HEADER]);
  expect(rows.map((row) => row[0])).toEqual(["Cell", "Sheet1!B2", "Sheet1!D2", "Sheet1!B4"]);
  const fix = (await (await fetch(`${rig.service.url}/api/v1/index/${A}/latest`)).json()) as {
    asOf: string;
    publicationMode?: string;
  };
  expect(rows[1]).toEqual([
    "Sheet1!B2",
    "Sheet1!B2",
    `=INDEX.LATEST("${A}","confidence")`,
    JSON.stringify([[latestShown]]),
    fix.asOf,
    fix.publicationMode ?? "",
    rig.service.url,
    FROZEN_AT.toISOString(),
    "",
    expect.stringMatching(/^IndexData_Frozen_[0-9a-f]{16}$/),
    `=INDEX.LATEST("${A}","confidence")`,
    expect.stringMatching(/^cards-sha256:[0-9a-f]{64}$/),
    expect.stringMatching(/^v2\.[\w-]{43}$/),
    // The workbook's own id, kept in a workbook setting, never on a sheet but in this column.
    book.settings.get(WORKBOOK_ID_SETTING),
  ]);
  expect(book.settings.get(WORKBOOK_ID_SETTING)).toMatch(/^[\w-]{22}$/);
  expect(rows[2]?.[1]).toBe(`Sheet1!D2:G${1 + curve.length}`);
  expect(JSON.parse(String(rows[2]?.[3]))).toEqual(curve);
});

test("an error cell stays #N/A, as the error constant, with its message in the receipt", async () => {
  const book = await frozenSheet();
  expect(book.shown("Sheet1!B4")).toBe("#N/A");
  await freezeForSharing(book.context, await options("sheet"));
  // Read from the cells, not through Office.js: the error constant, not the text "#N/A".
  expect(book.formulaAt("Sheet1!B4")).toBeUndefined();
  expect(book.read("Sheet1", 3, 1)).toMatchObject({ value: "#N/A", error: true });
  const row = receiptRows(book).find((r) => r[0] === "Sheet1!B4");
  expect(row?.[3]).toBe('[["#N/A"]]');
  expect(String(row?.[8])).toMatch(/^unknown index 'RTM-NOPE-1x3'/);
});

test("the API key never lands in the receipt, and the receipt can be hidden", async () => {
  const book = await frozenSheet();
  await freezeForSharing(book.context, await options("workbook", false));
  expect(book.visibility(RECEIPT_SHEET)).toBe("Hidden");
  expect(JSON.stringify(receiptRows(book))).not.toContain(DEMO_KEYS.apiKey);
});

test("freezing the selection leaves INDEX cells outside it alone", async () => {
  const book = await frozenSheet();
  book.selection = "Sheet1!A1:C3";
  const outcome = await freezeForSharing(book.context, await options("selection"));
  expect(outcome.frozen).toBe(1);
  expect(book.formulaAt("Sheet1!B2")).toBeUndefined();
  expect(book.formulaAt("Sheet1!D2")).toBe(`=INDEX.FORWARD("${A}",TRUE)`);
});

test("a sheet without INDEX formulas says so and writes nothing", async () => {
  const book = new FakeWorkbook(rig.evaluate);
  book.type("Sheet1!A1", "=SUM(1,2)");
  book.type("Sheet1!A2", "INDEX.LATEST is only text");
  await book.settled();
  const outcome = await freezeForSharing(book.context, await options("sheet"));
  expect(outcome).toEqual({
    frozen: 0,
    busy: [],
    message: "No INDEX formula in the sheet; nothing was frozen and no receipt was written.",
  });
  expect(book.sheets.has(RECEIPT_SHEET)).toBe(false);
  expect(book.formulaAt("Sheet1!A1")).toBe("=SUM(1,2)");
});
