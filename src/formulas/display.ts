import { dayText, startOfUtcDay } from "@index-data/wire/time";

/**
 * How values read outside a sheet (the CLI's tables and CSV, the formula preview): numbers without float noise,
 * dates in the form Excel reads. Cells, --json and the preview's cell values keep the full values.
 */

/**
 * Significant digits shown: every digit the data has (prices have 4 decimals, figures at most 12 significant digits)
 * and none of a double's rounding noise, which sits in the 16th and 17th digit of the operands and moves up a few
 * places when two close prices are subtracted (1.8459 - 1.838 is 0.0079000000000000625).
 */
const SHOWN_DIGITS = 12;

/**
 * A number for reading: at most 12 significant digits, so arithmetic's float noise goes (1.8075800000000002 reads
 * 1.80758, -0.2572000000000001 reads -0.2572, 0.0079000000000000625 reads 0.0079) and every digit the data has stays.
 */
export function displayNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number.parseFloat(value.toPrecision(SHOWN_DIGITS)));
}

/** An ISO timestamp with an explicit UTC offset, as the service sends them. */
const SERVICE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/**
 * A service timestamp in a form Excel reads as a date: "2025-01-06" at midnight UTC (a fix's day), else
 * "2025-01-06 16:30:00" (UTC). Undefined for any other text, which is shown as it is.
 */
export function displayTimestamp(text: string): string | undefined {
  if (!SERVICE_TIMESTAMP.test(text)) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  if (ms === startOfUtcDay(ms)) return dayText(ms);
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}
