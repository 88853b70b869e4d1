import { pointTime, type HistoryPoint } from "@index-data/wire";
import { isoWeekStart } from "@index-data/wire/time";

/** A value counts as published unless the service says it was carried forward (older services don't say). */
function isPublished(point: HistoryPoint): boolean {
  return point.publicationMode === undefined || point.publicationMode === "FRESH";
}

/**
 * Weekly values from daily ones, by the reference service's rule: each ISO week (Monday to Sunday, UTC)
 * is stood for by the last value freshly published in it, dated that value's own date (the week's last
 * business day in the range). Weeks holding only carried-forward values are left out. Output ascending. `times` are
 * the points' dates as epoch ms, when the caller has them already.
 */
export function weeklyFromDaily(
  points: readonly HistoryPoint[],
  times: ArrayLike<number> = points.map(pointTime),
): HistoryPoint[] {
  const lastOfWeek = new Map<number, { ms: number; point: HistoryPoint }>();
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i] as HistoryPoint;
    const ms = times[i] as number;
    if (Number.isNaN(ms) || !isPublished(point)) continue;
    const week = isoWeekStart(ms);
    const held = lastOfWeek.get(week);
    if (held === undefined || held.ms <= ms) lastOfWeek.set(week, { ms, point });
  }
  return [...lastOfWeek.entries()].sort(([a], [b]) => a - b).map(([, held]) => held.point);
}
