/** The simulated pricing sheet: cells as formulas, and the minimum computed from them. */
import { DAY_MS } from "@index-data/wire/time";

export type SheetCell =
  | { readonly kind: "latest"; readonly symbol: string; readonly field: string }
  | { readonly kind: "history"; readonly symbol: string; readonly start: string; readonly end: string }
  | { readonly kind: "vol"; readonly symbol: string; readonly days: number }
  | { readonly kind: "forward"; readonly symbol: string }
  | { readonly kind: "capacity"; readonly symbol: string; readonly field: string };

/** Fields INDEX.LATEST answers from the value alone (the catalogue can serve them). */
export const VALUE_FIELDS = new Set(["value", "asOf", "stale"]);
const FIX_FIELDS = ["confidence", "status", "publicationMode", "topContributorShare", "methodologyVersion"];
const CAPACITY_FIELDS = ["fillRatio", "bookedKg", "availableKg", "contributors"];

function daysAgo(today: number, n: number): string {
  return new Date(today - n * DAY_MS).toISOString().slice(0, 10);
}

function repeat<T>(items: readonly T[], count: number): T[] {
  return Array.from({ length: count }, (_, i) => items[i % items.length] as T);
}

/**
 * History ranges of one symbol: overlapping past ranges, and for the first `currentSymbols` symbols one
 * more range that reaches today (so a refresh has something to fetch again, and past ranges stay cached).
 */
function historyPairs(symbols: readonly string[], perSymbol: number, currentSymbols: number, today: number) {
  const pairs: Array<{ symbol: string; start: string; end: string }> = [];
  symbols.forEach((symbol, s) => {
    for (let r = 0; r < perSymbol; r += 1) {
      const current = s < currentSymbols && r === perSymbol - 1;
      const end = current ? 0 : 40 + r * 60;
      pairs.push({ symbol, start: daysAgo(today, current ? 30 : end + 200), end: daysAgo(today, end) });
    }
  });
  return pairs;
}

export interface SheetSize {
  readonly latest: number;
  readonly history: number;
  /** Symbols with history cells, and distinct ranges per symbol. */
  readonly historySymbols: number;
  readonly historyRangesPerSymbol: number;
  readonly vol: number;
  readonly volWindows: readonly number[];
  readonly forward: number;
  readonly capacity: number;
  /** Symbols with forward and capacity cells. */
  readonly curveSymbols: number;
}

/** 1,000 cells: 600 LATEST, 200 HISTORY over 20 symbol/range pairs, 100 VOL over 16 pairs, 50 FORWARD, 50 CAPACITY. */
export const SHEET_1000: SheetSize = {
  latest: 600,
  history: 200,
  historySymbols: 5,
  historyRangesPerSymbol: 4,
  vol: 100,
  volWindows: [30, 90],
  forward: 50,
  capacity: 50,
  curveSymbols: 5,
};

/** 3,000 cells whose minimum exceeds one minute's anonymous budget (60): many distinct volatility windows. */
export const SHEET_3000: SheetSize = {
  latest: 1800,
  history: 600,
  historySymbols: 8,
  historyRangesPerSymbol: 8,
  vol: 300,
  volWindows: [10, 20, 30, 45, 60, 90, 120, 150, 180, 240, 300, 365],
  forward: 150,
  capacity: 150,
  curveSymbols: 8,
};

/**
 * The sheet over `symbols` (indexes with data, from the catalogue), as of `today` (epoch ms). History
 * cells use `historySymbols` (indexes with two years of history; a young index has none that far back).
 */
export function buildSheet(
  symbols: readonly string[],
  size: SheetSize,
  historySymbols: readonly string[] = symbols,
  today = Date.now(),
): SheetCell[] {
  // Half the symbols show figures of the full fix (confidence, status...); the others only value and date.
  const fixSymbols = symbols.slice(0, Math.ceil(symbols.length / 2));
  const valueSymbols = symbols.slice(fixSymbols.length);
  const latestSpecs = [
    ...fixSymbols.flatMap((symbol) => ["value", ...FIX_FIELDS, "asOf"].map((field) => ({ symbol, field }))),
    ...valueSymbols.flatMap((symbol) => ["value", "asOf", "stale"].map((field) => ({ symbol, field }))),
  ];
  const pairs = historyPairs(historySymbols.slice(0, size.historySymbols), size.historyRangesPerSymbol, 3, today);
  const volPairs = symbols.flatMap((symbol) => size.volWindows.map((days) => ({ symbol, days })));
  const curveSymbols = symbols.slice(0, size.curveSymbols);
  const capacitySpecs = curveSymbols.flatMap((symbol) => CAPACITY_FIELDS.map((field) => ({ symbol, field })));
  return [
    ...repeat(latestSpecs, size.latest).map((c) => ({ kind: "latest" as const, ...c })),
    ...repeat(pairs, size.history).map((p) => ({ kind: "history" as const, ...p })),
    ...repeat(volPairs, size.vol).map((v) => ({ kind: "vol" as const, ...v })),
    ...repeat(curveSymbols, size.forward).map((symbol) => ({ kind: "forward" as const, symbol })),
    ...repeat(capacitySpecs, size.capacity).map((c) => ({ kind: "capacity" as const, ...c })),
  ];
}
