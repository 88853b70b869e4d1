import { z } from "zod";
import { resource, TTL } from "./resource";
import { BenchmarkSummaryWire, Timestamp, type BenchmarkSummary, ServiceText } from "./wire";

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
export const BENCHMARK_HEALTH = resource({
  path: "/api/v1/benchmark/health",
  subject: { what: "benchmark health", newerOnly: true },
  wire: BenchmarkHealthWire,
  toData: (wire: BenchmarkHealthWire, _args: []) => toBenchmarkHealth(wire),
  ttls: { benchmarkHealth: 30 * TTL.SECOND },
  key: () => "benchmarkHealth",
});
