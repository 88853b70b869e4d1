import { NO_STARTUP } from "../support/startup";
import { auditCardFormula, forwardFormula, historyFormula, latestFormula } from "../../src/workbook/formula-text";
import { HISTORY_DATE_FORMAT } from "../../src/office/insert/chart";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { InstantClock } from "../support/fake-clock";
import { createExcelMock } from "./excel-mock";

/** Instant waits: the spill loop is bounded by a count of polls, never by wall-clock time in tests. */
function instantWait(timeoutMs = 10_000) {
  return { timeoutMs, intervalMs: 500, clock: new InstantClock() };
}

describe("insert actions on the active cell (office-addin-mock)", () => {
  it("writes =INDEX.LATEST into the active cell and reports the address it loaded and synced", async () => {
    const excel = createExcelMock();
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertLatest("RTM-NWE-A-1x3");
    expect(excel.get("workbook.activeCell.formulas")).toEqual([[latestFormula("RTM-NWE-A-1x3")]]);
    expect(outcome).toEqual({ address: "Sheet1!B2" });
    expect(excel.charts).toHaveLength(0);
  });

  it("writes the audit card =INDEX.FIX with a header row", async () => {
    const excel = createExcelMock();
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertAuditCard("SYM.X");
    expect(excel.get("workbook.activeCell.formulas")).toEqual([['=INDEX.FIX("SYM.X",TRUE)']]);
    expect(excel.get("workbook.activeCell.formulas")).toEqual([[auditCardFormula("SYM.X")]]);
    expect(outcome.address).toBe("Sheet1!B2");
  });

  it("inserts the history spill, waits for it, and binds a line chart to the whole spill range", async () => {
    const excel = createExcelMock({ spillAfterSyncs: 4 });
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertHistory(
      "RTM-NWE-A-1x3",
      "-3M",
    );
    expect(excel.get("workbook.activeCell.formulas")).toEqual([[historyFormula("RTM-NWE-A-1x3", "-3M")]]);
    expect(excel.charts).toHaveLength(1);
    expect(excel.charts[0]?.type).toBe("Line");
    expect(excel.charts[0]?.seriesBy).toBe("Columns");
    // The source is the spill range object itself, so Excel resizes the chart when the spill grows.
    expect(excel.charts[0]?.source).toBe(excel.get("workbook.activeCell.spill"));
    expect(excel.positions).toEqual([excel.get("workbook.activeCell.spill.cell")]);
    expect(excel.get("workbook.activeCell.worksheet.charts.chart.title.text")).toBe("RTM-NWE-A-1x3 history");
    // Every row of the date column gets a date format, so plain-serial hosts still show (and chart) dates.
    const formats = excel.get("workbook.activeCell.spill.column.numberFormat") as string[][];
    expect(formats).toHaveLength(40);
    expect(formats.every((row) => row.length === 1 && row[0] === HISTORY_DATE_FORMAT)).toBe(true);
    expect(outcome).toEqual({ address: "Sheet1!B2", chartName: "Chart 1" });
    expect(excel.syncs()).toBeGreaterThanOrEqual(4);
  });

  it("inserts the forward curve and charts forward price against the tenor labels below the header", async () => {
    const excel = createExcelMock({ spillAfterSyncs: 2, spillColumns: 4, spillRows: 9 });
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertForward("RTM-NWE-A-1x3");
    expect(excel.get("workbook.activeCell.formulas")).toEqual([[forwardFormula("RTM-NWE-A-1x3")]]);
    expect(excel.charts).toHaveLength(1);
    expect(excel.charts[0]?.source).toBe(excel.get("workbook.activeCell.spill.column"));
    expect(excel.xAxisValues).toEqual([excel.get("workbook.activeCell.spill.column.offset.resized")]);
    expect(outcome.chartName).toBe("Chart 1");
  });

  it("adds no chart, and says why, when the formula settles on an error", async () => {
    const excel = createExcelMock({ cellError: "#N/A" });
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertHistory("NOPE", "-1Y");
    expect(excel.charts).toHaveLength(0);
    expect(outcome.note).toContain("#N/A");
    expect(outcome.address).toBe("Sheet1!B2");
  });

  it("gives up at the deadline when the spill never appears, so the taskpane never waits forever", async () => {
    const excel = createExcelMock({ spillAfterSyncs: Infinity });
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(3000), excel.run).insertForward("RTM-NWE-A-1x3");
    expect(excel.charts).toHaveLength(0);
    expect(outcome.note).toMatch(/no result after 3 s/);
    // 3 s at one look per 500 ms: the first look plus six more.
    expect(excel.syncs()).toBe(1 + 7);
  });

  it("refuses to chart a forward curve with no tenors", async () => {
    const excel = createExcelMock({ spillColumns: 4, spillRows: 1 });
    const outcome = await excelWorkbookActions(NO_STARTUP, instantWait(), excel.run).insertForward("RTM-NWE-A-1x3");
    expect(excel.charts).toHaveLength(0);
    expect(outcome.note).toContain("no tenors");
  });
});
