import { DAY_MS } from "@index-data/wire/time";

/**
 * Excel's serial of 1970-01-01 in its 1900 date system (days since 1899-12-30, right for every day after
 * 1900-03-01). Written here from Excel's rule rather than taken from src/formulas/dates.ts, so tests check the
 * code's dates against the rule, never against the code itself.
 */
export const UNIX_EPOCH_SERIAL = 25569;

/** The Excel serial of an ISO date ("2025-01-06": that day's midnight UTC) or of a date-time (its instant). */
export function serial(iso: string): number {
  return Date.parse(iso) / DAY_MS + UNIX_EPOCH_SERIAL;
}

/** The instant an Excel serial stands for, as ISO text, to the millisecond. */
export function isoOfSerial(days: number): string {
  return new Date(Math.round((days - UNIX_EPOCH_SERIAL) * DAY_MS)).toISOString();
}
