import { screen, within } from "@testing-library/react";
import { NetworkError } from "@index-data/wire";
import type { DataTypeActions } from "../../src/office/data-type-actions";
import { OUTSIDE_OFFICE_REASON } from "../../src/office/host/host-info";
import { DataTypePanel } from "../../src/taskpane/components/DataTypePanel/DataTypePanel";
import { DataTypeRefreshField } from "../../src/taskpane/components/SettingsPanel/DataTypeRefreshField";
import { describeDataTypeReport } from "../../src/taskpane/model/conversion-outcome";
import { renderPane } from "./render";

/** The Data type tab and the refresh field, used as a user would: found by role and name, clicked. */
const never = () => new Promise<never>(() => undefined);
const actions = (
  mode: "entities" | "formulas",
  toIndex: DataTypeActions["toIndex"] = never,
): Pick<DataTypeActions, "mode" | "toIndex" | "toText"> => ({
  mode: () => mode,
  toIndex,
  toText: never,
});
const inExcel = { state: "ready", value: { inExcel: true } } as const;

describe("the Data type tab", () => {
  it("offers Convert to Index and Convert to text in Excel with linked data types, and says what they do", () => {
    renderPane(<DataTypePanel actions={actions("entities")} host={inExcel} />);
    expect(within(screen.getByRole("region", { name: "Index data type" })).getAllByText(/=A1\.Price/)).toHaveLength(1);
    expect((screen.getByRole("button", { name: "Convert to Index" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Convert to text" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("says before any click why Excel without linked data types gets INDEX.CARD formulas: never a dead button", () => {
    renderPane(<DataTypePanel actions={actions("formulas")} host={inExcel} />);
    expect(screen.getByRole("note").textContent).toMatch(
      /^This Excel has no linked data types .* each symbol became =INDEX\.CARD\(symbol\)/,
    );
    expect((screen.getByRole("button", { name: "Convert to Index" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("is off outside Excel, with the reason tied to the buttons", () => {
    renderPane(
      <DataTypePanel
        actions={actions("entities")}
        host={{ state: "ready", value: { inExcel: false, reason: OUTSIDE_OFFICE_REASON } }}
      />,
    );
    const convert = screen.getByRole("button", { name: "Convert to Index" });
    expect((convert as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("note").textContent).toMatch(/needs Excel/);
    expect(convert.getAttribute("aria-describedby")).toBe(screen.getByRole("note").getAttribute("id"));
  });

  it("a click converts and the outcome is announced", async () => {
    const message =
      'Converted 1 cell to Index entities. Left 1 cell untouched that holds no known index symbol: A2 "hello".';
    const toIndex = jest.fn(() => Promise.resolve({ changed: 1, notable: true, message }));
    const { user } = renderPane(<DataTypePanel actions={actions("entities", toIndex)} host={inExcel} />);
    await user.click(screen.getByRole("button", { name: "Convert to Index" }));
    expect(toIndex).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("shows the outcome a ribbon button opened the pane for, in a live region", () => {
    const message =
      'Converted 1 cell to Index entities. Left 1 cell untouched that holds no known index symbol: A2 "hello".';
    const report = { action: "toIndex", outcome: { changed: 1, notable: true, message } } as const;
    const { container } = renderPane(<DataTypePanel actions={actions("entities")} host={inExcel} report={report} />);
    expect(container.querySelector("[aria-live=polite]")?.textContent).toBe(message);
  });
});

describe("a data type action's outcome in the pane's words", () => {
  it("is a success, a warning when it left cells or did nothing, and a failure worded by the pane's table", () => {
    expect(
      describeDataTypeReport({ action: "toIndex", outcome: { changed: 2, notable: false, message: "done" } }),
    ).toEqual({ intent: "success", text: "done" });
    expect(
      describeDataTypeReport({ action: "toText", outcome: { changed: 0, notable: true, message: "none" } }),
    ).toEqual({ intent: "warning", text: "none" });
    const error = new NetworkError("no route", { path: "/api/v1/indexes" });
    expect(describeDataTypeReport({ action: "toIndex", error })).toEqual({
      intent: "error",
      text: "The service could not be reached. Check the base URL in Settings and your network.",
    });
  });
});

describe("the Refresh Index data types field", () => {
  it("lists on load and the periodic choices, shows the stored one; turned off, with why, where Excel has no linked data types", async () => {
    const port = (supported: boolean) => ({
      supported: () => supported,
      refresh: () => Promise.resolve(15 as const),
      setRefresh: () => Promise.resolve(),
    });
    renderPane(<DataTypeRefreshField dataType={port(false)} />);
    // The stored choice is read once the field is on screen: wait for it, as a user would see it arrive.
    const select = await screen.findByDisplayValue("Every 15 minutes");
    expect(select).toBe(screen.getByRole("combobox", { name: "Refresh Index data types" }));
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["When the add-in loads, and on Refresh All", "Every 5 minutes", "Every 15 minutes", "Every hour"]);
    expect((select as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getAllByText(/Needs Excel with linked data types/)).toHaveLength(1);
  });

  it("shows the default when the stored choice cannot be read, and says so instead of dropping the failure", async () => {
    let reads = 0;
    const unreadable = {
      supported: () => true,
      refresh: () => {
        reads += 1;
        return Promise.reject(new Error("storage is not available"));
      },
      setRefresh: () => Promise.resolve(),
    };
    renderPane(<DataTypeRefreshField dataType={unreadable} />);
    const select = await screen.findByDisplayValue("When the add-in loads, and on Refresh All");
    // The fault happened: the field asked for the stored choice, and the read failed.
    expect(reads).toBe(1);
    expect(select).toBe(screen.getByRole("combobox", { name: "Refresh Index data types" }));
    expect(
      screen.getByText("The saved choice could not be read (storage is not available); this shows the default."),
    ).toBeTruthy();
  });
});
