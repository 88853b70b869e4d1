import { isObservation, periodStart, pointTime, type HistoryPoint } from "@index-data/wire";
import { DAY_MS, dayText } from "@index-data/wire/time";
import { newestFitting } from "./answer-room";
import { said, type ToolText } from "./tool-text";

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

/** Rows cut to what one call returns: the most recent ones, and how to ask for the ones before them. */
export interface RowWindow<R> {
  readonly rows: readonly R[];
  readonly available: number;
  readonly truncated: boolean;
  readonly rest: ToolText | null;
}

/** What a windowed answer says beside its rows, in its structured content (schemas.ts: windowFields). */
export function windowFacts<R>(window: RowWindow<R>): { available: number; truncated: boolean; rest: string | null } {
  return { available: window.available, truncated: window.truncated, rest: window.rest?.text ?? null };
}

/** The end of a windowed answer's text: how to ask for the rows left out, after a space, or nothing. */
export function restSaid<R>(window: RowWindow<R>): ToolText {
  return window.rest === null ? said`` : said` ${window.rest}`;
}

/**
 * The newest rows of `all` (ascending) that fit in `room` bytes, at most `limit`, as `show` makes them (only the rows
 * kept are made). `rest` says how to ask for the others, given the day before the first row kept.
 */
export function newestRows<T, R>(
  all: readonly T[],
  show: (item: T) => R,
  { room, limit, dayOf }: { room: number; limit: number; dayOf: (row: R) => number },
  rest: (kept: number, before: string) => ToolText,
): RowWindow<R> {
  const rows = newestFitting(all.slice(Math.max(0, all.length - limit)).map(show), room);
  const first = rows[0];
  if (rows.length === all.length) return { rows, available: all.length, truncated: false, rest: null };
  const before = first === undefined ? undefined : dayText(dayOf(first) - DAY_MS);
  return {
    rows,
    available: all.length,
    truncated: true,
    rest:
      before === undefined
        ? said`Not one row fits this answer's room: call the tool alone (not in a batch), or narrow the range.`
        : rest(rows.length, before),
  };
}

/** What get_history says of the points it left out. */
export function historyRest(total: number): (kept: number, before: string) => ToolText {
  return (kept, before) =>
    said`Returned the newest ${kept} of ${total} points. For the earlier ones call get_history again with end=${before} (and the same start), or ask for granularity "weekly" or "monthly".`;
}
