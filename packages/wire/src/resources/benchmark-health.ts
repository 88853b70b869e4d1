import { z } from "zod";
import { serviceWide, TTL } from "./resource";
import { BenchmarkSummaryWire, Timestamp, type BenchmarkSummary, ServiceText } from "./shapes";

/** GET /api/v1/benchmark/health (newer description only): 72-hour integrity diagnostics. */
export const BenchmarkHealthWire = z.looseObject({
  asOf: Timestamp,
  benchmarkStatus: ServiceText,
  reasons: z.array(ServiceText).nullish(),
  summary: BenchmarkSummaryWire,
});
export type BenchmarkHealthWire = z.output<typeof BenchmarkHealthWire>;

export interface BenchmarkHealth {
  readonly asOf: string;
  readonly benchmarkStatus: string;
  readonly reasons: readonly string[];
  readonly summary: BenchmarkSummary;
}

export function toBenchmarkHealth(wire: BenchmarkHealthWire): BenchmarkHealth {
  return {
    asOf: wire.asOf,
    benchmarkStatus: wire.benchmarkStatus,
    reasons: wire.reasons ?? [],
    summary: wire.summary,
  };
}

/** GET /api/v1/benchmark/health (newer description only). */
export const BENCHMARK_HEALTH = serviceWide(
  "benchmarkHealth",
  "/api/v1/benchmark/health",
  BenchmarkHealthWire,
  toBenchmarkHealth,
  {
    subject: { what: "benchmark health", newerOnly: true },
    ttl: 30 * TTL.SECOND,
  },
);
