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

/** One period's row: its (cut) bounds as UTC midnights and each statistic; undefined where there is none. */
export interface PeriodSummary {
  readonly start: number;
  readonly end: number;
  readonly stats: Readonly<Record<PeriodStat, number | undefined>>;
}

interface Bucket {
  readonly fresh: HistoryPoint[];
  readonly freshDays: Set<number>;
  readonly carriedDays: Set<number>;
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
  for (const [start, bucket] of [...buckets.entries()].sort(([a], [b]) => a - b)) {
    const stats = bucketStats(bucket, previousLast);
    summaries.push({
      start: Math.max(start, bounds.firstDay),
      end: Math.min(periodLastDay(start, period), bounds.lastDay),
      stats,
    });
    previousLast = stats.last ?? previousLast;
  }
  return summaries;
}

function bucketByPeriod(points: readonly HistoryPoint[], period: Period, bounds: DayBounds): Map<number, Bucket> {
  const buckets = new Map<number, Bucket>();
  const ascending = [...points].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const point of ascending) {
    const ms = pointTime(point);
    const day = startOfUtcDay(ms);
    if (Number.isNaN(ms) || day < bounds.firstDay || day > bounds.lastDay) continue;
    const start = periodStart(ms, period);
    let bucket = buckets.get(start);
    if (bucket === undefined) {
      bucket = { fresh: [], freshDays: new Set(), carriedDays: new Set() };
      buckets.set(start, bucket);
    }
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
    low: values.length > 0 ? Math.min(...values) : undefined,
    high: values.length > 0 ? Math.max(...values) : undefined,
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

function mean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
