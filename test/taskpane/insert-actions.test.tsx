import { NO_STARTUP } from "../support/startup";
import { screen } from "@testing-library/react";
import { InsertActions } from "../../src/taskpane/components/InsertActions/InsertActions";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import type { HostInfo } from "../../src/office/host/host-info";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { InstantClock } from "../support/fake-clock";
import { insertWorkbook } from "../support/office-fake/custom-function-answers";
import type { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { renderPane } from "./render";

/**
 * The index detail's insert actions, clicked, writing through the real workbook actions into the Office fake
 * (test/support/office-fake): the cell's formula, the chart and the pane's words are checked.
 */
const SYMBOL = "RTM-NWE-A-1x3";
const IN_EXCEL: Loadable<HostInfo> = { state: "ready", value: { inExcel: true } };
const LABELS = [
  "Insert latest value",
  "Insert history (3 months) + chart",
  "Insert monthly averages (3 months)",
  "Insert forward curve + chart",
  "Insert audit card",
  "Insert card",
];

function renderActions(book: FakeWorkbook, host: Loadable<HostInfo> = IN_EXCEL, run = book.run) {
  // Spill waits take no time: the wait is bounded by a count of looks (test/office/insert.test.ts tests it).
  const workbook = excelWorkbookActions(
    NO_STARTUP,
    { timeoutMs: 10_000, intervalMs: 500, clock: new InstantClock() },
    run,
  );
  return renderPane(
    <InsertActions symbol={SYMBOL} historyStart="-3M" historyLabel="3 months" workbook={workbook} host={host} />,
  );
}

const buttons = () => screen.getAllByRole("button");
const isDisabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

describe("the index detail's insert actions", () => {
  it("offers six enabled actions in Excel: monthly averages next to the history insert, Insert card after the audit card", () => {
    renderActions(insertWorkbook());
    expect(buttons().map((button) => button.textContent)).toEqual(LABELS);
    expect(buttons().filter(isDisabled)).toEqual([]);
  });

  it("a click writes the formula into the active cell and says where", async () => {
    const book = insertWorkbook();
    const { user } = renderActions(book);
    await user.click(screen.getByRole("button", { name: "Insert latest value" }));
    expect(book.formulaAt("Sheet1!B2")).toBe(`=INDEX.LATEST("${SYMBOL}")`);
    expect(await screen.findByText("Inserted into Sheet1!B2.")).toBeTruthy();
  });

  it("the history insert adds a chart over the spill and names it", async () => {
    const book = insertWorkbook();
    const { user } = renderActions(book);
    await user.click(screen.getByRole("button", { name: "Insert history (3 months) + chart" }));
    expect(await screen.findByText('Inserted into Sheet1!B2 and added the chart "Chart 1".')).toBeTruthy();
    expect(book.formulaAt("Sheet1!B2")).toBe(`=INDEX.HISTORY("${SYMBOL}","-3M",TODAY(),"daily",TRUE)`);
    expect(book.sheet("Sheet1").charts).toHaveLength(1);
  });

  it("turns every action off while one runs, and on again when it is done", async () => {
    const book = insertWorkbook();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = renderActions(book, IN_EXCEL, (batch) => gate.then(() => book.run(batch)));
    await user.click(screen.getByRole("button", { name: "Insert audit card" }));
    expect(buttons().filter(isDisabled)).toHaveLength(LABELS.length);
    release();
    expect(await screen.findByText("Inserted into Sheet1!B2.")).toBeTruthy();
    expect(buttons().filter(isDisabled)).toEqual([]);
    expect(book.formulaAt("Sheet1!B2")).toBe(`=INDEX.FIX("${SYMBOL}",TRUE)`);
  });

  it("says why no chart was added when the formula settles on an error, and what Excel said when it refused", async () => {
    const settlesOnError = insertWorkbook({ error: "#N/A" });
    const { user, unmount } = renderActions(settlesOnError);
    await user.click(screen.getByRole("button", { name: "Insert forward curve + chart" }));
    expect(await screen.findByText(/#N\/A/)).toBeTruthy();
    expect(settlesOnError.sheet("Sheet1").charts).toHaveLength(0);
    unmount();

    const refusing = insertWorkbook();
    const again = renderActions(refusing, IN_EXCEL, () => Promise.reject(new Error("The workbook is protected.")));
    await again.user.click(screen.getByRole("button", { name: "Insert card" }));
    expect(await screen.findByText("Could not insert: The workbook is protected.")).toBeTruthy();
  });

  it("outside Excel, disables them with the reason tied to each button, and a click writes nothing", async () => {
    const reason =
      "Inserting into a workbook needs Excel. This page is running in a browser preview without Excel, so insert actions are turned off.";
    const book = insertWorkbook();
    const { user } = renderActions(book, { state: "ready", value: { inExcel: false, reason } });
    expect(screen.getByRole("note").textContent).toBe(reason);
    for (const label of LABELS) {
      const button = screen.getByRole("button", { name: label, description: reason });
      expect(isDisabled(button)).toBe(true);
      await user.click(button);
    }
    // Nothing reached Excel: no batch ever synced.
    expect(book.syncs).toBe(0);
  });
});
