import {
  DAY_MS,
  hasBadZoneOffset,
  isIsoDate,
  parseIso,
  RELATIVE_DATE_FORMS,
  relativeDay,
  startOfUtcDay,
  ZONE_OFFSET_RULE,
} from "@index-data/wire/time";
import { invalidArgument } from "./cell-error";

/**
 * Excel's 1900 date system, all in UTC. Serial 25569 is 1970-01-01. Excel counts a 1900-02-29 that never
 * existed (serial 60), so serials below 61 sit one day later than plain day counting would put them.
 */
const UNIX_EPOCH_SERIAL = 25569;
/** Serial of 9999-12-31, the last date Excel shows. */
const MAX_SERIAL = 2_958_465;
const FAKE_LEAP_DAY_SERIAL = 60;
const FIRST_REAL_SERIAL_AFTER_FAKE = 61;

/** Milliseconds since 1970 (UTC) of an Excel serial, to the millisecond. */
export function serialToMs(serial: number): number {
  const days = serial < FIRST_REAL_SERIAL_AFTER_FAKE ? serial + 1 : serial;
  return Math.round((days - UNIX_EPOCH_SERIAL) * DAY_MS);
}

/** The Excel serial of an instant (UTC). */
export function msToSerial(ms: number): number {
  const days = ms / DAY_MS + UNIX_EPOCH_SERIAL;
  return days < FIRST_REAL_SERIAL_AFTER_FAKE ? days - 1 : days;
}

/** Serial of an ISO 8601 timestamp; `undefined` when it does not parse. Keeps milliseconds. */
export function isoToSerial(iso: string): number | undefined {
  const ms = parseIso(iso);
  return ms === undefined ? undefined : msToSerial(ms);
}

/** ISO 8601 (UTC, milliseconds) of a serial; round-trips `isoToSerial` exactly. */
export function serialToIso(serial: number): string {
  return new Date(serialToMs(serial)).toISOString();
}

/** A date argument, resolved: the instant, and whether it names a whole day (no time of day given). */
export interface DateArgument {
  readonly ms: number;
  readonly wholeDay: boolean;
}

export const DATE_FORMS = `a date (a cell, TODAY(), or an Excel serial), an ISO date such as "2024-03-31", or a relative form such as ${RELATIVE_DATE_FORMS}`;

/** Parses a date argument; `undefined` when omitted. Throws a `#VALUE!` CellError naming `argument`. */
export function parseDateArgument(value: unknown, argument: string, now: Date): DateArgument | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") return fromSerial(value, argument);
  if (typeof value !== "string") throw invalidArgument(argument, `use ${DATE_FORMS}`, value);
  const today = startOfUtcDay(now.getTime());
  // A sheet's history cells give the same few date texts over and over: each is read once a day.
  const known = textsRead.get(value);
  if (known !== undefined && known.today === today) return known.argument;
  const text = value.trim();
  const relative = relativeDay(text, today);
  const ms = relative ?? parseIso(text);
  if (ms === undefined && hasBadZoneOffset(text)) throw invalidArgument(argument, ZONE_OFFSET_RULE, value);
  if (ms === undefined || !inExcelRange(ms)) throw invalidArgument(argument, `use ${DATE_FORMS}`, value);
  const read: DateArgument = Object.freeze({ ms, wholeDay: relative !== undefined || isIsoDate(text) });
  if (textsRead.size >= TEXTS_READ_LIMIT) textsRead.clear();
  textsRead.set(value, { today, argument: read });
  return read;
}

/** A date text as read on one UTC day (a relative form such as "-30D" means another day tomorrow). */
interface TextRead {
  readonly today: number;
  readonly argument: DateArgument;
}

/** Date texts read lately, as given (untrimmed); bounded so a long session's memory stays flat. */
const TEXTS_READ_LIMIT = 1024;
const textsRead = new Map<string, TextRead>();

function fromSerial(serial: number, argument: string): DateArgument {
  // Serials from MAX_SERIAL + 1 on are in year 10000, which ISO 8601 (and so the service) cannot take.
  if (
    !Number.isFinite(serial) ||
    serial < 1 ||
    serial >= MAX_SERIAL + 1 ||
    Math.floor(serial) === FAKE_LEAP_DAY_SERIAL
  ) {
    throw invalidArgument(
      argument,
      `a date serial must lie between 1 (1900-01-01) and ${MAX_SERIAL} (9999-12-31), or use ${DATE_FORMS}`,
      serial,
    );
  }
  return { ms: serialToMs(serial), wholeDay: Number.isInteger(serial) };
}

function inExcelRange(ms: number): boolean {
  return ms >= serialToMs(1) && ms < serialToMs(MAX_SERIAL + 1);
}
