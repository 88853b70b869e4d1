import { WINDOW_DAYS } from "@index-data/wire/contract";
import { dayOf, type Day } from "../dataset/calendar";
import { ServiceError } from "../service-error";

/** A query value as Fastify parses it: absent, one string, or several when the name repeats. */
export type QueryValue = string | string[] | undefined;

function single(name: string, raw: QueryValue): string | undefined {
  // The request gate refuses repeated parameters before any route runs; this only keeps the type honest.
  if (Array.isArray(raw)) {
    throw new ServiceError(400, "BAD_REQUEST", `Query parameter "${name}" is given ${raw.length} times; give it once.`);
  }
  const trimmed = raw?.trim();
  return trimmed === "" ? undefined : trimmed;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A date parameter as a UTC day: `2025-01-31`, or a timestamp with `Z` or an offset, milliseconds allowed. */
export function parseDay(name: string, raw: QueryValue): Day | undefined {
  const text = single(name, raw);
  if (text === undefined) return undefined;
  const parts = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  const instant = parts ? Date.parse(ISO_DATE.test(text) ? `${text}T00:00:00Z` : text) : Number.NaN;
  // Date.parse rolls 2025-02-30 over to March; comparing the calendar fields refuses it.
  const calendarOk =
    parts !== null && Number.isFinite(instant) && isRealDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  if (!calendarOk) {
    throw new ServiceError(
      400,
      "INVALID_DATE",
      `${name} "${text}" is not an ISO 8601 date. Use e.g. 2025-01-31 or 2025-01-31T00:00:00.000Z.`,
    );
  }
  return dayOf(new Date(instant));
}

function isRealDate(year: number, month: number, dayOfMonth: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth;
}

/** `windowDays`: a whole number of days within WINDOW_DAYS, default WINDOW_DAYS.default. */
export function parseWindowDays(raw: QueryValue): number {
  const text = single("windowDays", raw);
  if (text === undefined) return WINDOW_DAYS.default;
  const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(days >= WINDOW_DAYS.min && days <= WINDOW_DAYS.max)) {
    throw new ServiceError(
      400,
      "INVALID_WINDOW",
      `windowDays must be a whole number from ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max} (default ${WINDOW_DAYS.default}); got "${text}".`,
    );
  }
  return days;
}

type Granularity = "daily" | "weekly";

/** `granularity` of the older description: `daily` (default) or `weekly`. */
export function parseGranularity(raw: QueryValue): Granularity {
  const text = single("granularity", raw);
  const value = text?.toLowerCase();
  if (value === undefined || value === "daily") return "daily";
  if (value === "weekly") return "weekly";
  throw new ServiceError(400, "INVALID_GRANULARITY", `granularity must be "daily" or "weekly"; got "${text}".`);
}
