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

interface Bucket {
  readonly fresh: HistoryPoint[];
  readonly freshDays: Set<number>;
  readonly carriedDays: Set<number>;
  last: HistoryPoint;
}

/** A point and its instant, read once: sorting by a parsed date costs a parse per comparison. */
interface Timed {
  readonly point: HistoryPoint;
  readonly ms: number;
}

/**
 * One summary per period holding at least one value (fresh or carried) inside `bounds`, oldest first.
 * Only fresh values count in avg/low/high/first/last/observed/confidence; carried-forward ones only in
 * `carried`. `change` compares a period's last with the last fresh value of the periods before it (empty when
 * either is missing: the first row, or a period of carried days only).
 */
export function summarisePeriods(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): PeriodSummary[] {
  const buckets = bucketByPeriod(points, period, bounds);
  const summaries: PeriodSummary[] = [];
  let previousLast: number | undefined;
  // Buckets were made in time order, so their starts ascend: one pass over the points in all, linear in them.
  for (const [start, bucket] of buckets) {
    const stats = bucketStats(bucket, previousLast);
    summaries.push({
      start: Math.max(start, bounds.firstDay),
      end: Math.min(periodLastDay(start, period), bounds.lastDay),
      stats,
      lastPoint: bucket.last,
    });
    previousLast = stats.last ?? previousLast;
  }
  return summaries;
}

/** The points with their instants, oldest first (stable: same-day points keep their order); unreadable dates left out. */
function ascending(points: readonly HistoryPoint[]): Timed[] {
  const timed = points.map((point) => ({ point, ms: pointTime(point) })).filter(({ ms }) => !Number.isNaN(ms));
  const sorted = timed.every((entry, i) => i === 0 || (timed[i - 1] as Timed).ms <= entry.ms);
  return sorted ? timed : timed.sort((a, b) => a.ms - b.ms);
}

function bucketByPeriod(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): Map<number, Bucket> {
  const buckets = new Map<number, Bucket>();
  for (const { point, ms } of ascending(points)) {
    const day = startOfUtcDay(ms);
    if (day < bounds.firstDay || day > bounds.lastDay) continue;
    const start = periodStart(ms, period);
    let bucket = buckets.get(start);
    if (bucket === undefined) {
      bucket = { fresh: [], freshDays: new Set(), carriedDays: new Set(), last: point };
      buckets.set(start, bucket);
    }
    bucket.last = point;
    if (isObservation(point)) {
      bucket.fresh.push(point);
      bucket.freshDays.add(day);
    } else {
      bucket.carriedDays.add(day);
    }
  }
  return buckets;
}

function bucketStats(bucket: Bucket, previousLast: number | undefined): Record<PeriodStat, number | undefined> {
  const values = bucket.fresh.map((point) => point.value);
  const last = values[values.length - 1];
  const change = last !== undefined && previousLast !== undefined ? last - previousLast : undefined;
  return {
    avg: mean(values),
    low: extreme(values, Math.min),
    high: extreme(values, Math.max),
    first: values[0],
    last,
    observed: bucket.freshDays.size,
    carried: bucket.carriedDays.size,
    confidence: mean(bucket.fresh.map((point) => point.confidence)),
    change,
    pctchange:
      change !== undefined && previousLast !== undefined && previousLast !== 0 ? change / previousLast : undefined,
  };
}

/** The least or greatest value, folded (a spread of a long period's values into Math.min can overflow the stack). */
function extreme(values: readonly number[], pick: (a: number, b: number) => number): number | undefined {
  if (values.length === 0) return undefined;
  return values.reduce((best, value) => pick(best, value));
}

function mean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
