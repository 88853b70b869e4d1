/** The history chart's range picker: each range also names the relative start INDEX.HISTORY accepts. */
export const HISTORY_RANGES = [
  { id: "1M", label: "1 month", months: 1, relative: "-1M" },
  { id: "3M", label: "3 months", months: 3, relative: "-3M" },
  { id: "6M", label: "6 months", months: 6, relative: "-6M" },
  { id: "1Y", label: "1 year", months: 12, relative: "-1Y" },
  { id: "2Y", label: "2 years", months: 24, relative: "-2Y" },
] as const;

export type HistoryRangeId = (typeof HISTORY_RANGES)[number]["id"];
export const DEFAULT_HISTORY_RANGE: HistoryRangeId = "3M";

export function historyRange(id: HistoryRangeId): (typeof HISTORY_RANGES)[number] {
  return HISTORY_RANGES.find((range) => range.id === id) ?? HISTORY_RANGES[1];
}

/** Start and end dates (UTC, `YYYY-MM-DD`) of a range ending at `now`. */
export function historyQueryFor(id: HistoryRangeId, now: Date): { startDate: string; endDate: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - historyRange(id).months;
  // Clamp the day so 31 March minus one month is 29 February, not 2 March.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay)));
  return { startDate: start.toISOString().slice(0, 10), endDate: now.toISOString().slice(0, 10) };
}
