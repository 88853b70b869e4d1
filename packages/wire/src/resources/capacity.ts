import { z } from "zod";
import { definedOnly } from "../records/defined-only";
import { resource, symbolKey, trimmedSymbol, TTL } from "./resource";
import { Count, Fraction, NonNegative, Timestamp, absentIfNull, ServiceText } from "./shapes";

/** GET /api/v1/index/{symbol}/capacity-metrics. The two descriptions differ in their extra fields. */
export const CapacityMetricsWire = z.looseObject({
  bookedKg: NonNegative,
  availableKg: NonNegative,
  fillRatio: Fraction,
  contributors: Count,
  avgLeadTimeDays: NonNegative,
  // Newer description only.
  modelVersion: ServiceText.nullish(),
  modelDetails: z.looseObject({ horizonDays: NonNegative, fillRatioSource: ServiceText }).nullish(),
  // Older description only.
  symbol: ServiceText.nullish(),
  recordedAt: Timestamp.nullish(),
});
export type CapacityMetricsWire = z.output<typeof CapacityMetricsWire>;

export interface CapacityMetrics {
  /** The symbol asked for (the older description also echoes it). */
  readonly symbol: string;
  readonly bookedKg: number;
  readonly availableKg: number;
  /** A fraction between 0 and 1. */
  readonly fillRatio: number;
  readonly contributors: number;
  readonly avgLeadTimeDays: number;
  readonly modelVersion?: string;
  readonly horizonDays?: number;
  readonly fillRatioSource?: string;
  readonly recordedAt?: string;
}

export function toCapacityMetrics(wire: CapacityMetricsWire, symbol: string): CapacityMetrics {
  return {
    symbol: wire.symbol ?? symbol,
    bookedKg: wire.bookedKg,
    availableKg: wire.availableKg,
    fillRatio: wire.fillRatio,
    contributors: wire.contributors,
    avgLeadTimeDays: wire.avgLeadTimeDays,
    // Spills and the command line's table show a record key by key: a field the service left out stays out.
    ...definedOnly({ modelVersion: absentIfNull(wire.modelVersion) }),
    ...(wire.modelDetails != null
      ? { horizonDays: wire.modelDetails.horizonDays, fillRatioSource: wire.modelDetails.fillRatioSource }
      : {}),
    ...definedOnly({ recordedAt: absentIfNull(wire.recordedAt) }),
  };
}

/** GET /api/v1/index/{symbol}/capacity-metrics. */
export const CAPACITY = resource({
  path: "/api/v1/index/{symbol}/capacity-metrics",
  subject: { what: "capacity metrics" },
  wire: CapacityMetricsWire,
  toData: (wire: CapacityMetricsWire, [symbol]: [symbol: string]) => toCapacityMetrics(wire, symbolKey(symbol)),
  ttls: { capacity: TTL.MINUTE },
  canonical: trimmedSymbol,
  key: ([symbol]) => `capacity|${symbol}`,
});
