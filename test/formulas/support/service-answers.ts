import type { BenchmarkSummary, IndexSummary } from "@index-data/wire";

/** The flagship index as the catalogue lists it, with a latest value: the first row of the fixture catalogues. */
export const FLAGSHIP_SUMMARY: IndexSummary = {
  symbol: "RTM-NWE-A-1x3",
  hub: "NWE",
  grade: "A",
  leadTime: "1x3",
  description: "Flagship",
  isActive: true,
  latestValue: 1.87,
  latestAsOf: "2024-02-29T00:00:00Z",
};

/** The benchmark's summary figures in the fixture health answers. */
export const BENCHMARK_SUMMARY: BenchmarkSummary = {
  activeIndexCount: 8,
  avgConfidence: 71,
  carryForwardShare: 0.1,
  approvedRealData72h: 40,
  flagshipFlatHours: 2.5,
  flagshipTopContributorShare: 0.3,
};
