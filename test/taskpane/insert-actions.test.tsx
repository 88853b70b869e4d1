import { InsertActions } from "../../src/taskpane/components/InsertActions/InsertActions";
import type { WorkbookActions } from "../../src/office/workbook-actions";
import { renderHtml } from "./render";

describe("the index detail's insert actions", () => {
  const done = async () => ({ address: "A1" });
  const workbook: WorkbookActions = {
    insertLatest: done,
    insertHistory: done,
    insertForward: done,
    insertAuditCard: done,
    insertCard: done,
    insertMonthlyAverages: done,
  };
  const html = renderHtml(
    <InsertActions symbol="S" historyStart="-3M" historyLabel="3 months" workbook={workbook} host={{ state: "ready", value: { inExcel: true } }} />,
  );
  const labels = [...html.matchAll(/<button[^>]*>(?:<span[^>]*>.*?<\/span>)?([^<]*)<\/button>/g)].map((m) => m[1]);

  it("offers monthly averages next to the history insert, over the same window", () => {
    expect(labels.indexOf("Insert monthly averages (3 months)")).toBe(labels.indexOf("Insert history (3 months) + chart") + 1);
  });

  it("offers Insert card after the audit card", () => {
    expect(labels.slice(-2)).toEqual(["Insert audit card", "Insert card"]);
  });
});
