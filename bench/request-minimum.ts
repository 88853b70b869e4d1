import { startOfUtcDay } from "@index-data/wire/time";
import { VALUE_FIELDS, type SheetCell } from "./sheet";

export interface RequestMinimum {
  readonly requests: number;
  readonly parts: Readonly<Record<string, number>>;
  readonly explanation: string;
}

/**
 * The fewest requests that can answer the sheet, from the sheet alone:
 * - latest: one /latest per symbol with a full-fix field (confidence, status...), plus one /indexes for
 *   every symbol whose cells want only value/as-of (the catalogue carries both);
 * - history: one request per symbol, for the union of its ranges (daily values; a range is a slice of it);
 * - volatility: one per distinct symbol/window; forward and capacity: one per symbol.
 * `cached` says what a refresh keeps: history ending before today is immutable, so only symbols with a
 * range reaching today count again.
 */
export function requestMinimumOf(
  cells: readonly SheetCell[],
  options: { refresh?: boolean; today?: number } = {},
): RequestMinimum {
  const today = startOfUtcDay(options.today ?? Date.now());
  const fix = new Set<string>();
  const valueOnly = new Set<string>();
  const history = new Set<string>();
  const vol = new Set<string>();
  const forward = new Set<string>();
  const capacity = new Set<string>();
  for (const cell of cells) {
    if (cell.kind === "latest") (VALUE_FIELDS.has(cell.field) ? valueOnly : fix).add(cell.symbol);
    else if (cell.kind === "history") {
      if (!options.refresh || Date.parse(cell.end) >= today) history.add(cell.symbol);
    } else if (cell.kind === "vol") vol.add(`${cell.symbol}|${cell.days}`);
    else if (cell.kind === "forward") forward.add(cell.symbol);
    else capacity.add(cell.symbol);
  }
  const catalogueOnly = [...valueOnly].filter((s) => !fix.has(s)).length;
  const parts = {
    latest: fix.size,
    catalogue: catalogueOnly > 0 ? 1 : 0,
    history: history.size,
    volatility: vol.size,
    forward: forward.size,
    capacity: capacity.size,
  };
  const requests = Object.values(parts).reduce((a, b) => a + b, 0);
  const explanation =
    `${parts.latest} /latest (symbols with full-fix fields) + ${parts.catalogue} /indexes (value/as-of of ${catalogueOnly} other symbols) + ` +
    `${parts.history} /history (one union per symbol${options.refresh ? " with a range reaching today; past history is kept" : ""}) + ` +
    `${parts.volatility} /volatility (distinct symbol/window) + ${parts.forward} /forward + ${parts.capacity} /capacity-metrics`;
  return { requests, parts, explanation };
}
