import type { Granularity, HistoryQuery } from "@index-data/wire";
import { invalidArgument } from "./cell-error";
import { DAY_MS, instantText } from "@index-data/wire/time";
import { parseDateArgument, type DateArgument } from "./dates";

/** A history range as the user gave it; either end may be left to the service's default. */
export interface DateRange {
  readonly start?: DateArgument;
  readonly end?: DateArgument;
}

/** Parses start and end; a whole-day end includes that whole day. Start after end is `#VALUE!`. */
export function parseDateRange(startArg: unknown, endArg: unknown, now: Date): DateRange {
  const start = parseDateArgument(startArg, "start", now);
  const end = parseDateArgument(endArg, "end", now);
  if (start && end && start.ms > endInstant(end)) {
    throw invalidArgument("start", "must be on or before end", startArg);
  }
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** The last instant an end argument covers: the end of its day when it names a whole day. */
function endInstant(end: DateArgument): number {
  return end.wholeDay ? end.ms + DAY_MS - 1 : end.ms;
}

/** The service query for a range (ISO 8601, UTC, milliseconds). */
export function historyQuery(range: DateRange, granularity?: Granularity): HistoryQuery {
  // A sheet's usual range (both ends, daily) as one literal: its shape is then the literal's, which lives as long as
  // the code does, not one added key at a time, whose shapes the next full collection drops with the last query of
  // them, and with them the optimized code of every cell that made one (made again at the next open).
  if (range.start && range.end && !granularity)
    return { startDate: instantText(range.start.ms), endDate: instantText(endInstant(range.end)) };
  const query: { -readonly [K in keyof HistoryQuery]: HistoryQuery[K] } = {};
  if (range.start) query.startDate = instantText(range.start.ms);
  if (range.end) query.endDate = instantText(endInstant(range.end));
  if (granularity) query.granularity = granularity;
  return query;
}

/** The instants the range covers, from its first (inclusive) to past its last (exclusive); open ends are infinite. */
export function rangeBounds(range: DateRange): { readonly fromMs: number; readonly toMs: number } {
  return {
    fromMs: range.start ? range.start.ms : Number.NEGATIVE_INFINITY,
    toMs: range.end ? endInstant(range.end) + 1 : Number.POSITIVE_INFINITY,
  };
}

/** Whether a point's date lies inside the range the user asked for (the service may round its range). */
export function inRange(range: DateRange, ms: number): boolean {
  if (range.start && ms < range.start.ms) return false;
  return !(range.end && ms > endInstant(range.end));
}
