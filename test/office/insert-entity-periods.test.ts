import { NO_STARTUP } from "../support/startup";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { insertWorkbook } from "../support/office-fake/custom-function-answers";

describe("Insert card and monthly averages (the Office fake)", () => {
  it("writes =INDEX.CARD into the active cell and reports its address", async () => {
    const book = insertWorkbook();
    const outcome = await excelWorkbookActions(NO_STARTUP, undefined, book.run).insertCard('RTM-"Q"-1x3');
    expect(book.formulaAt("Sheet1!B2")).toBe('=INDEX.CARD("RTM-""Q""-1x3")');
    expect(outcome).toEqual({ address: "Sheet1!B2" });
    expect(book.sheet("Sheet1").charts).toHaveLength(0);
  });

  it("writes monthly averages =INDEX.PERIODS over the history insert's moving window, with observed days", async () => {
    const book = insertWorkbook();
    const outcome = await excelWorkbookActions(NO_STARTUP, undefined, book.run).insertMonthlyAverages(
      "RTM-NWE-A-1x3",
      "-3M",
    );
    expect(book.formulaAt("Sheet1!B2")).toBe(
      '=INDEX.PERIODS("RTM-NWE-A-1x3","-3M",TODAY(),"monthly","avg,observed",TRUE)',
    );
    expect(outcome).toEqual({ address: "Sheet1!B2" });
  });
});
