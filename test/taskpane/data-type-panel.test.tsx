import type { Browser } from "playwright-core";
import { NetworkError } from "../../src/client";
import type { DataTypeActions } from "../../src/office/data-type-actions";
import { OUTSIDE_OFFICE_REASON } from "../../src/office/host";
import { DataTypePanel } from "../../src/taskpane/components/DataTypePanel/DataTypePanel";
import { DataTypeRefreshField } from "../../src/taskpane/components/SettingsPanel/DataTypeRefreshField";
import { describeDataTypeReport } from "../../src/taskpane/model/data-type";
import { launchChromium } from "../support/browser";
import { openMarkup } from "./render";

/** The Data type tab and the refresh field, server-rendered and read by role and name in Chromium. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser.close());

const never = () => new Promise<never>(() => undefined);
const actions = (mode: "entities" | "formulas"): Pick<DataTypeActions, "mode" | "toIndex" | "toText"> => ({ mode: () => mode, toIndex: never, toText: never });
const inExcel = { state: "ready", value: { inExcel: true } } as const;

describe("the Data type tab", () => {
  it("offers Convert to Index and Convert to text in Excel with linked data types, and says what they do", async () => {
    const page = await openMarkup(browser, <DataTypePanel actions={actions("entities")} host={inExcel} />);
    expect(await page.getByRole("region", { name: "Index data type" }).getByText(/=A1\.Price/).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Convert to Index" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Convert to text" }).isEnabled()).toBe(true);
    expect(await page.getByRole("note").count()).toBe(0);
    await page.close();
  });

  it("says before any click why Excel without linked data types gets INDEX.CARD formulas: never a dead button", async () => {
    const page = await openMarkup(browser, <DataTypePanel actions={actions("formulas")} host={inExcel} />);
    expect(await page.getByRole("note").textContent()).toMatch(/^This Excel has no linked data types .* each symbol became =INDEX\.CARD\(symbol\)/);
    expect(await page.getByRole("button", { name: "Convert to Index" }).isEnabled()).toBe(true);
    await page.close();
  });

  it("is off outside Excel, with the reason tied to the buttons", async () => {
    const page = await openMarkup(browser, <DataTypePanel actions={actions("entities")} host={{ state: "ready", value: { inExcel: false, reason: OUTSIDE_OFFICE_REASON } }} />);
    const convert = page.getByRole("button", { name: "Convert to Index" });
    expect(await convert.isDisabled()).toBe(true);
    expect(await page.getByRole("note").textContent()).toMatch(/needs Excel/);
    expect(await convert.getAttribute("aria-describedby")).toBe(await page.getByRole("note").getAttribute("id"));
    await page.close();
  });

  it("shows the outcome a ribbon button opened the pane for, in a live region", async () => {
    const message = 'Converted 1 cell to Index entities. Left 1 cell untouched that holds no known index symbol: A2 "hello".';
    const report = { action: "toIndex", outcome: { changed: 1, notable: true, message } } as const;
    const page = await openMarkup(browser, <DataTypePanel actions={actions("entities")} host={inExcel} report={report} />);
    expect(await page.locator("[aria-live=polite]").textContent()).toBe(message);
    await page.close();
  });
});

describe("a data type action's outcome in the pane's words", () => {
  it("is a success, a warning when it left cells or did nothing, and a failure worded by the pane's table", () => {
    expect(describeDataTypeReport({ action: "toIndex", outcome: { changed: 2, notable: false, message: "done" } })).toEqual({ intent: "success", text: "done" });
    expect(describeDataTypeReport({ action: "toText", outcome: { changed: 0, notable: true, message: "none" } })).toEqual({ intent: "warning", text: "none" });
    const error = new NetworkError("no route", { path: "/api/v1/indexes" });
    expect(describeDataTypeReport({ action: "toIndex", error })).toEqual({
      intent: "error",
      text: "The service could not be reached. Check the base URL in Settings and your network.",
    });
  });
});

describe("the Refresh Index data types field", () => {
  it("lists on load and the periodic choices; turned off, with why, where Excel has no linked data types", async () => {
    const port = (supported: boolean) => ({ supported: () => supported, refresh: () => Promise.resolve(15 as const), setRefresh: () => Promise.resolve() });
    const page = await openMarkup(browser, <DataTypeRefreshField dataType={port(false)} />);
    const select = page.getByRole("combobox", { name: "Refresh Index data types" });
    expect(await select.locator("option").allTextContents()).toEqual(["When the add-in loads, and on Refresh All", "Every 5 minutes", "Every 15 minutes", "Every hour"]);
    expect(await select.isDisabled()).toBe(true);
    expect(await page.getByText(/Needs Excel with linked data types/).count()).toBe(1);
    await page.close();
  });
});
