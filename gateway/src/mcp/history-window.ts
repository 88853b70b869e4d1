import { isObservation, periodStart, pointTime, type HistoryPoint } from "@index-data/wire";
import { DAY_MS, dayText } from "@index-data/wire/time";
import { MAX_HISTORY_POINTS } from "./schemas";

/** Each month's last freshly published value, dated its own date (as weekly history is made of weeks). */
export function monthlyFromDaily(points: readonly HistoryPoint[]): HistoryPoint[] {
  const lastOfMonth = new Map<number, HistoryPoint>();
  for (const point of points) {
    const ms = pointTime(point);
    if (Number.isNaN(ms) || !isObservation(point)) continue;
    lastOfMonth.set(periodStart(ms, "monthly"), point);
  }
  return [...lastOfMonth.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
}

/** A history cut to what one call returns: the most recent points, and how to ask for the ones before them. */
export interface HistoryWindow {
  readonly points: readonly HistoryPoint[];
  readonly available: number;
  readonly truncated: boolean;
  readonly rest: string | null;
}

/** The newest `limit` points (ascending), saying how to ask for the rest: an earlier `end`, or a coarser granularity. */
export function historyWindow(points: readonly HistoryPoint[], limit = MAX_HISTORY_POINTS): HistoryWindow {
  if (points.length <= limit) return { points, available: points.length, truncated: false, rest: null };
  const kept = points.slice(points.length - limit);
  const first = kept[0] as HistoryPoint;
  const before = dayText(pointTime(first) - DAY_MS);
  return {
    points: kept,
    available: points.length,
    truncated: true,
    rest: `Returned the newest ${limit} of ${points.length} points. For the earlier ones call get_history again with end="${before}" (and the same start), or ask for granularity "weekly" or "monthly".`,
  };
}
