import type { BenchmarkHealth, CapacityMetrics } from "@index-data/wire";
import { ownFields, type FieldTable } from "./field-table";

/** INDEX.CAPACITY fields, in the order of the whole-record spill. */
export const CAPACITY_FIELDS = ownFields<CapacityMetrics>()(
  [
    "symbol",
    "bookedKg",
    "availableKg",
    "fillRatio",
    "contributors",
    "avgLeadTimeDays",
    "modelVersion",
    "horizonDays",
    "fillRatioSource",
    "recordedAt",
  ],
  ["recordedAt"],
);
export type CapacityField = keyof typeof CAPACITY_FIELDS;

/** INDEX.HEALTH scalar fields; `reasons` is a list and is handled apart. */
export const HEALTH_FIELDS = {
  benchmarkStatus: { read: (h) => h.benchmarkStatus },
  asOf: { read: (h) => h.asOf, timestamp: true },
  activeIndexCount: { read: (h) => h.summary.activeIndexCount },
  avgConfidence: { read: (h) => h.summary.avgConfidence },
  carryForwardShare: { read: (h) => h.summary.carryForwardShare },
  approvedRealData72h: { read: (h) => h.summary.approvedRealData72h },
  flagshipFlatHours: { read: (h) => h.summary.flagshipFlatHours },
  flagshipTopContributorShare: { read: (h) => h.summary.flagshipTopContributorShare },
} as const satisfies FieldTable<BenchmarkHealth, string>;
export type HealthField = keyof typeof HEALTH_FIELDS | "reasons" | "all";
