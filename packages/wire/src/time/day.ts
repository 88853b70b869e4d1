import { BoundedMemo } from "../memo";

/** One UTC day, in milliseconds: the service, Excel serials and history ranges all count whole UTC days. */
export const DAY_MS = 86_400_000;

/** Midnight UTC of the day `ms` falls in. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Days written lately, by day number: a sheet's cells name the same few days over and over. */
const DAY_TEXTS = new BoundedMemo(4096, (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10));

/** A UTC day as the service writes a date, e.g. "2024-01-31"; NaN or an infinite time throws a RangeError. */
export function dayText(ms: number): string {
  return DAY_TEXTS.get(Math.floor(ms / DAY_MS));
}

/** Instants written lately: a sheet's cells send the same few dates over and over. */
const INSTANT_TEXTS = new BoundedMemo(1024, (ms: number) => new Date(ms).toISOString());

/** An instant as ISO 8601 text, e.g. "2024-01-31T23:59:59.999Z"; an invalid time throws a RangeError. */
export function instantText(ms: number): string {
  return INSTANT_TEXTS.get(ms);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds calendar months in UTC, clamping to the month's last day (Mar 31 minus 1 month is Feb 28/29). */
export function addUtcMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const monthIndex = date.getUTCMonth() + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(targetYear, targetMonth + 1));
  const result = new Date(ms);
  result.setUTCFullYear(targetYear, targetMonth, day);
  return result.getTime();
}
