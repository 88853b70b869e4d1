import { pointTime, type HistoryPoint } from "@index-data/wire";
import { addUtcMonths, DAY_MS, startOfUtcDay } from "@index-data/wire/time";

/**
 * INDEX.CHANGE's definition, as docs/functions.md states it: the latest fix against the value of the service's daily
 * history on the last day on or before a target date, the latest fix's date minus the period. Pure day arithmetic,
 * all in UTC, so a test can check each rule without a service.
 */
export type ChangePeriod = "1D" | "1W" | "1M" | "3M" | "6M" | "YTD" | "1Y";
export type ChangeMode = "pct" | "abs";

const PERIOD_NAMES: readonly ChangePeriod[] = ["1D", "1W", "1M", "3M", "6M", "YTD", "1Y"];

/** The periods by the word a cell may give, any case (parseChoice lowers it). */
export const CHANGE_PERIODS: ReadonlyMap<string, ChangePeriod> = new Map(
  PERIOD_NAMES.map((period) => [period.toLowerCase(), period]),
);

export const CHANGE_MODES: ReadonlyMap<string, ChangeMode> = new Map<string, ChangeMode>(
  (["pct", "abs"] as const).map((mode) => [mode, mode]),
);

/** Calendar months back for the month and year periods (addUtcMonths clamps to the month's end). */
const MONTHS_BACK: Readonly<Partial<Record<ChangePeriod, number>>> = { "1M": 1, "3M": 3, "6M": 6, "1Y": 12 };

/**
 * The target day (a UTC midnight) of `period` before `latestDay`: 1D one calendar day, 1W seven, months and years
 * calendar ones clamped to the month's end (31 March − 1M is 28 or 29 February), YTD the 31 December before.
 */
export function targetDay(latestDay: number, period: ChangePeriod): number {
  if (period === "1D") return latestDay - DAY_MS;
  if (period === "1W") return latestDay - 7 * DAY_MS;
  if (period === "YTD") return Date.UTC(new Date(latestDay).getUTCFullYear() - 1, 11, 31);
  return addUtcMonths(latestDay, -(MONTHS_BACK[period] ?? 0));
}

/** A base: the history's point the change is measured from, and its day. */
export interface ChangeBase {
  readonly point: HistoryPoint;
  readonly day: number;
}

/**
 * The last point on or before `target` (by UTC day; the later of two on one day): days the service carried
 * forward count like any other, since the base is whatever the history says for that day. Undefined when none is.
 */
export function baseOn(points: readonly HistoryPoint[], target: number): ChangeBase | undefined {
  let base: ChangeBase | undefined;
  for (const point of points) {
    const time = pointTime(point);
    if (Number.isNaN(time)) continue;
    const day = startOfUtcDay(time);
    if (day <= target && (base === undefined || time >= pointTime(base.point))) base = { point, day };
  }
  return base;
}

/** The first day the points hold (the start of the history as far as they show it), or undefined. */
export function firstDay(points: readonly HistoryPoint[]): number | undefined {
  let first: number | undefined;
  for (const point of points) {
    const time = pointTime(point);
    if (!Number.isNaN(time) && (first === undefined || time < first)) first = startOfUtcDay(time);
  }
  return first;
}

/** pct: latest ÷ base − 1 (a fraction); abs: latest − base, in the index's unit. */
export function changeValue(latest: number, base: number, mode: ChangeMode): number {
  return mode === "pct" ? latest / base - 1 : latest - base;
}
