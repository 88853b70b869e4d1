import type { IndexSummary } from "@index-data/wire";
import type { CatalogueFilters } from "./catalogue";

/**
 * One catalogue row with its search keys, built once when the catalogue loads so a keystroke costs a few
 * substring tests per row instead of re-tokenising 50,000 descriptions.
 */
interface SearchEntry {
  readonly row: IndexSummary;
  /** The lowercase symbol: a word of the query may match anywhere in it (people paste symbols). */
  readonly symbol: string;
  /** " token token … " of symbol, hub, grade, lead time and description, lowercase, space-delimited. */
  readonly words: string;
}

/** The catalogue prepared for searching; build with {@link indexCatalogue}. */
interface CatalogueSearch {
  readonly entries: readonly SearchEntry[];
  readonly rows: readonly IndexSummary[];
}

// Word boundaries: anything but a letter, digit or dot, and a dot that ends a word ("Rotterdam." → "rotterdam").
const SEPARATORS = /[^a-z0-9.]+|\.(?=\s|$)/;

function searchWords(row: IndexSummary): string {
  const tokens = [row.symbol, row.hub, row.grade, row.leadTime, row.description]
    .join(" ")
    .toLowerCase()
    .split(SEPARATORS)
    .filter((t) => t !== "");
  return ` ${tokens.join(" ")} `;
}

/** Builds every row's search keys once. */
export function indexCatalogue(rows: readonly IndexSummary[]): CatalogueSearch {
  return { rows, entries: rows.map((row) => ({ row, symbol: row.symbol.toLowerCase(), words: searchWords(row) })) };
}

/** The query's words, lowercase; a word never holds a space, so " " + word matches only at a token's start. */
function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
}

/**
 * Every word of the query must match (case-insensitive): as part of the symbol, or as the start of a word of
 * hub, grade, lead time or description. A one-letter word must be a whole word, so "grade b" finds grade B and
 * not every row with a word (or symbol) containing a b.
 */
function matchesWords(entry: SearchEntry, words: readonly string[]): boolean {
  return words.every((word) =>
    word.length === 1
      ? entry.words.includes(` ${word} `)
      : entry.symbol.includes(word) || entry.words.includes(` ${word}`),
  );
}

function matchesFacets(row: IndexSummary, filters: CatalogueFilters): boolean {
  return (
    (filters.hub === "" || row.hub === filters.hub) &&
    (filters.grade === "" || row.grade === filters.grade) &&
    (filters.leadTime === "" || row.leadTime === filters.leadTime) &&
    (filters.activity === "any" || row.isActive === (filters.activity === "active"))
  );
}

/** The rows that pass every filter, in the service's order. */
export function searchCatalogue(search: CatalogueSearch, filters: CatalogueFilters): IndexSummary[] {
  const words = queryWords(filters.query);
  const shown: IndexSummary[] = [];
  for (const entry of search.entries) {
    if (matchesFacets(entry.row, filters) && (words.length === 0 || matchesWords(entry, words))) shown.push(entry.row);
  }
  return shown;
}

/**
 * The rows that pass every filter, in the service's order. Builds the search keys each call: to filter the
 * same rows again and again, keep `indexCatalogue(rows)` and call `searchCatalogue`.
 */
export function filterCatalogue(rows: readonly IndexSummary[], filters: CatalogueFilters): IndexSummary[] {
  return searchCatalogue(indexCatalogue(rows), filters);
}
