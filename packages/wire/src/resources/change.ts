import { addUtcMonths, DAY_MS, dayText, parseIso, startOfUtcDay } from "../time";
import type { HistoryPoint, HistoryQuery } from "./history";
import { periodStart, type Period } from "./period-stats";
import { pointTime } from "./point-time";

/**
 * The change of an index over a period (INDEX.CHANGE, =A1.Change, the CLI's change command, the gateway's get_change
 * tool), as docs/functions.md defines it: the latest fix against the daily history's value on the last day on or
 * before a target day, reckoned from the latest fix's date. One definition and one way of asking for it, so every
 * caller reads the same two resources: the latest fix, then one history range anchored on its date that holds every
 * period's base. Pure day arithmetic in UTC; the reads are the caller's.
 */

export const CHANGE_PERIODS = ["1D", "1W", "1M", "3M", "6M", "1Y", "WTD", "MTD", "QTD", "YTD"] as const;
export type ChangePeriod = (typeof CHANGE_PERIODS)[number];
export const CHANGE_MODES = ["pct", "abs"] as const;
export type ChangeMode = (typeof CHANGE_MODES)[number];

/** Calendar months back for the month and year periods (addUtcMonths clamps to the month's end). */
const MONTHS_BACK: Readonly<Partial<Record<ChangePeriod, number>>> = { "1M": 1, "3M": 3, "6M": 6, "1Y": 12 };
/** The period-to-date periods, by the calendar period they run within (weeks are ISO weeks, Monday to Sunday). */
const TO_DATE: Readonly<Partial<Record<ChangePeriod, Period>>> = {
  WTD: "weekly",
  MTD: "monthly",
  QTD: "quarterly",
  YTD: "yearly",
};

/**
 * How far before the earliest target the range reaches: a weekly index, or a service that skips weekends and
 * holidays, still has its base in it.
 */
export const CHANGE_LOOKBACK_DAYS = 14;
/** When a base is not in that range (a young index, a long gap): one more range, this far back before it. */
const FAR_LOOKBACK_DAYS = 366;

/**
 * The target day (a UTC midnight) of `period` before `latestDay`: 1D one calendar day, 1W seven, months and years
 * calendar ones clamped to the month's end (31 March − 1M is 28 or 29 February); a period to date the last day of
 * the period before the one holding `latestDay` (WTD the Sunday before its ISO week, MTD the last day of the month
 * before, QTD of the quarter before, YTD 31 December of the year before).
 */
export function targetDay(latestDay: number, period: ChangePeriod): number {
  if (period === "1D") return latestDay - DAY_MS;
  if (period === "1W") return latestDay - 7 * DAY_MS;
  const toDate = TO_DATE[period];
  if (toDate !== undefined) return periodStart(latestDay, toDate) - DAY_MS;
  return addUtcMonths(latestDay, -(MONTHS_BACK[period] ?? 0));
}

/** A range of whole UTC days, both ends included, as UTC midnights. */
export interface ChangeRange {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The one history range every period of an index shares: from the lookback before the earliest target of any
 * period to the latest fix's day. It depends on the latest fix's day only, so all periods and modes ask the same.
 */
export function changeRange(latestDay: number): ChangeRange {
  const earliest = Math.min(...CHANGE_PERIODS.map((period) => targetDay(latestDay, period)));
  return { startMs: earliest - CHANGE_LOOKBACK_DAYS * DAY_MS, endMs: latestDay };
}

/** A range as the service's history query takes it: whole days, the form every caller sends alike. */
export function changeQuery(range: ChangeRange): HistoryQuery {
  return { startDate: dayText(range.startMs), endDate: dayText(range.endMs) };
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
function firstDay(points: readonly HistoryPoint[]): number | undefined {
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

/** What measuring a change reads: the latest fix's value and date, and the points of a daily history range. */
export interface ChangeReads {
  readonly latest: () => Promise<{ readonly value: number; readonly asOf: string }>;
  readonly history: (query: HistoryQuery) => Promise<readonly HistoryPoint[]>;
}

/** The latest fix as the change reads it: its value and its UTC day. */
export interface ChangeLatest {
  readonly value: number;
  readonly day: number;
}

/**
 * A change, or why there is none, in words any caller may show: no base on or before the target (`reason` says
 * where the history starts when it shows it), a base of 0 for a percentage, or a latest fix without a readable date.
 */
export type ChangeOutcome =
  | {
      readonly kind: "change";
      readonly change: number;
      readonly latest: ChangeLatest;
      readonly base: ChangeBase;
      readonly target: number;
    }
  | { readonly kind: "no-base"; readonly latest: ChangeLatest; readonly target: number; readonly reason: string }
  | {
      readonly kind: "zero-base";
      readonly latest: ChangeLatest;
      readonly base: ChangeBase;
      readonly target: number;
      readonly reason: string;
    }
  | { readonly kind: "undated"; readonly reason: string };

/**
 * The change of `period` in `mode`: reads the latest fix, then the range anchored on its day (changeRange), and only
 * when the base is not in it, one range further back. Every period of an index reads the same two resources.
 */
export async function measureChange(
  reads: ChangeReads,
  period: ChangePeriod,
  mode: ChangeMode,
): Promise<ChangeOutcome> {
  const fix = await reads.latest();
  const latestMs = parseIso(fix.asOf);
  if (latestMs === undefined) return { kind: "undated", reason: "the latest fix has no readable date" };
  const latest = { value: fix.value, day: startOfUtcDay(latestMs) };
  const target = targetDay(latest.day, period);
  const range = changeRange(latest.day);
  const near = await reads.history(changeQuery(range));
  let base = baseOn(near, target);
  let seen = near;
  if (base === undefined) {
    const far = await reads.history(
      changeQuery({ startMs: range.startMs - FAR_LOOKBACK_DAYS * DAY_MS, endMs: range.startMs - DAY_MS }),
    );
    base = baseOn(far, target);
    seen = [...far, ...near];
  }
  if (base === undefined) {
    const first = firstDay(seen);
    const starts =
      first === undefined || first <= target ? "no value on or before it" : `history starts ${dayText(first)}`;
    return { kind: "no-base", latest, target, reason: `no ${period} base on ${dayText(target)}: ${starts}` };
  }
  if (mode === "pct" && base.point.value === 0)
    return {
      kind: "zero-base",
      latest,
      base,
      target,
      reason: `the ${period} base (${dayText(base.day)}) is 0: no percentage change`,
    };
  return { kind: "change", change: changeValue(latest.value, base.point.value, mode), latest, base, target };
}
