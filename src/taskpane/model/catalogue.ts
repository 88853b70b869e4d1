import { type IndexSummary, validSymbol } from "@index-data/wire";

/** Which indexes the catalogue shows; an empty string means "any". */
export interface CatalogueFilters {
  readonly query: string;
  readonly hub: string;
  readonly grade: string;
  readonly leadTime: string;
  readonly activity: "any" | "active" | "inactive";
}

export const NO_FILTERS: Readonly<CatalogueFilters> = { query: "", hub: "", grade: "", leadTime: "", activity: "any" };

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

/** How a row's state reads: inactive and no-data indexes are states, not errors. */
type RowState = "active" | "inactive" | "no-data";

export function rowState(row: IndexSummary): RowState {
  if (row.latestValue === undefined) return "no-data";
  return row.isActive ? "active" : "inactive";
}

/**
 * Why a listed index cannot be opened: its symbol fails the client's one symbol rule (e.g. "." or ".."),
 * so no detail URL is built for it.
 */
export const NOT_OPENABLE_NOTE =
  'Cannot be opened: a symbol must start with a letter or digit and use only letters, digits, ".", "_" and "-".';

/** Whether the detail of this row can be requested at all. */
export function isOpenable(row: IndexSummary): boolean {
  return validSymbol(row.symbol) === row.symbol;
}
