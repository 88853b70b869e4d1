import {
  DerivedValues,
  pointsWithin,
  seedTimeline,
  type Answered,
  type History,
  type HistoryQuery,
} from "@index-data/wire";
import { DAY_MS, parseInstant, startOfUtcDay } from "@index-data/wire/time";

/**
 * A closed range of whole UTC days: `startMs` and `endMs` are the midnights of its first and last day.
 * History is daily, and the service reads any date or instant as the UTC day it falls in.
 */
export interface DateRange {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The range of a history query that can be merged with others: daily values (granularity absent or
 * daily) between two explicit, unambiguous dates. Weekly buckets depend on where the range starts, and a
 * range without dates takes the service's unpublished default, so neither is merged.
 */
export function mergeableRange(query: HistoryQuery | undefined): DateRange | undefined {
  if (query === undefined || (query.granularity !== undefined && query.granularity !== "daily")) return undefined;
  const { startDate, endDate } = query;
  if (startDate === undefined || endDate === undefined) return undefined;
  const start = parseInstant(startDate);
  const end = parseInstant(endDate);
  if (start === undefined || end === undefined) return undefined;
  const range = { startMs: startOfUtcDay(start), endMs: startOfUtcDay(end) };
  // A reversed range is the service's to refuse (400), with its own message.
  return range.startMs <= range.endMs ? range : undefined;
}

export function covers(outer: DateRange, inner: DateRange): boolean {
  return outer.startMs <= inner.startMs && inner.endMs <= outer.endMs;
}

function union(a: DateRange, b: DateRange): DateRange {
  return { startMs: Math.min(a.startMs, b.startMs), endMs: Math.max(a.endMs, b.endMs) };
}

/**
 * Groups ranges of one symbol into as few requests as possible: sorted by start, each range joins the
 * current group while the group's union spans at most `maxSpanMs` (a gap inside costs only a few extra
 * daily points, far less than a request).
 */
export function groupRanges<T extends { readonly range: DateRange }>(items: readonly T[], maxSpanMs: number): T[][] {
  const sorted = [...items].sort((a, b) => a.range.startMs - b.range.startMs);
  const groups: T[][] = [];
  let current: T[] = [];
  let span: DateRange | undefined;
  for (const item of sorted) {
    const widened = span === undefined ? item.range : union(span, item.range);
    if (span !== undefined && widened.endMs - widened.startMs > maxSpanMs) {
      groups.push(current);
      current = [];
      span = item.range;
    } else {
      span = widened;
    }
    current.push(item);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

export function unionOf(ranges: readonly DateRange[]): DateRange | undefined {
  return ranges.reduce<DateRange | undefined>((acc, r) => (acc === undefined ? r : union(acc, r)), undefined);
}

/**
 * The part of a wider history that a narrower request asked for: the same points the service returns
 * for that range (both days inclusive), with the effective range narrowed to match. Found by binary search over the
 * wide answer's dates, read once for every slice of it; the slice keeps its part of them, in a memo of its own. The
 * facts of the wide answer's response (served stale by a cache) go with each slice.
 */
export function sliceHistory(answer: Answered<History>, range: DateRange): Answered<History> {
  const wide = answer.data;
  const { values, timeline } = pointsWithin(answer, range.startMs, range.endMs + DAY_MS);
  const wideStart = Date.parse(wide.startDate);
  const wideEnd = Date.parse(wide.endDate);
  const startMs = Number.isNaN(wideStart) ? range.startMs : Math.max(wideStart, range.startMs);
  const endMs = Number.isNaN(wideEnd) ? range.endMs : Math.min(wideEnd, range.endMs);
  const slice = {
    symbol: wide.symbol,
    granularity: wide.granularity,
    startDate: new Date(startMs).toISOString(),
    endDate: new Date(Math.max(startMs, endMs)).toISOString(),
    values,
  };
  const derived = new DerivedValues();
  seedTimeline(derived, timeline);
  return { data: slice, meta: answer.meta, derived };
}
