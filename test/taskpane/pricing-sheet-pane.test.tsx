import { screen, waitFor, within } from "@testing-library/react";
import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../src/client";
import { DirectSource } from "../../src/client";
import { excelPricingSheetActions } from "../../src/office/pricing-sheet-actions";
import { excelWatchListStore } from "../../src/office/pricing-sheets/watch-lists";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import choiceLists from "../../src/functions/table/choice-lists.json";
import { readTemplateFile } from "../../src/workbook/pricing-sheets/template";
import { watchListFile } from "../../src/workbook/pricing-sheets/watch-list";
import { NO_STARTUP } from "../support/startup";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { settled } from "./render";
import { renderSheetsPanel } from "./sheets-pane";
import { startReference, type ReferenceFixture } from "./reference";

/**
 * The Sheets tab in Excel, used as a trader uses it (found by role and name, clicked, typed into, files uploaded), over
 * the real builder and watch-list store on the workbook fake: columns picked instead of written as JSON, a starter
 * template downloaded as the starting point for one's own, a cell in the way answered by moving the sheet's area, a
 * protected sheet by building on a new one, "Rebuild all pricing sheets", a list deleted with or without its sheet,
 * and an import whose list name is taken, renamed.
 */
let reference: ReferenceFixture;
let indexes: Loadable<Answered<readonly IndexSummary[]>>;

beforeAll(async () => {
  reference = await startReference();
  indexes = await settled(
    reference.client.listIndexes().then((data) => ({ data, meta: { producedAt: "", servedStale: false } })),
  );
});
afterAll(() => reference.stop());

const A = "RTM-NWE-A-1x3";
const B = "RTM-NWE-B-1x3";
const C = "RTM-NWE-A-4x6";

function pane(book = new FakeWorkbook(async () => [[0]])) {
  const source = new DirectSource(reference.client);
  const catalogue = async () => (await reference.client.listIndexes()).map((entry) => entry.symbol);
  const store = excelWatchListStore(catalogue, book.run);
  const actions = excelPricingSheetActions(
    { userSource: source, indexDomain: { register: () => Promise.resolve(true) }, ...NO_STARTUP },
    { run: book.run, undoGroups: () => true },
  );
  const rendered = renderSheetsPanel(indexes, store, actions);
  return { ...rendered, book, store };
}

type User = ReturnType<typeof pane>["user"];

/**
 * What the pane says once the store or the builder answered. A build reads and writes a whole sheet of the fake: the bound only
 * stops a hang (two busy cores once took seconds), real time decides nothing.
 */
const said = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 60_000 });

async function saveList(user: User, name: string, symbols: readonly string[]) {
  await user.type(screen.getByRole("textbox", { name: "List name" }), name);
  await user.type(screen.getByRole("searchbox", { name: "Find indexes" }), "NWE");
  const matches = await screen.findByRole("list", { name: "Matching indexes" });
  for (const symbol of symbols)
    await user.click(within(matches).getByRole("checkbox", { name: new RegExp(`^${symbol}:`) }));
  await user.click(screen.getByRole("button", { name: "Save list" }));
  await said(new RegExp(`^Saved the list "${name}"`));
  // The pane reads the lists again: wait for the saved one among them.
  await screen.findByRole("option", { name: `${name} (${symbols.length})` }, { timeout: 60_000 });
}

const build = (user: User) => user.click(screen.getByRole("button", { name: "Build pricing sheet" }));

describe("templates without JSON", () => {
  it("columns picked in the pane make the template the sheet is built from", async () => {
    const { user, book } = pane();
    await saveList(user, "Metals", [A, B]);
    await user.click(screen.getByRole("button", { name: "Choose columns…" }));
    const picker = screen.getByRole("region", { name: "Columns of the sheet" });
    for (const column of ["As of", "Confidence", "Status", "Carried from", "Vol 30D", "Fwd 1M", "Fwd 3M"])
      await user.click(within(picker).getByRole("checkbox", { name: column }));
    await user.click(
      within(within(picker).getByRole("group", { name: "Change" })).getByRole("checkbox", { name: "3M" }),
    );
    await user.selectOptions(within(picker).getByRole("combobox", { name: "Under the table, charted" }), "No panel");
    const name = within(picker).getByRole("textbox", { name: "Template name" });
    await user.clear(name);
    await user.type(name, "Desk changes");
    await user.click(within(picker).getByRole("button", { name: "Use these columns" }));
    await said('Using your columns: "Desk changes", 6 columns.');
    expect(screen.queryByRole("region", { name: "Columns of the sheet" })).toBeNull();
    await build(user);
    await said(/^Built the sheet "Pricing Metals": 2 indexes in a table of 7 columns\./);
    expect(book.valuesIn("'Pricing Metals'!A1:G1")).toEqual([["Index", "Latest", "1D", "1W", "1M", "3M", "YTD"]]);
  });

  it("a starter template downloads as the starting point for one's own, and reads back as a template", async () => {
    const { user, saved } = pane();
    await user.selectOptions(screen.getByRole("combobox", { name: "Template" }), "Changes");
    await user.click(screen.getByRole("button", { name: "Download template" }));
    expect(saved.map((file) => file.name)).toEqual(["Changes.template.json"]);
    const read = readTemplateFile(saved[0]?.text ?? "");
    const periods = Object.keys(choiceLists.find((list) => list.id === "ChangePeriod")?.values ?? {});
    expect(read.ok && read.value.columns.map((column) => column.header)).toEqual(["Latest", "As of", ...periods]);
  });
});

describe("the trader's choices", () => {
  it("a cell in the way: the pane names it and offers to move the sheet's area; the sheet is built there", async () => {
    const { user, book } = pane();
    await saveList(user, "Metals", [A]);
    await build(user);
    await said(/^Built the sheet "Pricing Metals"/);
    book.type("'Pricing Metals'!B5", "my note");
    await user.click(screen.getByRole("checkbox", { name: new RegExp(`^${B}:`) }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await said(/^Saved the list "Metals" \(2 indexes\)/);
    await screen.findByRole("option", { name: "Metals (2)" }, { timeout: 60_000 });
    await build(user);
    await said(/The cell B5 is in the way of the sheet "Pricing Metals"/);
    const choices = screen.getByRole("group", { name: "What to do instead" });
    await user.click(within(choices).getByRole("button", { name: /^Move the sheet's area to / }));
    await said(/^Updated the sheet "Pricing Metals" in place: 2 indexes/);
    expect(book.shown("'Pricing Metals'!B5")).toBe("my note");
    expect(book.tablesOn("Pricing Metals").map((table) => table.rect.left)).toEqual([2]);
  });

  it("a protected sheet: the pane says so and offers a new sheet", async () => {
    const { user, book } = pane();
    await saveList(user, "Metals", [A]);
    await build(user);
    await said(/^Built the sheet "Pricing Metals"/);
    book.sheet("Pricing Metals").protected = true;
    await build(user);
    await said("Nothing was written because the sheet is protected: unprotect it or build on a new sheet.");
    await user.click(screen.getByRole("button", { name: "Build on a new sheet" }));
    await said(/^Built the sheet "Pricing Metals \(2\)"/);
  });

  it("Rebuild all pricing sheets builds every list's sheet again", async () => {
    const { user } = pane();
    await saveList(user, "Metals", [A]);
    await build(user);
    await said(/^Built the sheet "Pricing Metals"/);
    await user.selectOptions(screen.getByRole("combobox", { name: "Watch list" }), "New list");
    await saveList(user, "Europe", [B, C]);
    await build(user);
    await said(/^Built the sheet "Pricing Europe"/);
    await user.click(screen.getByRole("button", { name: "Rebuild all pricing sheets" }));
    await said('Rebuilt 2 pricing sheets ("Metals", "Europe"), each from the template it was built with.');
  });

  it("deleting a list asks whether its sheet goes too; the answer is done", async () => {
    const { user, book, store } = pane();
    await saveList(user, "Metals", [A]);
    await build(user);
    await said(/^Built the sheet "Pricing Metals"/);
    await user.click(screen.getByRole("button", { name: "Delete list" }));
    await said(
      'The list "Metals" has a pricing sheet, "Pricing Metals". Delete the sheet with the list, or keep it as a sheet of your own?',
    );
    expect(await store.lists()).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Delete the list and its sheet" }));
    await said('Deleted the list "Metals". Deleted its sheet "Pricing Metals" too (a deleted sheet cannot be undone).');
    // The pane reads the lists again: the deleted one leaves the list of lists.
    await waitFor(() => expect(screen.queryByRole("option", { name: "Metals (1)" })).toBeNull(), { timeout: 60_000 });
    expect([await store.lists(), [...book.sheets.keys()]]).toEqual([[], ["Sheet1"]]);
  });

  it("an import whose list name is taken is offered a free name, and imported under the name the trader gives", async () => {
    const { user, store } = pane();
    await saveList(user, "Metals", [A]);
    const file = new File([watchListFile({ name: "metals", symbols: [B, C] })], "metals.watchlist.json");
    await user.upload(screen.getByLabelText("Watch list file to import"), file);
    await said(/^There is already a list named "metals" in this workbook: import it under another name/);
    const name = screen.getByRole("textbox", { name: "Name for the imported list" });
    expect((name as HTMLInputElement).value).toBe("metals (2)");
    await user.clear(name);
    await user.type(name, "Metals from Rotterdam");
    await user.click(screen.getByRole("button", { name: "Import under this name" }));
    await said('Imported the list "Metals from Rotterdam" (2 indexes) in this workbook.');
    await screen.findByRole("option", { name: "Metals from Rotterdam (2)" }, { timeout: 60_000 });
    expect((await store.lists()).map((list) => list.name)).toEqual(["Metals", "Metals from Rotterdam"]);
  });
});
