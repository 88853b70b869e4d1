import { BoundedMemo } from "../memo";
import { daysInMonth } from "./day";

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses ISO 8601 date or date-time; no zone means UTC. Rejects dates that don't exist (2023-02-29). */
export function parseIso(text: string): number | undefined {
  // A sheet converts the same few hundred service timestamps for every history cell; parse each once.
  return parsedIso.get(text);
}

/**
 * Epoch ms of a date, or of a date-time that names its zone; undefined for a date-time without one. The
 * engine merges history ranges by day only where the day cannot depend on whose clock reads the text.
 */
export function parseInstant(text: string): number | undefined {
  // The cells of a sheet send the same few dates over and over: each is read once.
  return parsedInstants.get(text);
}

function parseInstantUncached(text: string): number | undefined {
  const trimmed = text.trim();
  const match = ISO_PATTERN.exec(trimmed);
  if (match === null || (match[8] === undefined && !ISO_DATE.test(trimmed))) return undefined;
  return parseIso(trimmed);
}

/** True when `text` is a bare ISO date such as "2024-03-31" (a whole day, no time of day). */
export function isIsoDate(text: string): boolean {
  return ISO_DATE.test(text);
}

/** Texts parsed lately, each memo bounded so a long session's memory stays flat. */
const PARSED_ISO_LIMIT = 20_000;
const parsedIso = new BoundedMemo(PARSED_ISO_LIMIT, parseIsoUncached);
const parsedInstants = new BoundedMemo(PARSED_ISO_LIMIT, parseInstantUncached);

function parseIsoUncached(text: string): number | undefined {
  const match = ISO_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone = "Z"] = match;
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  const hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  const offset = zoneOffsetMs(zone);
  if (offset === undefined) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  const fixed = new Date(local);
  fixed.setUTCFullYear(year);
  return fixed.getTime() - offset;
}

/** Real zones run from UTC-12:00 to UTC+14:00; ISO 8601 allows no more than ±14:00. */
const MAX_ZONE_OFFSET_MINUTES = 14 * 60;
export const ZONE_OFFSET_RULE = "a time-zone offset must lie between -14:00 and +14:00, with minutes 00 to 59";

/** The offset of a zone designator in ms; undefined when it is out of range (+99:99, +05:60). */
function zoneOffsetMs(zone: string): number | undefined {
  if (zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  const total = hours * 60 + minutes;
  if (minutes >= 60 || total > MAX_ZONE_OFFSET_MINUTES) return undefined;
  return sign * total * 60_000;
}

/** True when `text` is an ISO date-time whose only fault is its zone offset, so the message can say so. */
export function hasBadZoneOffset(text: string): boolean {
  const zone = ISO_PATTERN.exec(text)?.[8];
  return zone !== undefined && zoneOffsetMs(zone) === undefined;
}
