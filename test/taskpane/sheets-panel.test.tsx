import { screen, waitFor, within } from "@testing-library/react";
import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../src/client";
import { memoryWatchListStore, type WatchListStore } from "../../src/office/pricing-sheets/watch-lists";
import type { PricingSheetActions } from "../../src/office/pricing-sheet-actions";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { DEFAULT_TEMPLATE } from "../../src/workbook/pricing-sheets/default-template";
import { settled } from "./render";
import { IN_EXCEL as inExcel, renderSheetsPanel } from "./sheets-pane";
import { startReference, type ReferenceFixture } from "./reference";

/**
 * The Sheets tab used as a trader uses it, in jsdom (found by role and name, clicked, typed into, files uploaded): a
 * list built from search with several ticks, reordered, named, saved, renamed and deleted; exported and loaded into
 * another workbook; a hostile file refused in words; the builder off outside Excel with the reason, and in Excel
 * building the saved list from the default template or a desk's own, a bad template refused naming its field.
 * The catalogue and the list's symbols come from the reference service.
 */
let reference: ReferenceFixture;
let indexes: Loadable<Answered<readonly IndexSummary[]>>;
let symbols: () => Promise<readonly string[]>;

beforeAll(async () => {
  reference = await startReference();
  indexes = await settled(
    reference.client.listIndexes().then((data) => ({ data, meta: { producedAt: "", servedStale: false } })),
  );
  symbols = async () => (await reference.client.listIndexes()).map((entry) => entry.symbol);
});
afterAll(() => reference.stop());

const outside = { state: "ready", value: { inExcel: false, reason: "no Excel" } } as const;

function panel(options: { store?: WatchListStore; host?: typeof inExcel | typeof outside } = {}) {
  const store = options.store ?? memoryWatchListStore(symbols);
  const build = jest.fn<ReturnType<PricingSheetActions["build"]>, Parameters<PricingSheetActions["build"]>>(() =>
    Promise.resolve({ built: true, message: 'Built the sheet "Pricing Metals".' }),
  );
  const pricingSheet: PricingSheetActions = {
    build,
    rebuildAll: () => Promise.resolve({ built: false, message: "not in these tests" }),
    sheetOf: () => Promise.resolve(undefined),
    release: () => Promise.resolve(""),
  };
  const rendered = renderSheetsPanel(indexes, store, pricingSheet, options.host);
  return { ...rendered, store, build };
}

const A = "RTM-NWE-A-1x3";
const B = "RTM-NWE-B-1x3";
const C = "RTM-NWE-A-4x6";

/** Ticks `symbol` in the search results after searching for it. */
async function tick(user: ReturnType<typeof panel>["user"], symbol: string) {
  const search = screen.getByRole("searchbox", { name: "Find indexes" });
  await user.clear(search);
  await user.type(search, symbol);
  const matches = await screen.findByRole("list", { name: "Matching indexes" });
  await user.click(within(matches).getByRole("checkbox", { name: new RegExp(`^${symbol.replace(/\./g, "\\.")}:`) }));
}

async function makeMetals(user: ReturnType<typeof panel>["user"]) {
  await user.type(screen.getByRole("textbox", { name: "List name" }), "Metals");
  await user.type(screen.getByRole("searchbox", { name: "Find indexes" }), "NWE");
  const matches = await screen.findByRole("list", { name: "Matching indexes" });
  for (const symbol of [A, B, C])
    await user.click(within(matches).getByRole("checkbox", { name: new RegExp(`^${symbol}:`) }));
  await user.click(screen.getByRole("button", { name: `Move ${C} up` }));
  await user.click(screen.getByRole("button", { name: "Save list" }));
  await screen.findByText(`Saved the list "Metals" (3 indexes) in this workbook.`);
}

const order = () =>
  within(screen.getByRole("list", { name: "Indexes in the list, in sheet order" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent?.replace(/UpDownRemove$/, ""));

describe("watch lists in the pane", () => {
  it("builds a list from search with several ticks, reorders, names and saves it; renames and deletes it", async () => {
    const { user, store } = panel();
    await makeMetals(user);
    expect(order()).toEqual([A, C, B]);
    expect((await store.lists()).map(({ name, symbols: s }) => ({ name, symbols: s }))).toEqual([
      { name: "Metals", symbols: [A, C, B] },
    ]);
    const name = screen.getByRole("textbox", { name: "List name" });
    await user.clear(name);
    await user.type(name, "Europe");
    await user.click(screen.getByRole("button", { name: `Remove ${B}` }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(`Saved the list "Europe" (2 indexes) in this workbook.`);
    // The picker shows the saved list once the pane has read the lists again, which may come after the message.
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Watch list" }).textContent).toContain("Europe (2)"),
    );
    await user.click(screen.getByRole("button", { name: "Delete list" }));
    await screen.findByText('Deleted the list "Europe".');
    expect(await store.lists()).toEqual([]);
  });

  it("says why a list cannot be saved, and saves nothing", async () => {
    const { user, store } = panel();
    await tick(user, A);
    await user.click(screen.getByRole("button", { name: "Save list" }));
    expect(await screen.findByText("Give the list a name.")).toBeTruthy();
    expect(await store.lists()).toEqual([]);
  });

  it("exports a list as its file, which another workbook imports as the same list", async () => {
    const mine = panel();
    await makeMetals(mine.user);
    await mine.user.click(screen.getByRole("button", { name: "Export list" }));
    expect(mine.saved.map((file) => file.name)).toEqual(["Metals.watchlist.json"]);
    mine.unmount();
    const theirs = panel();
    const file = new File([mine.saved[0]?.text ?? ""], "Metals.watchlist.json", { type: "application/json" });
    await theirs.user.upload(screen.getByLabelText("Watch list file to import"), file);
    await screen.findByText('Imported the list "Metals" (3 indexes) in this workbook.');
    expect(order()).toEqual([A, C, B]);
    expect((await theirs.store.lists()).map((list) => list.symbols)).toEqual([[A, C, B]]);
  });

  it("refuses a hostile list file in words, naming the field, and adds nothing", async () => {
    const { user, store } = panel();
    const text = JSON.stringify({
      kind: "index-data-watch-list",
      version: 1,
      name: "x",
      symbols: [A],
      url: "http://x",
    });
    await user.upload(screen.getByLabelText("Watch list file to import"), new File([text], "evil.json"));
    expect(
      await screen.findByText(
        "The file cannot be loaded: url: is not a field here (a watch list file holds kind, version, name and symbols). Nothing was added.",
      ),
    ).toBeTruthy();
    expect(await store.lists()).toEqual([]);
  });

  it("says outside Excel that lists are kept for this page only", async () => {
    const store = memoryWatchListStore(symbols);
    await store.create({ name: "Kept", symbols: [A] });
    panel({ host: outside, store });
    // The page's lists are read once the tab is on screen: wait for them, as a user would see them arrive.
    await screen.findByRole("option", { name: "Kept (1)" });
    expect(screen.getAllByRole("note").map((note) => note.textContent)).toContain(
      "Without Excel there is no workbook to keep lists in: they are kept for this page only. In Excel they are saved in the workbook and travel with it.",
    );
  });
});

describe("the pricing sheet builder in the pane", () => {
  it("is off outside Excel, the reason tied to the button", async () => {
    const { user, build } = panel({ host: outside });
    await makeMetalsOutside(user);
    const button = screen.getByRole("button", { name: "Build pricing sheet" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toMatch(/needs Excel/);
    expect(build).not.toHaveBeenCalled();
  });

  it("builds the saved list from the default template, and announces the outcome", async () => {
    const { user, build, store } = panel();
    expect((screen.getByRole("button", { name: "Build pricing sheet" }) as HTMLButtonElement).disabled).toBe(true);
    await makeMetals(user);
    await user.click(screen.getByRole("button", { name: "Build pricing sheet" }));
    expect(await screen.findByText('Built the sheet "Pricing Metals".')).toBeTruthy();
    expect(build.mock.calls).toEqual([[(await store.lists())[0], DEFAULT_TEMPLATE]]);
  });

  it("takes a desk's template from a file once it passes every check; a bad one is refused naming its field", async () => {
    const { user, build } = panel();
    await makeMetals(user);
    const input = screen.getByLabelText("Template file to load");
    const bad = { ...DEFAULT_TEMPLATE, columns: [{ key: "x", header: "X", formula: '=WEBSERVICE("http://x")' }] };
    await user.upload(input, new File([JSON.stringify(bad)], "desk.json"));
    expect(
      await screen.findByText(
        'desk.json cannot be used as a template: columns[0].formula: it calls WEBSERVICE, which is not an INDEX function. The template in use is still "Pricing sheet".',
      ),
    ).toBeTruthy();
    const desk = { ...DEFAULT_TEMPLATE, name: "Desk", columns: DEFAULT_TEMPLATE.columns.slice(1, 3) };
    await user.upload(input, new File([JSON.stringify(desk)], "desk.json"));
    await screen.findByText('Loaded the template "Desk" from desk.json.');
    await user.click(screen.getByRole("button", { name: "Build pricing sheet" }));
    await waitFor(() => expect(build).toHaveBeenCalledTimes(1));
    expect(build.mock.calls[0]?.[1]).toEqual(desk);
  });
});

/** Outside Excel the list is saved for the page only; the builder still has a list to name. */
async function makeMetalsOutside(user: ReturnType<typeof panel>["user"]) {
  await user.type(screen.getByRole("textbox", { name: "List name" }), "Metals");
  await tick(user, A);
  await user.click(screen.getByRole("button", { name: "Save list" }));
  await screen.findByText(`Saved the list "Metals" (1 index) for this page only.`);
}
