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
 * One period's values, folded in as its points come in time order: its fresh values, and each kind of day counted
 * once (the same day's points are next to each other).
 */
interface Bucket {
  readonly start: number;
  /** The first instant of the next period. */
  readonly next: number;
  readonly values: number[];
  confidence: number;
  freshDays: number;
  carriedDays: number;
  freshDay: number;
  carriedDay: number;
  lastPoint: HistoryPoint;
}

/**
 * One summary per period holding at least one value (fresh or carried) inside `bounds`, oldest first.
 * Only fresh values count in avg/low/high/first/last/observed/confidence; carried-forward ones only in
 * `carried`. `change` compares a period's last with the last fresh value of the periods before it (empty when
 * either is missing: the first row, or a period of carried days only). One pass over the points, in time order.
 */
export function summarisePeriods(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): PeriodSummary[] {
  let previousLast: number | undefined;
  return bucketByPeriod(points, period, bounds).map((bucket) => {
    const stats = bucketStats(bucket, previousLast);
    previousLast = stats.last ?? previousLast;
    return {
      start: Math.max(bucket.start, bounds.firstDay),
      end: Math.min(periodLastDay(bucket.start, period), bounds.lastDay),
      stats,
      lastPoint: bucket.lastPoint,
    };
  });
}

/**
 * The points' indexes in time order, oldest first (stable, unreadable dates left out), each point's instant read
 * once: sorting by a parsed date costs a parse per comparison. Points a service sent in order are not sorted.
 */
function timeOrder(points: readonly HistoryPoint[]): { times: Float64Array; order: Iterable<number> } {
  const times = Float64Array.from(points, pointTime);
  // NaN compares false: an unreadable date sends the points through the sort, which leaves it out.
  if (times.every((ms, i) => i === 0 || ms >= (times[i - 1] as number))) return { times, order: points.keys() };
  const order = [...points.keys()].filter((i) => !Number.isNaN(times[i]));
  return { times, order: order.sort((a, b) => (times[a] as number) - (times[b] as number)) };
}

/** The periods holding a point inside `bounds`, in time order, each point folded into its own. */
function bucketByPeriod(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): Bucket[] {
  const buckets: Bucket[] = [];
  let bucket: Bucket | undefined;
  const { times, order } = timeOrder(points);
  for (const i of order) {
    const point = points[i] as HistoryPoint;
    const ms = times[i] as number;
    const day = startOfUtcDay(ms);
    if (day < bounds.firstDay || day > bounds.lastDay) continue;
    if (bucket === undefined || ms >= bucket.next) {
      const start = periodStart(ms, period);
      const next = periodLastDay(start, period) + DAY_MS;
      bucket = {
        start,
        next,
        values: [],
        confidence: 0,
        freshDays: 0,
        carriedDays: 0,
        freshDay: Number.NaN,
        carriedDay: Number.NaN,
        lastPoint: point,
      };
      buckets.push(bucket);
    }
    bucket.lastPoint = point;
    if (isObservation(point)) {
      bucket.values.push(point.value);
      bucket.confidence += point.confidence;
      if (day !== bucket.freshDay) bucket.freshDays += 1;
      bucket.freshDay = day;
    } else {
      if (day !== bucket.carriedDay) bucket.carriedDays += 1;
      bucket.carriedDay = day;
    }
  }
  return buckets;
}

function bucketStats(bucket: Bucket, previousLast: number | undefined): Record<PeriodStat, number | undefined> {
  const { values } = bucket;
  const count = values.length;
  const last = values[count - 1];
  const change = last !== undefined && previousLast !== undefined ? last - previousLast : undefined;
  return {
    avg: count > 0 ? values.reduce((sum, value) => sum + value, 0) / count : undefined,
    low: count > 0 ? Math.min(...values) : undefined,
    high: count > 0 ? Math.max(...values) : undefined,
    first: values[0],
    last,
    observed: bucket.freshDays,
    carried: bucket.carriedDays,
    confidence: count > 0 ? bucket.confidence / count : undefined,
    change,
    pctchange:
      change !== undefined && previousLast !== undefined && previousLast !== 0 ? change / previousLast : undefined,
  };
}
