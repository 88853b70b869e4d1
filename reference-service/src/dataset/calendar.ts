import { DAY_MS } from "@index-data/wire/time";

/**
 * Calendar arithmetic on whole UTC days. A `Day` is the count of days since 1970-01-01 (UTC), so
 * ranges are integer loops and nothing depends on the host's time zone.
 */
export type Day = number;

/** First day of the price walk. Every value is a pure function of (symbol, day) counted from here. */
export const DATA_EPOCH: Day = dayFromIsoDate("2022-01-03");

/** Fixed non-publication days (month, day), every year: values are carried forward over them. */
const HOLIDAYS: ReadonlyArray<readonly [month: number, day: number]> = [
  [1, 1],
  [12, 25],
  [12, 26],
];

export function dayFromIsoDate(isoDate: string): Day {
  return Math.floor(Date.parse(`${isoDate}T00:00:00.000Z`) / DAY_MS);
}

export function dayOf(instant: Date): Day {
  return Math.floor(instant.getTime() / DAY_MS);
}

export function startOfDay(day: Day): Date {
  return new Date(day * DAY_MS);
}

/** The day as the service sends it: midnight UTC with milliseconds, e.g. `2025-01-06T00:00:00.000Z`. */
export function dayToTimestamp(day: Day): string {
  return startOfDay(day).toISOString();
}

/** 0 = Sunday … 6 = Saturday. */
function weekdayOf(day: Day): number {
  return (((day + 4) % 7) + 7) % 7;
}

function isHoliday(day: Day): boolean {
  const date = startOfDay(day);
  const month = date.getUTCMonth() + 1;
  const dom = date.getUTCDate();
  return HOLIDAYS.some(([m, d]) => m === month && d === dom);
}

/** A day on which a fresh value is published: Monday to Friday, not a holiday. */
export function isBusinessDay(day: Day): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/** The latest business day on or before `day`. */
export function businessDayOnOrBefore(day: Day): Day {
  let d = day;
  while (!isBusinessDay(d)) d -= 1;
  return d;
}

/** The first business day on or after `day`. */
export function businessDayOnOrAfter(day: Day): Day {
  let d = day;
  while (!isBusinessDay(d)) d += 1;
  return d;
}

/** Monday of the ISO week holding `day`. */
export function isoWeekStart(day: Day): Day {
  const weekday = weekdayOf(day);
  return day - ((weekday + 6) % 7);
}
