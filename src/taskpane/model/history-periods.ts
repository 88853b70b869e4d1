import { pointTime, type HistoryPoint } from "@index-data/wire";
import { summarisePeriods } from "../../formulas";
import { dayText, startOfUtcDay } from "@index-data/wire/time";

/** How the history chart shows a range: every daily value, or monthly averages of the fresh values. */
export type HistoryView = "daily" | "monthly";

/** One bar of the monthly view: the month ("2025-01", as in the sheet's dates), its average of fresh values, and how many days were observed. */
interface MonthlyBar {
  readonly month: string;
  readonly avg: number;
  readonly observed: number;
  readonly carried: number;
}

/**
 * Monthly averages by INDEX.PERIODS's rules (fresh values only; a month cut by the range counts only its
 * days inside). A month of carried-forward days only has no average and no bar.
 */
export function monthlyBars(points: readonly HistoryPoint[]): MonthlyBar[] {
  const days = points.map((point) => pointTime(point)).filter((ms) => !Number.isNaN(ms));
  if (days.length === 0) return [];
  const bounds = { firstDay: startOfUtcDay(Math.min(...days)), lastDay: startOfUtcDay(Math.max(...days)) };
  return summarisePeriods(points, "monthly", bounds).flatMap((summary) => {
    const { avg, observed = 0, carried = 0 } = summary.stats;
    return avg === undefined ? [] : [{ month: dayText(summary.start).slice(0, 7), avg, observed, carried }];
  });
}

/** A bar's tooltip and its line in the text equivalent. */
export function describeBar(bar: MonthlyBar, format: (value: number) => string): string {
  const days = bar.observed === 1 ? "1 observed day" : `${bar.observed} observed days`;
  return `${bar.month}: average ${format(bar.avg)}, ${days}${bar.carried > 0 ? ` (${bar.carried} carried forward)` : ""}`;
}
