import type { IndexSummary } from "../../client/resources/indexes";

/** Which indexes the catalogue shows; an empty string means "any". */
export interface CatalogueFilters {
  readonly query: string;
  readonly hub: string;
  readonly grade: string;
  readonly leadTime: string;
  readonly activity: "any" | "active" | "inactive";
}

export const NO_FILTERS: CatalogueFilters = { query: "", hub: "", grade: "", leadTime: "", activity: "any" };

/** The distinct values each filter can take, sorted, for the filter dropdowns. */
export interface CatalogueFacets {
  readonly hubs: readonly string[];
  readonly grades: readonly string[];
  readonly leadTimes: readonly string[];
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

export function catalogueFacets(rows: readonly IndexSummary[]): CatalogueFacets {
  return {
    hubs: distinct(rows.map((r) => r.hub)),
    grades: distinct(rows.map((r) => r.grade)),
    leadTimes: distinct(rows.map((r) => r.leadTime)),
  };
}

/**
 * Every word of the query must match (case-insensitive): as part of the symbol (people paste symbols), or
 * as the start of a word of hub, grade, lead time or description. A one-letter word must be a whole word,
 * so "grade b" finds grade B and not every row with a word (or symbol) containing a b.
 */
function matchesQuery(row: IndexSummary, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  if (words.length === 0) return true;
  const symbol = row.symbol.toLowerCase();
  const tokens = [row.symbol, row.hub, row.grade, row.leadTime, row.description]
    .join(" ")
    .toLowerCase()
    .split(/[^a-z0-9.]+|\.(?=\s|$)/)
    .filter((t) => t !== "");
  return words.every((word) =>
    word.length === 1 ? tokens.includes(word) : symbol.includes(word) || tokens.some((token) => token.startsWith(word)),
  );
}

function matchesActivity(row: IndexSummary, activity: CatalogueFilters["activity"]): boolean {
  if (activity === "any") return true;
  return activity === "active" ? row.isActive : !row.isActive;
}

/** The rows that pass every filter, in the service's order. */
export function filterCatalogue(rows: readonly IndexSummary[], filters: CatalogueFilters): IndexSummary[] {
  return rows.filter(
    (row) =>
      matchesQuery(row, filters.query) &&
      (filters.hub === "" || row.hub === filters.hub) &&
      (filters.grade === "" || row.grade === filters.grade) &&
      (filters.leadTime === "" || row.leadTime === filters.leadTime) &&
      matchesActivity(row, filters.activity),
  );
}

/** How a row's state reads: inactive and no-data indexes are states, not errors. */
export type RowState = "active" | "inactive" | "no-data";

export function rowState(row: IndexSummary): RowState {
  if (row.latestValue === undefined) return "no-data";
  return row.isActive ? "active" : "inactive";
}
