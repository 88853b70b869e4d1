import type { BenchmarkSummary } from "./dataset/benchmark";

export const HEALTH_STATES = ["ok", "degraded", "down"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** Reason codes this service emits. The first two are the ones the spec has observed. */
export const REASON_CODES = {
  flagshipFlat: "benchmark_flagship_flat_over_72h",
  lowConfidence: "benchmark_avg_confidence_below_50",
  feedUnavailable: "benchmark_source_feed_unavailable",
  noApprovedData: "benchmark_no_approved_real_data_72h",
} as const;

/** `benchmarkStatus` for each system state. */
const BENCHMARK_STATUS: Readonly<Record<HealthState, string>> = {
  ok: "healthy",
  degraded: "degraded",
  down: "suspended",
};

interface BenchmarkVerdict {
  readonly benchmarkStatus: string;
  readonly reasons: readonly string[];
  readonly summary: BenchmarkSummary;
}

/**
 * The benchmark's status under a system state. The state is set by the operator (or a test); the
 * summary is the data's own, pushed past the thresholds that the state's reasons name, so the two agree.
 */
export function benchmarkVerdict(summary: BenchmarkSummary, state: HealthState): BenchmarkVerdict {
  const benchmarkStatus = BENCHMARK_STATUS[state];
  if (state === "degraded") {
    return {
      benchmarkStatus,
      reasons: [REASON_CODES.flagshipFlat, REASON_CODES.lowConfidence],
      summary: {
        ...summary,
        flagshipFlatHours: Math.max(summary.flagshipFlatHours, 96.5),
        avgConfidence: Math.min(summary.avgConfidence, 44.2),
      },
    };
  }
  if (state === "down") {
    return {
      benchmarkStatus,
      reasons: [REASON_CODES.feedUnavailable, REASON_CODES.noApprovedData],
      summary: { ...summary, approvedRealData72h: 0 },
    };
  }
  return { benchmarkStatus, reasons: [], summary };
}
