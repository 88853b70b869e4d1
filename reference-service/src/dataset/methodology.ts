import { dayFromIsoDate, type Day } from "./calendar";

interface ChangelogEntry {
  readonly version: string;
  readonly publishedAt: string;
  readonly effectiveFrom: string;
  readonly summary: string;
  readonly changes: readonly string[];
}

/** Newest first. The version in force on a day is the newest entry effective on or before it. */
const CHANGELOG: readonly ChangelogEntry[] = [
  {
    version: "2.3.1",
    publishedAt: "2025-03-10T09:00:00.000Z",
    effectiveFrom: "2025-03-17",
    summary: "Clarified the carry-forward rule for exchange holidays.",
    changes: ["Holiday values are carried from the last business day and flagged CARRIED_FORWARD."],
  },
  {
    version: "2.3.0",
    publishedAt: "2024-09-02T09:00:00.000Z",
    effectiveFrom: "2024-09-16",
    summary: "Confidence scoring reweighted towards executed trades.",
    changes: [
      "Executed trades weigh 60% of the coverage component (was 45%).",
      "Values carried forward lose 8 confidence points per day carried.",
    ],
  },
  {
    version: "2.2.0",
    publishedAt: "2023-05-15T09:00:00.000Z",
    effectiveFrom: "2023-06-01",
    summary: "Outlier filter moved from a fixed band to a median absolute deviation test.",
    changes: ["Quotes more than 3.5 MAD from the session median are excluded before weighting."],
  },
  {
    version: "2.1.0",
    publishedAt: "2022-01-03T09:00:00.000Z",
    effectiveFrom: "2022-01-03",
    summary: "First published methodology of the RTM benchmark family.",
    changes: ["Volume-weighted mean of executed trades, firm quotes and indicatives."],
  },
];

const EFFECTIVE = CHANGELOG.map((entry) => ({ version: entry.version, from: dayFromIsoDate(entry.effectiveFrom) }));

/** The methodology version a value of that day was calculated under. */
export function methodologyVersionOn(day: Day): string {
  const entry = EFFECTIVE.find((e) => e.from <= day) ?? EFFECTIVE[EFFECTIVE.length - 1];
  return entry?.version ?? "2.1.0";
}

/** GET /api/v1/methodology (older description only). */
export function methodologyDocument() {
  const current = CHANGELOG[0];
  return {
    version: current?.version ?? "2.1.0",
    publishedAt: current?.publishedAt ?? "2022-01-03T09:00:00.000Z",
    changelog: CHANGELOG,
    productDefinition: {
      family: "RTM benchmark indexes",
      unit: "USD/kg",
      currency: "USD",
      symbolPattern: "RTM-<hub>-<grade>-<m>x<n>",
      leadTimeBuckets: "<m>x<n>: delivery between m and n months after the fix",
      publicationDays: "Monday to Friday except 1 January, 25 December and 26 December",
      fixTime: "Values are dated at 00:00 UTC of the day they are published for",
    },
    calculationMethod: {
      summary: "Volume-weighted mean of normalised observations of the day",
      observationTypes: ["executed trade", "firm quote", "indicative quote"],
      weights: { executedTrade: 1, firmQuote: 0.6, indicative: 0.2 },
      minimumContributors: 3,
      fallback:
        "With too few observations the value is INTERPOLATED between neighbours or MODELLED from related indexes",
      nonPublicationDays: "The last business day's value is carried forward (publicationMode CARRIED_FORWARD)",
    },
    normalizationRules: [
      { rule: "grade", description: "Prices of neighbouring grades are adjusted by the published grade differential." },
      { rule: "leadTime", description: "Prices outside the bucket are moved along the forward curve to its midpoint." },
      { rule: "lotSize", description: "Lots under 5,000 kg are excluded." },
      { rule: "outliers", description: "Observations more than 3.5 MAD from the session median are excluded." },
    ],
    confidenceScoring: {
      range: { min: 0, max: 100 },
      components: { coverage: 0.6, dispersion: 0.25, contributorConcentration: 0.15 },
      statuses: {
        FIRM: "confidence 78 or more, enough executed trades",
        PROVISIONAL: "published, may be revised the next business day",
        INDICATIVE: "thin market: interpolated or modelled",
        STALE: "carried forward three days or more",
      },
      carryForwardPenaltyPerDay: 8,
    },
  };
}
