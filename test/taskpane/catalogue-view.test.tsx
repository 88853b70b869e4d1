import { screen, within } from "@testing-library/react";
import { useState } from "react";
import type { IndexSummary } from "@index-data/wire/resources/indexes";
import { Catalogue } from "../../src/taskpane/components/Catalogue/Catalogue";
import { NO_FILTERS } from "../../src/taskpane/model/catalogue";
import { DOT_SEGMENT_INDEXES, markupIndexes } from "../support/extra-indexes";
import { startReference, type ReferenceFixture } from "./reference";
import { fresh, renderPane } from "./render";

const MARKUP = [
  '<img src=x onerror="globalThis.__pwned=1">',
  "<script>globalThis.__pwned=2</script>",
  '"><svg onload=alert(1)>',
];

/** The catalogue as the pane holds it: the filters live in the parent, so typing and picking filter the list. */
function CatalogueHarness({
  rows,
  onOpen = () => undefined,
}: {
  rows: readonly IndexSummary[];
  onOpen?: (symbol: string) => void;
}) {
  const [filters, setFilters] = useState(NO_FILTERS);
  return (
    <Catalogue
      indexes={{ state: "ready", value: fresh(rows) }}
      filters={filters}
      onFiltersChange={setFilters}
      onOpen={onOpen}
    />
  );
}

const list = () => screen.getByRole("list", { name: "Indexes" });
const rowButton = (symbol: string) => within(list()).getByRole("button", { name: symbol });
const shownCount = () => screen.getByRole("status").textContent;
/** The symbols of the rows shown, in order. */
const shownSymbols = () =>
  within(list())
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("the catalogue", () => {
  let ref: ReferenceFixture;
  let rows: readonly IndexSummary[];
  beforeAll(async () => {
    ref = await startReference({ extraIndexes: markupIndexes(MARKUP, { hub: "<b>HUB</b>", grade: "G" }) });
    rows = await ref.client.listIndexes();
  });
  afterAll(() => ref.stop());

  it("renders service text as text: markup from descriptions arrives escaped, never as elements", async () => {
    const { user, container } = renderPane(<CatalogueHarness rows={rows} />);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "XSS");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(MARKUP.length);
    // Fluent's own icons are <svg> elements, so look for the injected ones by what they carry.
    expect(container.querySelectorAll("img, script, b, [onerror], [onload]")).toHaveLength(0);
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
    for (const markup of MARKUP) expect(screen.getByText(markup)).toBeTruthy();
    expect(screen.getByRole("option", { name: "<b>HUB</b>" })).toBeTruthy();
  });

  it("names the list and gives every index a button named by its symbol, and marks inactive and no-data rows", () => {
    renderPane(<CatalogueHarness rows={rows} />);
    const count = rows.length;
    expect(screen.getAllByRole("search")).toHaveLength(1);
    // Each row is a list item that says its place in the whole list; its button is named by the symbol.
    const items = within(list()).getAllByRole("listitem");
    expect(items.map((item) => [item.getAttribute("aria-posinset"), item.getAttribute("aria-setsize")])).toEqual(
      rows.map((_, i) => [String(i + 1), String(count)]),
    );
    rows.forEach((row, i) =>
      expect(within(items[i] as HTMLElement).getByRole("button", { name: row.symbol })).toBeTruthy(),
    );
    expect(within(list()).getAllByText("Inactive").length).toBeGreaterThan(0);
    expect(within(list()).getAllByText("No data").length).toBeGreaterThan(0);
    expect(shownCount()).toBe(`Showing ${count} of ${count} indexes`);
  });

  it("filters as the user types and picks: the count and the rows follow", async () => {
    const { user } = renderPane(<CatalogueHarness rows={rows} />);
    const hub = rows[0]?.hub ?? "";
    const ofHub = rows.filter((row) => row.hub === hub);
    expect(ofHub.length).toBeLessThan(rows.length);
    await user.selectOptions(screen.getByRole("combobox", { name: "Hub" }), hub);
    expect(shownCount()).toBe(`Showing ${ofHub.length} of ${rows.length} indexes`);
    expect(shownSymbols()).toEqual(ofHub.map((row) => row.symbol));

    await user.selectOptions(screen.getByRole("combobox", { name: "Hub" }), "All");
    const symbol = rows[1]?.symbol ?? "";
    await user.type(screen.getByRole("searchbox", { name: "Search" }), symbol);
    const bySymbol = rows.filter((row) => row.symbol.toLowerCase().includes(symbol.toLowerCase()));
    expect(shownCount()).toBe(`Showing ${bySymbol.length} of ${rows.length} indexes`);
    expect(shownSymbols()).toEqual(bySymbol.map((row) => row.symbol));
  });

  it("opens a row by click or by Enter, and arrow keys, Page Up/Down, Home and End move one tab stop between rows", async () => {
    const opened: string[] = [];
    const { user } = renderPane(<CatalogueHarness rows={rows} onOpen={(symbol) => opened.push(symbol)} />);
    const symbols = rows.map((row) => row.symbol);
    const tabStops = () =>
      within(list())
        .getAllByRole("button")
        .filter((button) => button.tabIndex === 0);
    expect(tabStops()).toEqual([rowButton(symbols[0] ?? "")]);

    await user.click(rowButton(symbols[0] ?? ""));
    expect(opened).toEqual([symbols[0]]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(rowButton(symbols[2] ?? ""));
    expect(tabStops()).toEqual([rowButton(symbols[2] ?? "")]);
    await user.keyboard("{Enter}");
    expect(opened).toEqual([symbols[0], symbols[2]]);
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(rowButton(symbols[1] ?? ""));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(rowButton(symbols.at(-1) ?? ""));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(rowButton(symbols[0] ?? ""));
    await user.keyboard("{PageDown}");
    const paged = symbols.indexOf(document.activeElement?.textContent ?? "");
    expect(paged).toBeGreaterThan(1);
    await user.keyboard("{PageUp}");
    expect(document.activeElement).toBe(rowButton(symbols[0] ?? ""));
  });

  it("says when the list is a last-known copy because the service did not answer", () => {
    renderPane(
      <Catalogue
        indexes={{ state: "ready", value: { ...fresh(rows), meta: { producedAt: "", servedStale: true } } }}
        filters={NO_FILTERS}
        onFiltersChange={() => undefined}
        onOpen={() => undefined}
      />,
    );
    expect(shownCount()).toBe(
      `Showing ${rows.length} of ${rows.length} indexes (last-known values; the service did not answer)`,
    );
  });

  it("renders only a window of rows of a 50,000-index catalogue, and End brings the last one in and focuses it", async () => {
    const first = rows[0] as IndexSummary;
    const many = Array.from({ length: 50_000 }, (_, i) => ({ ...first, symbol: `XB-${i}` }));
    const { user } = renderPane(<CatalogueHarness rows={many} />);
    const items = () => within(list()).getAllByRole("listitem");
    expect(items().length).toBeGreaterThan(0);
    expect(items().length).toBeLessThan(50);
    expect(items()[0]?.getAttribute("aria-posinset")).toBe("1");
    expect(items()[0]?.getAttribute("aria-setsize")).toBe("50000");
    expect(within(list()).queryByRole("button", { name: "XB-49999" })).toBeNull();

    await user.click(rowButton("XB-0"));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(rowButton("XB-49999"));
    expect(items().length).toBeLessThan(50);
    expect(within(list()).queryByRole("button", { name: "XB-0" })).toBeNull();
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(rowButton("XB-0"));
  });
});

describe("a catalogue entry whose symbol fails the symbol rule", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ extraIndexes: DOT_SEGMENT_INDEXES });
  });
  afterAll(() => ref.stop());

  it("is listed, marked as not openable and says why, and a click opens nothing", async () => {
    const data = await ref.client.listIndexes();
    const dots = data.filter((row) => row.symbol === "." || row.symbol === "..");
    expect(dots.map((row) => row.symbol)).toEqual([".", ".."]);
    const opened: string[] = [];
    const { user } = renderPane(<CatalogueHarness rows={dots} onOpen={(symbol) => opened.push(symbol)} />);
    const note =
      'Cannot be opened: a symbol must start with a letter or digit and use only letters, digits, ".", "_" and "-".';
    for (const symbol of [".", ".."]) {
      // Its description says why: the badge and the note are what the button is described by.
      const button = screen.getByRole("button", { name: symbol, description: `Invalid symbol ${note}` });
      expect(button.getAttribute("aria-disabled")).toBe("true");
      await user.click(button);
    }
    expect(opened).toEqual([]);
    expect(screen.getAllByText("Invalid symbol")).toHaveLength(2);
  });
});
