import { invalidArgument } from "./cell-error";

/**
 * Excel's 1900 date system, all in UTC. Serial 25569 is 1970-01-01. Excel counts a 1900-02-29 that never
 * existed (serial 60), so serials below 61 sit one day later than plain day counting would put them.
 */
export const UNIX_EPOCH_SERIAL = 25569;
export const MS_PER_DAY = 86_400_000;
/** Serial of 9999-12-31, the last date Excel shows. */
export const MAX_SERIAL = 2_958_465;
const FAKE_LEAP_DAY_SERIAL = 60;
const FIRST_REAL_SERIAL_AFTER_FAKE = 61;

/** Milliseconds since 1970 (UTC) of an Excel serial, to the millisecond. */
export function serialToMs(serial: number): number {
  const days = serial < FIRST_REAL_SERIAL_AFTER_FAKE ? serial + 1 : serial;
  return Math.round((days - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
}

/** The Excel serial of an instant (UTC). */
export function msToSerial(ms: number): number {
  const days = ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
  return days < FIRST_REAL_SERIAL_AFTER_FAKE ? days - 1 : days;
}

/** Serial of an ISO 8601 timestamp; `undefined` when it does not parse. Keeps milliseconds. */
export function isoToSerial(iso: string): number | undefined {
  const ms = parseIsoStrict(iso);
  return ms === undefined ? undefined : msToSerial(ms);
}

/** ISO 8601 (UTC, milliseconds) of a serial; round-trips `isoToSerial` exactly. */
export function serialToIso(serial: number): string {
  return new Date(serialToMs(serial)).toISOString();
}

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Parses ISO 8601 date or date-time; no zone means UTC. Rejects dates that don't exist (2023-02-29). */
export function parseIsoStrict(text: string): number | undefined {
  // A sheet converts the same few hundred service timestamps for every history cell; parse each once.
  const known = parsedIso.get(text);
  if (known !== undefined || parsedIso.has(text)) return known;
  const ms = parseIsoUncached(text);
  if (parsedIso.size >= PARSED_ISO_LIMIT) parsedIso.clear();
  parsedIso.set(text, ms);
  return ms;
}

/** Bounded: cleared when full, so a long session's memory stays flat. */
const PARSED_ISO_LIMIT = 20_000;
const parsedIso = new Map<string, number | undefined>();

function parseIsoUncached(text: string): number | undefined {
  const match = ISO_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone = "Z"] = match;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
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
function hasBadZoneOffset(text: string): boolean {
  const zone = ISO_PATTERN.exec(text)?.[8];
  return zone !== undefined && zoneOffsetMs(zone) === undefined;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Start of the UTC day that contains `ms`. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;
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

/** A date argument, resolved: the instant, and whether it names a whole day (no time of day given). */
export interface DateArgument {
  readonly ms: number;
  readonly wholeDay: boolean;
}

export const DATE_FORMS =
  'a date (a cell, TODAY(), or an Excel serial), an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "TODAY"';

const RELATIVE_PATTERN = /^([+-]?)(\d{1,5})([DWMY])$/i;

/** Parses a date argument; `undefined` when omitted. Throws a `#VALUE!` CellError naming `argument`. */
export function parseDateArgument(value: unknown, argument: string, now: Date): DateArgument | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") return fromSerial(value, argument);
  if (typeof value !== "string") throw invalidArgument(argument, `use ${DATE_FORMS}`, value);
  const text = value.trim();
  const today = startOfUtcDay(now.getTime());
  if (/^today$/i.test(text)) return { ms: today, wholeDay: true };
  const relative = RELATIVE_PATTERN.exec(text);
  const ms = relative ? shiftRelative(today, relative) : parseIsoStrict(text);
  if (ms === undefined && hasBadZoneOffset(text)) throw invalidArgument(argument, ZONE_OFFSET_RULE, value);
  if (ms === undefined || !inExcelRange(ms)) throw invalidArgument(argument, `use ${DATE_FORMS}`, value);
  return { ms, wholeDay: relative !== null || /^\d{4}-\d{2}-\d{2}$/.test(text) };
}

function fromSerial(serial: number, argument: string): DateArgument {
  // Serials from MAX_SERIAL + 1 on are in year 10000, which ISO 8601 (and so the service) cannot take.
  if (!Number.isFinite(serial) || serial < 1 || serial >= MAX_SERIAL + 1 || Math.floor(serial) === FAKE_LEAP_DAY_SERIAL) {
    throw invalidArgument(argument, `a date serial must lie between 1 (1900-01-01) and ${MAX_SERIAL} (9999-12-31), or use ${DATE_FORMS}`, serial);
  }
  return { ms: serialToMs(serial), wholeDay: Number.isInteger(serial) };
}

function shiftRelative(today: number, match: RegExpExecArray): number {
  const amount = Number(match[2]) * (match[1] === "-" ? -1 : 1);
  switch ((match[3] ?? "D").toUpperCase()) {
    case "W":
      return today + amount * 7 * MS_PER_DAY;
    case "M":
      return addUtcMonths(today, amount);
    case "Y":
      return addUtcMonths(today, amount * 12);
    default:
      return today + amount * MS_PER_DAY;
  }
}

function inExcelRange(ms: number): boolean {
  return ms >= serialToMs(1) && ms < serialToMs(MAX_SERIAL + 1);
}
