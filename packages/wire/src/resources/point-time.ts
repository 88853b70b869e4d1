import type { HistoryPoint } from "./history";

/** Each point's date, parsed: keyed weakly by the point, so it goes with the point (MODULE_STATE_ALLOWED says why). */
const times = new WeakMap<HistoryPoint, number>();

/**
 * A point's date as epoch ms (NaN if unreadable), parsed once per point, for code that reads a few points at a
 * time (periods, panels, the pane's chart). Whole histories go by their timeline (`historyTimeline`) instead.
 */
export function pointTime(point: HistoryPoint): number {
  let ms = times.get(point);
  if (ms === undefined) {
    ms = Date.parse(point.date);
    times.set(point, ms);
  }
  return ms;
}
