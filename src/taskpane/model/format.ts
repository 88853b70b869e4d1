/**
 * Display formatting. Absent means "this service's description does not send it" and must never read as 0,
 * so every formatter takes `undefined` and returns the one absent marker.
 */
export const ABSENT = "Not sent by this service";

/** The spec prices every value in USD per kg; the catalogue has no unit column, so this is its unit. */
export const CATALOGUE_UNIT = "USD/kg";

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
/** Prices line up in a column: at least four decimals (the benchmark's precision), and never fewer than sent. */
const priceFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const countFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

export function formatNumber(value: number | undefined): string {
  return value === undefined ? ABSENT : numberFormat.format(value);
}

export function formatCount(value: number | undefined): string {
  return value === undefined ? ABSENT : countFormat.format(value);
}

/** A fraction (0.15) shown as a percentage (15%). */
export function formatFraction(value: number | undefined): string {
  return value === undefined ? ABSENT : percentFormat.format(value);
}

export function formatValueWithUnit(value: number | undefined, unit: string): string {
  return value === undefined ? ABSENT : `${priceFormat.format(value)} ${unit}`;
}

/** A timestamp in UTC, as the service means it: `2024-03-01 16:30 UTC`, or the date alone at midnight. */
export function formatTimestamp(iso: string | undefined): string {
  if (iso === undefined) return ABSENT;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const text = new Date(time).toISOString();
  const date = text.slice(0, 10);
  const clock = text.slice(11, 16);
  return clock === "00:00" ? date : `${date} ${clock} UTC`;
}

export function formatText(value: string | undefined): string {
  return value === undefined || value === "" ? ABSENT : value;
}

/** The local clock time of a refresh or a load, e.g. "14:03:27". */
export function formatClock(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleTimeString("en-GB");
}
