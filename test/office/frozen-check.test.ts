import { appContext } from "../../src/office/app-context/app-context";
import { excelSheetActions, type SheetActions } from "../../src/office/sheet-actions";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * "Check against the service" on a frozen sheet, through the office adapters on the workbook fake, against the
 * reference service over HTTP: the service restates days (its test control), and the check lists exactly the frozen
 * cells those days reach, from the receipt, without writing anything.
 */
const A = "RTM-NWE-A-1x3";
const B = "RTM-NWE-B-1x3";

const rig = useDeskRig({ withKey: true, testFaults: true });

afterEach(() => rig.service.faults.reset());

function actionsOn(book: FakeWorkbook): SheetActions {
  return excelSheetActions(appContext(), (batch) => batch(book.context));
}

/** The ISO day of an Excel date serial. */
function dayOfSerial(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** Everything the check could write: every sheet's cells, the workbook names and settings, the undo steps. */
function state(book: FakeWorkbook): string {
  const sheets = [...book.sheets.keys()].map((name) => [name, book.usedValues(name), book.visibility(name)]);
  return JSON.stringify({ sheets, names: [...book.names], settings: [...book.settings], undo: book.undoSteps });
}

/**
 * Sheet1, frozen: A's daily history with a status column (A1, a header row), A's latest value (F1), B's fix (H1),
 * and a latest value whose symbol comes from a cell (F3, which the receipt cannot tie to an index).
 */
async function frozenSheet(): Promise<{ book: FakeWorkbook; actions: SheetActions }> {
  const book = new FakeWorkbook(rig.evaluate);
  book.type("Sheet1!A1", `=INDEX.HISTORY("${A}","-10D",,,TRUE,,"status")`);
  book.type("Sheet1!F1", `=INDEX.LATEST("${A}")`);
  book.type("Sheet1!H1", `=INDEX.FIX("${B}")`);
  book.type("Sheet1!E3", A);
  book.type("Sheet1!F3", "=INDEX.LATEST(E3)");
  await book.settled();
  const actions = actionsOn(book);
  const outcome = await actions.freeze("sheet", true);
  expect(outcome.frozen).toBe(4);
  expect(book.formulaAt("Sheet1!A1")).toBeUndefined();
  return { book, actions };
}

/** The history block's frozen rows (where the receipt says it was frozen): the day, the value, the status, the row. */
function historyRows(book: FakeWorkbook) {
  const range = book.usedValues(RECEIPT_SHEET).find((row) => row[0] === "Sheet1!A1")?.[1];
  return book
    .valuesIn(String(range))
    .slice(1)
    .map((row, i) => ({ day: dayOfSerial(Number(row[0])), value: row[1], status: row[2], row: i + 2 }));
}

test("with nothing restated, the check lists no cell, says how many it compared, and changes nothing", async () => {
  const { book, actions } = await frozenSheet();
  const before = state(book);
  const outcome = await actions.checkFrozen();
  expect(outcome.state).toBe("checked");
  expect(outcome.corrected).toEqual([]);
  // 11 days of value and status, the latest value, and the fix's value and status.
  expect(outcome.checked).toBe(historyRows(book).length * 2 + 1 + 2);
  expect(outcome.unchecked).toEqual([{ cell: "Sheet1!F3", reason: expect.stringMatching(/from another cell/) }]);
  expect(outcome.message).toMatch(
    /none has been corrected since it was frozen.*Nothing in the workbook was changed\.$/,
  );
  expect(outcome.unverified).toBe(0);
  expect(state(book)).toBe(before);
});

test("a receipt row edited by hand is still checked as it says, and the check says it does not verify", async () => {
  const { book, actions } = await frozenSheet();
  const at = book.usedValues(RECEIPT_SHEET).findIndex((row) => row[0] === "Sheet1!F1");
  book.write(RECEIPT_SHEET, at, 8, "'a note typed later");
  const outcome = await actions.checkFrozen();
  expect(outcome).toMatchObject({ state: "checked", corrected: [], unverified: 1 });
  expect(outcome.message).toMatch(/1 receipt row does not verify with this add-in's key/);
});

test("restated days list exactly the frozen cells they reach: the day, the value frozen and the value now", async () => {
  const { book, actions } = await frozenSheet();
  const rows = historyRows(book);
  const early = rows[2];
  const last = rows[rows.length - 1];
  if (early === undefined || last === undefined) throw new Error("the history spilled no rows");
  // The latest value's day: the receipt's fix date of F1, which the history's last row shares.
  const receipt = book.usedValues(RECEIPT_SHEET);
  const latestDay = String(receipt.find((row) => row[0] === "Sheet1!F1")?.[4]).slice(0, 10);
  expect(latestDay).toBe(last.day);
  rig.service.faults.restate({ symbol: A, date: early.day, valuePercent: 2, status: "REVISED" });
  rig.service.faults.restate({ symbol: A, date: last.day, value: 9.8765 });
  // The fault happened: the service publishes both days restated now.
  const answer = (await (
    await fetch(`${rig.service.url}/api/v1/index/${A}/history?startDate=${early.day}&endDate=${last.day}`)
  ).json()) as { values: { date: string; value: number; status: string }[] };
  const published = new Map(answer.values.map((point) => [point.date.slice(0, 10), point]));
  expect(published.get(early.day)).toMatchObject({ status: "REVISED" });
  expect(published.get(early.day)?.value).not.toBe(early.value);
  expect(published.get(last.day)?.value).toBe(9.8765);
  const before = state(book);
  const requestsBefore = rig.service.requests.length;

  const outcome = await actions.checkFrozen();

  expect(outcome.state).toBe("checked");
  const corrected = [...outcome.corrected].sort((a, b) => a.cell.localeCompare(b.cell));
  const now = (day: string) => published.get(day)?.value;
  expect(corrected).toEqual(
    [
      { cell: `Sheet1!B${early.row}`, date: early.day, figure: "value", frozen: early.value, now: now(early.day) },
      { cell: `Sheet1!C${early.row}`, date: early.day, figure: "status", frozen: early.status, now: "REVISED" },
      { cell: `Sheet1!B${last.row}`, date: last.day, figure: "value", frozen: last.value, now: 9.8765 },
      { cell: "Sheet1!F1", date: last.day, figure: "value", frozen: book.shown("Sheet1!F1"), now: 9.8765 },
    ]
      .map((cell) => ({ ...cell, symbol: A }))
      .sort((a, b) => a.cell.localeCompare(b.cell)),
  );
  expect(outcome.message).toMatch(/^4 of \d+ frozen cells of "Sheet1" have been corrected/);
  // One fresh history read per index (A and B), past the cache that served the sheet.
  const reads = rig.service.requests.slice(requestsBefore).map((request) => request.path);
  expect(reads).toHaveLength(2);
  expect(reads.every((path) => path.includes("/history?"))).toBe(true);
  expect(state(book)).toBe(before);
});

test("the check says so when there is no receipt, when the active sheet has no frozen cells, and when the service cannot be reached", async () => {
  const plain = new FakeWorkbook(rig.evaluate);
  plain.type("Sheet1!A1", `=INDEX.LATEST("${A}")`);
  await plain.settled();
  const none = await actionsOn(plain).checkFrozen();
  expect(none).toMatchObject({ state: "no-receipt", corrected: [], checked: 0 });
  expect(none.message).toMatch(/no freeze receipt.*Freeze for sharing first/);
  expect(plain.formulaAt("Sheet1!A1")).toBe(`=INDEX.LATEST("${A}")`);

  const { book, actions } = await frozenSheet();
  book.addSheet("Sheet2");
  book.active = "Sheet2";
  const elsewhere = await actions.checkFrozen();
  expect(elsewhere.state).toBe("not-frozen");
  expect(elsewhere.message).toMatch(/The sheet "Sheet2" has no frozen cells in the receipt/);

  book.active = "Sheet1";
  const before = state(book);
  rig.service.faults.failNext("503", Infinity, "/api/v1/index/");
  const requestsBefore = rig.service.requests.length;
  const down = await actions.checkFrozen();
  // The fault happened: the service saw the history reads and answered 503.
  const seen = rig.service.requests.slice(requestsBefore);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((request) => request.status === 503 && request.path.includes("/history?"))).toBe(true);
  expect(down).toMatchObject({ state: "unreachable", corrected: [], checked: 0 });
  expect(down.message).toMatch(/^Could not check against the service: .*the workbook is unchanged/);
  expect(state(book)).toBe(before);
});
