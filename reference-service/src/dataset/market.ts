import { startOfDay, type Day } from "./calendar";
import type { IndexDefinition } from "./definitions";
import { hashString, integerBetween, roundTo, uniform } from "./random";

const FORWARD_TENORS_MONTHS = [1, 2, 3, 6, 9, 12] as const;

interface ForwardPoint {
  readonly tenorMonths: number;
  readonly tenorLabel: string;
  readonly forwardPrice: number;
  readonly spreadBps: number;
}

/**
 * The forward curve from a spot price: the index's annual carry plus a seasonal term that peaks in
 * (northern) winter, so curves are neither flat nor straight.
 */
export function forwardCurveOf(definition: IndexDefinition, spot: number, day: Day): ForwardPoint[] {
  const month = startOfDay(day).getUTCMonth();
  const phase = 2 * Math.PI * uniform(hashString(definition.symbol), 21);
  return FORWARD_TENORS_MONTHS.map((tenorMonths) => {
    const seasonal = 0.012 * (Math.sin((2 * Math.PI * (month + tenorMonths)) / 12 + phase) - Math.sin(phase));
    const forwardPrice = roundTo(spot * Math.exp((definition.carryPerYear * tenorMonths) / 12 + seasonal), 4);
    return {
      tenorMonths,
      tenorLabel: `${tenorMonths}M`,
      forwardPrice,
      spreadBps: roundTo((forwardPrice / spot - 1) * 10_000, 1),
    };
  });
}

interface CapacityFigures {
  readonly bookedKg: number;
  readonly availableKg: number;
  readonly fillRatio: number;
  readonly avgLeadTimeDays: number;
  readonly horizonDays: number;
}

/** Lead-time bucket `<m>x<n>` in months, e.g. `1x3`. */
function leadTimeMonths(leadTime: string): readonly [number, number] {
  const match = /^(\d+)x(\d+)$/.exec(leadTime);
  return match ? [Number(match[1]), Number(match[2])] : [1, 3];
}

/** Booked and free delivery capacity on a day: a seasonal fill ratio around each index's own level. */
export function capacityOf(definition: IndexDefinition, day: Day): CapacityFigures {
  const seed = hashString(definition.symbol);
  const declaredKg = integerBetween(800, 2400, seed, 31) * 1000;
  const wave = 0.22 * Math.sin(day / 45 + 2 * Math.PI * uniform(seed, 32));
  const fill = Math.min(0.97, Math.max(0.18, 0.58 + wave + 0.08 * (uniform(seed, 33, day) - 0.5)));
  const bookedKg = Math.round(declaredKg * fill);
  const [from, to] = leadTimeMonths(definition.leadTime);
  return {
    bookedKg,
    availableKg: declaredKg - bookedKg,
    fillRatio: roundTo(bookedKg / declaredKg, 4),
    avgLeadTimeDays: roundTo(((from + to) / 2) * 30.4 + 6 * (uniform(seed, 34, day) - 0.5), 1),
    horizonDays: to * 30,
  };
}
