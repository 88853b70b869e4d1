import { screen, within } from "@testing-library/react";
import type { FrozenCheckOutcome, SheetActions } from "../../src/office";
import { SharePanel } from "../../src/taskpane/components/SharePanel/SharePanel";
import { renderPane } from "./render";

/** The Share tab's "Check against the service", used as a user would: found by role and name, clicked. */
const never = () => new Promise<never>(() => undefined);
const inExcel = { state: "ready", value: { inExcel: true } } as const;
const outsideExcel = { state: "ready", value: { inExcel: false } } as const;

function sheet(checkFrozen: SheetActions["checkFrozen"]): Pick<SheetActions, "freeze" | "restore" | "checkFrozen"> {
  return { freeze: never, restore: never, checkFrozen };
}

const CORRECTED: FrozenCheckOutcome = {
  state: "checked",
  corrected: [
    { cell: "Sheet1!B4", symbol: "RTM-NWE-A-1x3", date: "2025-06-16", figure: "value", frozen: 1.6583, now: 1.6832 },
    {
      cell: "Sheet1!C4",
      symbol: "RTM-NWE-A-1x3",
      date: "2025-06-16",
      figure: "status",
      frozen: "FIRM",
      now: "REVISED",
    },
    { cell: "Sheet1!B9", symbol: "RTM-NWE-A-1x3", date: "2025-06-23", figure: "value", frozen: 1.7, now: undefined },
  ],
  checked: 25,
  unchecked: [{ cell: "Sheet1!F3", reason: "its index symbol comes from another cell" }],
  unverified: 0,
  message: '3 of 25 frozen cells of "Sheet1" have been corrected by the service since freezing (listed below).',
};

describe("Check against the service", () => {
  it("lists each corrected cell with its date, the value frozen and the value now, and the cells it could not check", async () => {
    const checkFrozen = jest.fn(() => Promise.resolve(CORRECTED));
    const { user } = renderPane(<SharePanel sheet={sheet(checkFrozen)} host={inExcel} />);
    const section = screen.getByRole("region", { name: "Check against the service" });
    await user.click(within(section).getByRole("button", { name: "Check against the service" }));
    expect(checkFrozen).toHaveBeenCalledTimes(1);
    const table = await within(section).findByRole("table", { name: "Frozen cells corrected since" });
    // Read as a screen reader reads a table: each row's header and data cells, in order.
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Cell", "Date", "Frozen", "Now"],
      ["Sheet1!B4", "2025-06-16", "1.6583", "1.6832"],
      ["Sheet1!C4", "2025-06-16", "FIRM", "REVISED"],
      ["Sheet1!B9", "2025-06-23", "1.7", "no longer published"],
    ]);
    expect(within(section).getByText(/3 of 25 frozen cells/)).toBeTruthy();
    const notChecked = within(section).getByRole("list", { name: "Frozen cells not checked" });
    expect(within(notChecked).getByText(/Sheet1!F3: its index symbol comes from another cell/)).toBeTruthy();
  });

  it("says when nothing was corrected, and shows no table", async () => {
    const none = { ...CORRECTED, corrected: [], unchecked: [], message: "Checked 25 frozen cells: none corrected." };
    const { user } = renderPane(<SharePanel sheet={sheet(() => Promise.resolve(none))} host={inExcel} />);
    await user.click(screen.getByRole("button", { name: "Check against the service" }));
    expect(await screen.findByText("Checked 25 frozen cells: none corrected.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says what went wrong when the workbook cannot be read", async () => {
    const failing = () => Promise.reject(new Error("the workbook is in cell-edit mode"));
    const { user } = renderPane(<SharePanel sheet={sheet(failing)} host={inExcel} />);
    await user.click(screen.getByRole("button", { name: "Check against the service" }));
    expect(await screen.findByText(/^Could not check against the service: .*cell-edit mode/)).toBeTruthy();
  });

  it("is off outside Excel, described by the reason", () => {
    renderPane(<SharePanel sheet={sheet(never)} host={outsideExcel} />);
    const button = screen.getByRole("button", { name: "Check against the service" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const note = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toMatch(/need Excel/);
  });
});
