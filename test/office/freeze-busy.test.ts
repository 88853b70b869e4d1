import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { FakeClock, InstantClock } from "../support/fake-clock";
import { freezeOptions } from "./sheet-options";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * A cell still computing shows #BUSY!, which is no value: freezing waits for the scope to settle, within a
 * bound on the injected clock, and leaves a cell still busy after that as a live formula, listed.
 */
const SETTLED = '=INDEX.LATEST("RTM-NWE-A-1x3")';
const SLOW = '=INDEX.HISTORY("RTM-NWE-A-1x3","-5Y")';

/** A sheet with a settled cell (B2) and one whose evaluation waits for `release` (B3). */
async function sheet(): Promise<{ book: FakeWorkbook; release: (value: number) => void }> {
  let release: (value: number) => void = () => undefined;
  const slow = new Promise<number>((resolve) => (release = resolve));
  const book = new FakeWorkbook(async (formula) => (formula === SLOW ? [[await slow]] : [[1.8979]]));
  book.type("Sheet1!B2", SETTLED);
  book.type("Sheet1!B3", SLOW);
  // B2 settles; B3 stays #BUSY! until released.
  await new Promise((resolve) => setImmediate(resolve));
  expect(book.shown("Sheet1!B3")).toBe("#BUSY!");
  return { book, release };
}

test("a cell still computing after the bound is left live and listed; the rest freezes without it", async () => {
  const { book } = await sheet();
  const outcome = await freezeForSharing(
    book.context,
    freezeOptions({ settle: { clock: new InstantClock(), boundMs: 30_000, intervalMs: 500 } }),
  );
  expect(outcome).toMatchObject({ frozen: 1, busy: ["Sheet1!B3"] });
  expect(outcome.message).toBe(
    `Froze 1 INDEX formula; the receipt is on the sheet "${RECEIPT_SHEET}". Still computing, so left as formulas (freeze again once they show values): Sheet1!B3.`,
  );
  expect(book.liveFormulas()).toEqual({ "Sheet1!B3": SLOW });
  const receipt = book.usedValues(RECEIPT_SHEET);
  expect(receipt.map((row) => row[0])).toEqual(["Cell", "Sheet1!B2"]);
  expect(JSON.stringify(receipt)).not.toContain("#BUSY!");
});

test("a cell that settles while freezing waits is frozen with its value, and the wait runs on the injected clock", async () => {
  const { book, release } = await sheet();
  const clock = new FakeClock();
  const freezing = freezeForSharing(
    book.context,
    freezeOptions({ settle: { clock, boundMs: 30_000, intervalMs: 500 } }),
  );
  // Freezing looked, saw #BUSY!, and now waits on the clock (no real time passes).
  for (let turn = 0; turn < 100 && clock.pendingTimers === 0; turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
  expect(clock.pendingTimers).toBe(1);
  release(2.25);
  await book.settled();
  await clock.advance(500);
  const outcome = await freezing;
  expect(outcome).toMatchObject({ frozen: 2, busy: [] });
  expect(book.liveFormulas()).toEqual({});
  expect(book.shown("Sheet1!B3")).toBe(2.25);
  expect(book.usedValues(RECEIPT_SHEET).map((row) => [row[0], row[3]])).toEqual([
    ["Cell", "Values (JSON)"],
    ["Sheet1!B2", "[[1.8979]]"],
    ["Sheet1!B3", "[[2.25]]"],
  ]);
});

test("when every cell is still computing, nothing is written and the cells are listed", async () => {
  const book = new FakeWorkbook(() => new Promise<unknown[][]>(() => undefined));
  book.type("Sheet1!B2", SLOW);
  const outcome = await freezeForSharing(book.context, freezeOptions({ settle: { clock: new InstantClock() } }));
  expect(outcome).toEqual({
    frozen: 0,
    busy: ["Sheet1!B2"],
    message:
      "Nothing was frozen. Still computing, so left as formulas (freeze again once they show values): Sheet1!B2.",
  });
  expect(book.sheets.has(RECEIPT_SHEET)).toBe(false);
  expect(book.liveFormulas()).toEqual({ "Sheet1!B2": SLOW });
});
