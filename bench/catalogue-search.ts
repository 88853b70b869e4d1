// The taskpane's catalogue search on 50,000 generated indexes (far more than a service lists today): part of
// `npm run bench`, or alone with `npx tsx bench/catalogue-search.ts`.
// Per keystroke of a typed query: filter the catalogue with the precomputed search keys, then build the render
// model of the windowed list (which rows, and the text of each rendered row). Target: < 100 ms per keystroke.
// For comparison, the same keystrokes with the keys rebuilt every time (what the taskpane did before).
import type { IndexSummary } from "@index-data/wire";
import {
  isOpenable,
  NO_FILTERS,
  rowState,
  type CatalogueFilters,
  filterCatalogue,
  indexCatalogue,
  searchCatalogue,
  catalogueWindow,
  CATALOGUE_UNIT,
  formatTimestamp,
  formatValueWithUnit,
} from "../src/taskpane/model";

const ENTRIES = 50_000;
export const CATALOGUE_SEARCH_TARGET_MS = 100;
const HUBS = ["NWE", "MED", "USG", "CHN", "SGP", "JPN", "BRA", "IND"];
const GRADES = ["A", "B", "C"];
const LEADS = ["1x1", "1x3", "3x6", "6x12"];
/** Typed one character at a time, then deleted; the last entry's symbol is near the end of the catalogue. */
const TYPED = ["rtm nwe grade a", `XB-${ENTRIES - 3}`];

function generated(count: number): IndexSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const hub = HUBS[i % HUBS.length] ?? "NWE";
    const grade = GRADES[i % GRADES.length] ?? "A";
    const leadTime = LEADS[i % LEADS.length] ?? "1x1";
    return {
      symbol: `XB-${i}`,
      hub,
      grade,
      leadTime,
      description: `Recycled thermoplastic benchmark ${i}, ${hub} delivery, grade ${grade}, lead time ${leadTime}.`,
      isActive: i % 17 !== 0,
      ...(i % 11 === 0 ? {} : { latestValue: 1 + (i % 997) / 1000, latestAsOf: "2025-03-14T16:30:00Z" }),
    };
  });
}

/** What the windowed list renders for the filtered rows at the top of a 480 px view. */
function renderModel(shown: readonly IndexSummary[]) {
  const view = catalogueWindow({ count: shown.length, scrollTop: 0, viewportHeight: 480 });
  return shown.slice(view.start, view.end).map((row) => ({
    symbol: row.symbol,
    openable: isOpenable(row),
    state: rowState(row),
    value: formatValueWithUnit(row.latestValue, CATALOGUE_UNIT),
    asOf: formatTimestamp(row.latestAsOf),
  }));
}

function keystrokes(text: string): string[] {
  const typing = Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));
  return [...typing, ...typing.slice(0, -1).reverse(), ""];
}

function timeKeystrokes(filter: (filters: CatalogueFilters) => IndexSummary[]): number[] {
  const times: number[] = [];
  for (const query of TYPED.flatMap(keystrokes)) {
    const start = performance.now();
    renderModel(filter({ ...NO_FILTERS, query }));
    times.push(performance.now() - start);
  }
  return times;
}

function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    keystrokes: times.length,
    medianMs: +at(0.5).toFixed(2),
    p95Ms: +at(0.95).toFixed(2),
    maxMs: +at(1).toFixed(2),
  };
}

export interface CatalogueSearchResult {
  readonly entries: number;
  readonly buildSearchKeysMs: number;
  readonly perKeystroke: ReturnType<typeof summary>;
  readonly keysRebuiltPerKeystroke: ReturnType<typeof summary>;
}

/** Times every keystroke of the typed queries, with the search keys built once and rebuilt each time. */
export function measureCatalogueSearch(): CatalogueSearchResult {
  const rows = generated(ENTRIES);
  const buildStart = performance.now();
  const search = indexCatalogue(rows);
  const buildMs = performance.now() - buildStart;
  const found = searchCatalogue(search, {
    ...NO_FILTERS,
    query: `XB-${ENTRIES - 3}`,
  });
  if (found[0]?.symbol !== `XB-${ENTRIES - 3}`) throw new Error("the search did not find the entry near the end");
  timeKeystrokes((filters) => searchCatalogue(search, filters)); // warm-up
  const now = summary(timeKeystrokes((filters) => searchCatalogue(search, filters)));
  const before = summary(timeKeystrokes((filters) => filterCatalogue(rows, filters)));
  return {
    entries: ENTRIES,
    buildSearchKeysMs: +buildMs.toFixed(1),
    perKeystroke: now,
    keysRebuiltPerKeystroke: before,
  };
}

/** The line `npm run bench` prints for the search. */
export function catalogueSearchLine(result: CatalogueSearchResult): string {
  const { perKeystroke: now, keysRebuiltPerKeystroke: before } = result;
  return `Catalogue search, ${result.entries} indexes, per keystroke: median ${now.medianMs} ms, max ${now.maxMs} ms (target < ${CATALOGUE_SEARCH_TARGET_MS} ms); keys rebuilt per keystroke: median ${before.medianMs} ms, max ${before.maxMs} ms.`;
}

if (require.main === module) {
  const result = measureCatalogueSearch();
  console.log(JSON.stringify(result, null, 2));
  console.log(catalogueSearchLine(result));
  if (result.perKeystroke.maxMs >= CATALOGUE_SEARCH_TARGET_MS) process.exitCode = 1;
}
