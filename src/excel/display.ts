import { dayText, startOfUtcDay } from "../time";

/**
 * How values read outside a sheet (the CLI's tables and CSV, the formula preview), as Excel itself would show
 * them. Cells, --json and the preview's data keep the full values.
 */

/** Significant digits Excel displays and writes to CSV. */
const EXCEL_DIGITS = 15;

/**
 * A number as Excel shows it: at most 15 significant digits, so arithmetic's float noise goes
 * (1.8075800000000002 reads 1.80758, -0.2572000000000001 reads -0.2572) and every digit the data has stays.
 */
export function displayNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number.parseFloat(value.toPrecision(EXCEL_DIGITS)));
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
