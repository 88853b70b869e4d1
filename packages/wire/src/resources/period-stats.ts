import { DAY_MS, isoWeekStart, startOfUtcDay } from "../time";
import type { HistoryPoint } from "./history";
import { pointTime } from "./point-time";

/**
 * Period statistics of a daily history (INDEX.PERIODS, PANEL's period option, the taskpane's monthly bars,
 * the CLI's periods command, the gateway's get_period_stats tool). Pure: instants in UTC milliseconds in, numbers out.
 */

export const PERIODS = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_STATS = [
  "avg",
  "low",
  "high",
  "first",
  "last",
  "observed",
  "carried",
  "confidence",
  "change",
  "pctchange",
] as const;
export type PeriodStat = (typeof PERIOD_STATS)[number];

/** Months per period for the calendar periods; weeks are ISO weeks (the one definition in weekly.ts). */
const MONTHS: Readonly<Record<Exclude<Period, "weekly">, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The first UTC day of the period holding `ms`. */
export function periodStart(ms: number, period: Period): number {
  if (period === "weekly") return isoWeekStart(ms);
  const date = new Date(ms);
  const months = MONTHS[period];
  const month = Math.floor(date.getUTCMonth() / months) * months;
  return Date.UTC(date.getUTCFullYear(), month, 1);
}

/** The last UTC day (its midnight) of the period that starts on `start`. */
export function periodLastDay(start: number, period: Period): number {
  if (period === "weekly") return start + 6 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + MONTHS[period], 1) - DAY_MS;
}

/**
 * Whether a value is an observation: the newer description marks a carried-forward day with a
 * publicationMode other than FRESH or with carriedForwardFrom set. The older description marks neither,
 * so there every value is an observation (as in INDEX.HISTORY's weekly rows).
 */
export function isObservation(point: HistoryPoint): boolean {
  const carried = point.carriedForwardFrom !== undefined && point.carriedForwardFrom !== null;
  return !carried && (point.publicationMode === undefined || point.publicationMode === "FRESH");
}

/** The UTC days a summary covers; a period reaching outside them is cut at them. */
export interface DayBounds {
  readonly firstDay: number;
  readonly lastDay: number;
}

/**
 * One period's row: its (cut) bounds as UTC midnights and each statistic (undefined where there is none), and the
 * period's last value inside the bounds, fresh or carried (whose provenance a row carries).
 */
export interface PeriodSummary {
  readonly start: number;
  readonly end: number;
  readonly stats: Readonly<Record<PeriodStat, number | undefined>>;
  readonly lastPoint: HistoryPoint;
}

/**
 * One period's running figures, folded in as its points come in time order: no list of values is kept, and a day
 * is counted once (the same day's points are next to each other).
 */
interface Bucket {
  readonly start: number;
  /** The first instant of the next period. */
  readonly next: number;
  fresh: number;
  sum: number;
  confidenceSum: number;
  first: number | undefined;
  last: number | undefined;
  low: number;
  high: number;
  freshDays: number;
  carriedDays: number;
  lastFreshDay: number;
  lastCarriedDay: number;
  lastPoint: HistoryPoint;
}

/**
 * One summary per period holding at least one value (fresh or carried) inside `bounds`, oldest first.
 * Only fresh values count in avg/low/high/first/last/observed/confidence; carried-forward ones only in
 * `carried`. `change` compares a period's last with the last fresh value of the periods before it (empty when
 * either is missing: the first row, or a period of carried days only). One pass over the points, in time order.
 */
export function summarisePeriods(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): PeriodSummary[] {
  const summaries: PeriodSummary[] = [];
  let previousLast: number | undefined;
  for (const bucket of bucketByPeriod(points, period, bounds)) {
    const stats = bucketStats(bucket, previousLast);
    summaries.push({
      start: Math.max(bucket.start, bounds.firstDay),
      end: Math.min(periodLastDay(bucket.start, period), bounds.lastDay),
      stats,
      lastPoint: bucket.lastPoint,
    });
    previousLast = stats.last ?? previousLast;
  }
  return summaries;
}

/**
 * The points' instants, read once (sorting by a parsed date costs a parse per comparison), and the order that puts
 * them oldest first (stable, unreadable dates left out); none when they already are, as a service sends them.
 */
function timeOrder(points: readonly HistoryPoint[]): { times: Float64Array; order: readonly number[] | undefined } {
  const times = new Float64Array(points.length);
  let sorted = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < points.length; i += 1) {
    const ms = pointTime(points[i] as HistoryPoint);
    times[i] = ms;
    // NaN compares false: an unreadable date sends the points through the sort, which leaves it out.
    if (!(ms >= previous)) sorted = false;
    previous = ms;
  }
  if (sorted) return { times, order: undefined };
  const readable = points.map((_, i) => i).filter((i) => !Number.isNaN(times[i]));
  return { times, order: readable.sort((a, b) => (times[a] as number) - (times[b] as number)) };
}

function newBucket(ms: number, period: Period, point: HistoryPoint): Bucket {
  const start = periodStart(ms, period);
  return {
    start,
    next: periodLastDay(start, period) + DAY_MS,
    fresh: 0,
    sum: 0,
    confidenceSum: 0,
    first: undefined,
    last: undefined,
    low: Number.POSITIVE_INFINITY,
    high: Number.NEGATIVE_INFINITY,
    freshDays: 0,
    carriedDays: 0,
    lastFreshDay: Number.NaN,
    lastCarriedDay: Number.NaN,
    lastPoint: point,
  };
}

/** The periods holding a point inside `bounds`, in time order, each point folded into its own. */
function bucketByPeriod(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): Bucket[] {
  const buckets: Bucket[] = [];
  let bucket: Bucket | undefined;
  const { times, order } = timeOrder(points);
  const count = order?.length ?? points.length;
  for (let k = 0; k < count; k += 1) {
    const i = order === undefined ? k : (order[k] as number);
    const point = points[i] as HistoryPoint;
    const ms = times[i] as number;
    const day = startOfUtcDay(ms);
    if (day < bounds.firstDay || day > bounds.lastDay) continue;
    if (bucket === undefined || ms >= bucket.next) {
      bucket = newBucket(ms, period, point);
      buckets.push(bucket);
    }
    bucket.lastPoint = point;
    if (isObservation(point)) {
      bucket.fresh += 1;
      bucket.sum += point.value;
      bucket.confidenceSum += point.confidence;
      bucket.first ??= point.value;
      bucket.last = point.value;
      bucket.low = Math.min(bucket.low, point.value);
      bucket.high = Math.max(bucket.high, point.value);
      if (day !== bucket.lastFreshDay) bucket.freshDays += 1;
      bucket.lastFreshDay = day;
    } else {
      if (day !== bucket.lastCarriedDay) bucket.carriedDays += 1;
      bucket.lastCarriedDay = day;
    }
  }
  return buckets;
}

function bucketStats(bucket: Bucket, previousLast: number | undefined): Record<PeriodStat, number | undefined> {
  const { last } = bucket;
  const any = bucket.fresh > 0;
  const change = last !== undefined && previousLast !== undefined ? last - previousLast : undefined;
  return {
    avg: any ? bucket.sum / bucket.fresh : undefined,
    low: any ? bucket.low : undefined,
    high: any ? bucket.high : undefined,
    first: bucket.first,
    last,
    observed: bucket.freshDays,
    carried: bucket.carriedDays,
    confidence: any ? bucket.confidenceSum / bucket.fresh : undefined,
    change,
    pctchange:
      change !== undefined && previousLast !== undefined && previousLast !== 0 ? change / previousLast : undefined,
  };
}
