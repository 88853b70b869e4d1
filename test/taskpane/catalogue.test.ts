import type { IndexSummary } from "@index-data/wire/resources/indexes";
import {
  catalogueFacets,
  isOpenable,
  NO_FILTERS,
  NOT_OPENABLE_NOTE,
  rowState,
} from "../../src/taskpane/model/catalogue";
import { filterCatalogue, indexCatalogue, searchCatalogue } from "../../src/taskpane/model/catalogue-search";
import { startReference, type ReferenceFixture } from "./reference";

let ref: ReferenceFixture;
let rows: readonly IndexSummary[];

beforeAll(async () => {
  ref = await startReference();
  rows = await ref.client.listIndexes();
});
afterAll(() => ref.stop());

const text = (row: IndexSummary) =>
  [row.symbol, row.hub, row.grade, row.leadTime, row.description].join(" ").toLowerCase();

describe("catalogue filtering over the reference service's catalogue", () => {
  it("shows every row with no filters", () => {
    expect(filterCatalogue(rows, NO_FILTERS)).toEqual(rows);
  });

  it("lists each facet's distinct values, sorted", () => {
    const facets = catalogueFacets(rows);
    expect(new Set(facets.hubs)).toEqual(new Set(rows.map((r) => r.hub)));
    expect([...facets.grades]).toEqual([...new Set(rows.map((r) => r.grade))].sort((a, b) => a.localeCompare(b)));
    expect(facets.leadTimes.length).toBe(new Set(rows.map((r) => r.leadTime)).size);
  });

  it("searches symbol, hub, grade, lead time and description, case-insensitively, every word", () => {
    // "grade b" means grade B, not grade A rows whose description has a word starting with b.
    const gradeB = filterCatalogue(rows, { ...NO_FILTERS, query: "Grade B" });
    expect(gradeB.length).toBeGreaterThan(0);
    expect(gradeB).toEqual(rows.filter((r) => /grade b\b/i.test(r.description) || r.grade.toLowerCase() === "b"));
    for (const row of rows) {
      for (const field of [row.symbol, row.hub, row.grade, row.leadTime]) {
        const found = filterCatalogue(rows, {
          ...NO_FILTERS,
          query: field.toUpperCase(),
        });
        expect(found).toContainEqual(row);
        for (const hit of found) expect(text(hit)).toContain(field.toLowerCase());
      }
    }
    const first = rows[0]!;
    const word = first.description.split(/[^A-Za-z]+/).find((w) => w.length > 3) ?? first.symbol;
    const both = filterCatalogue(rows, {
      ...NO_FILTERS,
      query: `  ${word.toLowerCase()}   ${first.hub} `,
    });
    expect(both).toContainEqual(first);
    for (const hit of both) expect(text(hit)).toContain(first.hub.toLowerCase());
    expect(filterCatalogue(rows, { ...NO_FILTERS, query: "zzzz-no-such-thing" })).toEqual([]);
  });

  it("filters by hub, grade and lead time exactly", () => {
    const { hubs, grades, leadTimes } = catalogueFacets(rows);
    for (const hub of hubs)
      expect(filterCatalogue(rows, { ...NO_FILTERS, hub })).toEqual(rows.filter((r) => r.hub === hub));
    for (const grade of grades)
      expect(filterCatalogue(rows, { ...NO_FILTERS, grade })).toEqual(rows.filter((r) => r.grade === grade));
    for (const leadTime of leadTimes) {
      expect(filterCatalogue(rows, { ...NO_FILTERS, leadTime })).toEqual(rows.filter((r) => r.leadTime === leadTime));
    }
  });

  it("filters active and inactive; the dataset's inactive index is found", () => {
    const inactive = filterCatalogue(rows, {
      ...NO_FILTERS,
      activity: "inactive",
    });
    const active = filterCatalogue(rows, { ...NO_FILTERS, activity: "active" });
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((r) => !r.isActive)).toBe(true);
    expect(active.every((r) => r.isActive)).toBe(true);
    expect(active.length + inactive.length).toBe(rows.length);
  });

  it("reads an index without data as a no-data state, not an error or a zero", () => {
    const noData = rows.filter((r) => r.latestValue === undefined);
    expect(noData.length).toBeGreaterThan(0);
    for (const row of noData) expect(rowState(row)).toBe("no-data");
    for (const row of rows.filter((r) => r.latestValue !== undefined)) {
      expect(rowState(row)).toBe(row.isActive ? "active" : "inactive");
    }
  });
});

describe("catalogue search keys, built once", () => {
  it("filters a prepared catalogue exactly as filtering the rows does, for every query word kind", () => {
    const search = indexCatalogue(rows);
    const first = rows[0]!;
    const queries = ["", "grade b", first.symbol.slice(2, 7), first.hub.toUpperCase(), "1x", "a", "zz-none", "rtm nwe"];
    for (const query of queries) {
      const filters = { ...NO_FILTERS, query, activity: "active" as const };
      expect({ query, rows: searchCatalogue(search, filters) }).toEqual({
        query,
        rows: filterCatalogue(rows, filters),
      });
    }
  });

  it("takes a symbol fragment anywhere in the symbol, and other words only at a word's start", () => {
    const search = indexCatalogue(rows);
    const flagship = rows.find((r) => r.symbol === "RTM-NWE-A-1x3")!;
    expect(searchCatalogue(search, { ...NO_FILTERS, query: "nwe-a-1" })).toContainEqual(flagship);
    // "lagship" is inside "flagship" but starts no word, and no symbol holds it.
    expect(flagship.description.toLowerCase()).toContain("flagship");
    expect(searchCatalogue(search, { ...NO_FILTERS, query: "flagship" })).toContainEqual(flagship);
    expect(searchCatalogue(search, { ...NO_FILTERS, query: "lagship" })).toEqual([]);
  });
});

describe("which rows can be opened", () => {
  const row = (symbol: string): IndexSummary => ({ ...rows[0]!, symbol });

  it("refuses the dot-segments and symbols the one symbol rule refuses, with the note to show", () => {
    for (const symbol of [".", "..", "a/b", " RTM ", "-x", "é"])
      expect({ symbol, ok: isOpenable(row(symbol)) }).toEqual({ symbol, ok: false });
    for (const r of rows) expect(isOpenable(r)).toBe(true);
    expect(NOT_OPENABLE_NOTE).toBe(
      'Cannot be opened: a symbol must start with a letter or digit and use only letters, digits, ".", "_" and "-".',
    );
  });
});
