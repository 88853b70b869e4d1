import { NO_STARTUP } from "../support/startup";
import { auditCardFormula, forwardFormula, historyFormula, latestFormula } from "../../src/workbook/formula-text";
import { HISTORY_DATE_FORMAT } from "../../src/office/insert/chart";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { parseRect } from "../../src/workbook/sheet-address";
import { InstantClock } from "../support/fake-clock";
import { insertWorkbook } from "../support/office-fake/custom-function-answers";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";

/** Instant waits: the spill loop is bounded by a count of polls, never by wall-clock time in tests. */
function instantWait(timeoutMs = 10_000) {
  return { timeoutMs, intervalMs: 500, clock: new InstantClock() };
}

const actionsOn = (book: FakeWorkbook, timeoutMs?: number) =>
  excelWorkbookActions(NO_STARTUP, instantWait(timeoutMs), book.run);
const chartsOf = (book: FakeWorkbook) => book.sheet("Sheet1").charts;
/** A range of Sheet1 as the fake keeps a chart's cells. */
function cells(address: string) {
  const rect = parseRect(`Sheet1!${address}`);
  if (rect === undefined) throw new Error(`bad address ${address}`);
  const { sheet: _sheet, ...onSheet } = rect;
  return onSheet;
}

describe("insert actions on the active cell (the Office fake)", () => {
  it("writes =INDEX.LATEST into the active cell and reports the address it loaded and synced", async () => {
    const book = insertWorkbook();
    const outcome = await actionsOn(book).insertLatest("RTM-NWE-A-1x3");
    expect(book.formulaAt("Sheet1!B2")).toBe(latestFormula("RTM-NWE-A-1x3"));
    expect(outcome).toEqual({ address: "Sheet1!B2" });
    expect(chartsOf(book)).toHaveLength(0);
  });

  it("writes the audit card =INDEX.FIX with a header row", async () => {
    const book = insertWorkbook();
    const outcome = await actionsOn(book).insertAuditCard("SYM.X");
    expect(book.formulaAt("Sheet1!B2")).toBe('=INDEX.FIX("SYM.X",TRUE)');
    expect(book.formulaAt("Sheet1!B2")).toBe(auditCardFormula("SYM.X"));
    expect(outcome.address).toBe("Sheet1!B2");
  });

  it("inserts the history spill, waits for it, and binds a line chart to the whole spill range", async () => {
    const book = insertWorkbook({ atSync: 4 });
    const outcome = await actionsOn(book).insertHistory("RTM-NWE-A-1x3", "-3M");
    expect(book.formulaAt("Sheet1!B2")).toBe(historyFormula("RTM-NWE-A-1x3", "-3M"));
    const charts = chartsOf(book);
    expect(charts).toHaveLength(1);
    expect(charts[0]?.type).toBe("Line");
    expect(charts[0]?.seriesBy).toBe("Columns");
    // The source is the whole spill range, so Excel resizes the chart when the spill grows.
    expect(book.spillRange("Sheet1", 1, 1)).toEqual(cells("B2:C41"));
    expect(charts[0]?.source).toEqual(book.spillRange("Sheet1", 1, 1));
    // Beside the spill, its top-left a column clear of the spill's right edge.
    expect(charts[0]?.position).toEqual(["E2", undefined]);
    expect(charts[0]?.title).toBe("RTM-NWE-A-1x3 history");
    // Every row of the date column gets a date format, so plain-serial hosts still show (and chart) dates.
    const formats = book.formatsIn("Sheet1!B2:B41");
    expect(formats).toHaveLength(40);
    expect(formats.every((row) => row.length === 1 && row[0] === HISTORY_DATE_FORMAT)).toBe(true);
    expect(outcome).toEqual({ address: "Sheet1!B2", chartName: "Chart 1" });
    expect(book.syncs).toBeGreaterThanOrEqual(4);
  });

  it("inserts the forward curve and charts forward price against the tenor labels below the header", async () => {
    const book = insertWorkbook({ columns: 4, rows: 9 });
    const outcome = await actionsOn(book).insertForward("RTM-NWE-A-1x3");
    expect(book.formulaAt("Sheet1!B2")).toBe(forwardFormula("RTM-NWE-A-1x3"));
    const charts = chartsOf(book);
    expect(charts).toHaveLength(1);
    // The spill is B2:E10: prices in its third column, tenor labels in its second, below the header.
    expect(charts[0]?.source).toEqual(cells("D2:D10"));
    expect(charts[0]?.xAxis).toEqual(cells("C3:C10"));
    expect(outcome.chartName).toBe("Chart 1");
  });

  it("adds no chart, and says why, when the formula settles on an error", async () => {
    const book = insertWorkbook({ error: "#N/A" });
    const outcome = await actionsOn(book).insertHistory("NOPE", "-1Y");
    expect(chartsOf(book)).toHaveLength(0);
    expect(outcome.note).toContain("#N/A");
    expect(outcome.address).toBe("Sheet1!B2");
  });

  it("gives up at the deadline when the spill never appears, so the taskpane never waits forever", async () => {
    const book = insertWorkbook({ atSync: Infinity });
    const outcome = await actionsOn(book, 3000).insertForward("RTM-NWE-A-1x3");
    expect(chartsOf(book)).toHaveLength(0);
    expect(outcome.note).toMatch(/no result after 3 s/);
    expect(book.shown("Sheet1!B2")).toBe("#BUSY!");
    // 3 s at one look per 500 ms: the write, the first look plus six more.
    expect(book.syncs).toBe(1 + 7);
  });

  it("refuses to chart a forward curve with no tenors", async () => {
    const book = insertWorkbook({ columns: 4, rows: 1 });
    const outcome = await actionsOn(book).insertForward("RTM-NWE-A-1x3");
    expect(chartsOf(book)).toHaveLength(0);
    expect(outcome.note).toContain("no tenors");
  });
});
