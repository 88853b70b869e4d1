import { businessDayOnOrBefore, dayOf, isBusinessDay, startOfDay, type Day } from "./calendar";
import type { Dataset } from "./dataset";
import { FLAGSHIP_SYMBOL, type IndexDefinition } from "./definitions";
import { roundTo } from "./random";

export interface BenchmarkSummary {
  readonly activeIndexCount: number;
  readonly avgConfidence: number;
  readonly carryForwardShare: number;
  readonly approvedRealData72h: number;
  readonly flagshipFlatHours: number;
  readonly flagshipTopContributorShare: number;
}

const HOUR_MS = 3_600_000;

/**
 * The benchmark's 72-hour integrity figures, computed from the data as of `now`:
 * - activeIndexCount: active indexes with data;
 * - avgConfidence: mean confidence of their latest values;
 * - carryForwardShare: share of their values of the last 3 days that were carried forward;
 * - approvedRealData72h: executed trades plus firm quotes behind FIRM/PROVISIONAL fresh values of the last 3 days;
 * - flagshipFlatHours: business-day hours since the flagship last published a fresh value;
 * - flagshipTopContributorShare: the largest contributor's share in the flagship's latest value.
 */
export function benchmarkSummaryOf(dataset: Dataset, now: Date): BenchmarkSummary {
  const today = dayOf(now);
  const active = dataset.indexes.filter((d) => d.isActive && dataset.latest(d, today) !== null);
  const latestConfidences = active.map((d) => dataset.latest(d, today)?.confidence ?? 0);
  const recent = active.flatMap((d) => dataset.observations(d, today - 2, today, today));
  const carried = recent.filter((o) => o.publicationMode === "CARRIED_FORWARD").length;
  const approved = recent
    .filter((o) => o.publicationMode === "FRESH" && (o.status === "FIRM" || o.status === "PROVISIONAL"))
    .reduce((sum, o) => sum + o.coverage.executedTrades + o.coverage.firmQuotes, 0);
  const flagship = dataset.find(FLAGSHIP_SYMBOL) ?? active[0];
  return {
    activeIndexCount: active.length,
    avgConfidence: roundTo(mean(latestConfidences), 1),
    carryForwardShare: recent.length === 0 ? 0 : roundTo(carried / recent.length, 3),
    approvedRealData72h: approved,
    flagshipFlatHours: flagship ? flatHours(dataset, flagship, now) : 0,
    flagshipTopContributorShare: flagship ? (dataset.latest(flagship, today)?.coverage.topContributorShare ?? 0) : 0,
  };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Hours on business days between the start of the flagship's last fresh day and `now`. */
function flatHours(dataset: Dataset, flagship: IndexDefinition, now: Date): number {
  const today = dayOf(now);
  const range = dataset.publishedRange(flagship, today);
  if (range === null) return 0;
  const lastFresh: Day = Math.max(range.first, businessDayOnOrBefore(range.last));
  let hours = 0;
  for (let day = lastFresh; day <= today; day += 1) {
    if (!isBusinessDay(day)) continue;
    const start = startOfDay(day).getTime();
    const end = Math.min(start + 24 * HOUR_MS, now.getTime());
    hours += Math.max(0, end - start) / HOUR_MS;
  }
  return roundTo(hours, 2);
}
