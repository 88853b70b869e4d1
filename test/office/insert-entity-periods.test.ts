import { NO_STARTUP } from "../support/startup";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { createExcelMock } from "./excel-mock";

describe("Insert card and monthly averages (office-addin-mock)", () => {
  it("writes =INDEX.CARD into the active cell and reports its address", async () => {
    const excel = createExcelMock();
    const outcome = await excelWorkbookActions(NO_STARTUP, undefined, excel.run).insertCard('RTM-"Q"-1x3');
    expect(excel.get("workbook.activeCell.formulas")).toEqual([['=INDEX.CARD("RTM-""Q""-1x3")']]);
    expect(outcome).toEqual({ address: "Sheet1!B2" });
    expect(excel.charts).toHaveLength(0);
  });

  it("writes monthly averages =INDEX.PERIODS over the history insert's moving window, with observed days", async () => {
    const excel = createExcelMock();
    const outcome = await excelWorkbookActions(NO_STARTUP, undefined, excel.run).insertMonthlyAverages(
      "RTM-NWE-A-1x3",
      "-3M",
    );
    expect(excel.get("workbook.activeCell.formulas")).toEqual([
      ['=INDEX.PERIODS("RTM-NWE-A-1x3","-3M",TODAY(),"monthly","avg,observed",TRUE)'],
    ]);
    expect(outcome).toEqual({ address: "Sheet1!B2" });
  });
});
