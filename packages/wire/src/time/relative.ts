import { addUtcMonths, DAY_MS } from "./day";

/** A date relative to today: a signed count of days, weeks, months or years ("-30D", "-6W", "-6M", "-1Y"). */
const RELATIVE_PATTERN = /^([+-]?)(\d{1,5})([DWMY])$/i;

/** The relative forms in words, for an error or a tool's description. */
export const RELATIVE_DATE_FORMS = '"-30D", "-6W", "-6M", "-1Y" or "TODAY"';

/**
 * The UTC midnight a relative form names, counted from `today` (a UTC midnight); undefined when `text` is not one.
 * One rule for the functions, the command line and the gateway's tools.
 */
export function relativeDay(text: string, today: number): number | undefined {
  if (/^today$/i.test(text)) return today;
  const match = RELATIVE_PATTERN.exec(text);
  if (match === null) return undefined;
  const amount = Number(match[2]) * (match[1] === "-" ? -1 : 1);
  switch ((match[3] ?? "D").toUpperCase()) {
    case "W":
      return today + amount * 7 * DAY_MS;
    case "M":
      return addUtcMonths(today, amount);
    case "Y":
      return addUtcMonths(today, amount * 12);
    default:
      return today + amount * DAY_MS;
  }
}

/** Monday 00:00 UTC of the ISO week holding `ms` (ISO weeks run Monday to Sunday). */
export function isoWeekStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return (day - sinceMonday) * DAY_MS;
}
