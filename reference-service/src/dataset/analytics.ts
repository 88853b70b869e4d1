import { isoWeekStart, type Day } from "./calendar";
import type { Dataset } from "./dataset";
import type { IndexDefinition } from "./definitions";
import { roundTo } from "./random";
import type { Observation } from "./series";

/**
 * Weekly values: for each ISO week (Monday to Sunday) in the range, the last FRESH value published in
 * that week, dated the day it was published (the week's last business day within the range). Weeks
 * with only carried-forward days in the range are left out.
 */
export function weeklyOf<T extends Pick<Observation, "day" | "publicationMode">>(daily: readonly T[]): T[] {
  const lastFreshByWeek = new Map<Day, T>();
  for (const observation of daily) {
    if (observation.publicationMode === "FRESH") lastFreshByWeek.set(isoWeekStart(observation.day), observation);
  }
  return [...lastFreshByWeek.values()].sort((a, b) => a.day - b.day);
}

/** Calendar days in a year: the window counts calendar days, carried-forward days included. */
const DAYS_PER_YEAR = 365;

interface VolatilityFigures {
  readonly annualizedVol: number;
  readonly windowDays: number;
  readonly dataPoints: number;
  readonly startDay: Day;
  readonly endDay: Day;
}

/**
 * Annualised volatility over the `windowDays` calendar days ending at the last published day:
 * root-mean-square of daily log returns (carried-forward days return 0) times sqrt(365).
 * Null when the window holds fewer than 2 values.
 */
export function volatilityOf(
  dataset: Dataset,
  definition: IndexDefinition,
  windowDays: number,
  today: Day,
): VolatilityFigures | null {
  const range = dataset.publishedRange(definition, today);
  if (range === null) return null;
  const startDay = range.last - windowDays + 1;
  const values = dataset.observations(definition, startDay, range.last, today);
  if (values.length < 2) return null;
  let sumOfSquares = 0;
  for (let i = 1; i < values.length; i += 1) {
    const previous = values[i - 1];
    const current = values[i];
    if (previous === undefined || current === undefined) continue;
    sumOfSquares += Math.log(current.value / previous.value) ** 2;
  }
  const dailyVol = Math.sqrt(sumOfSquares / (values.length - 1));
  return {
    annualizedVol: roundTo(dailyVol * Math.sqrt(DAYS_PER_YEAR), 6),
    windowDays,
    dataPoints: values.length,
    startDay: Math.max(startDay, range.first),
    endDay: range.last,
  };
}
