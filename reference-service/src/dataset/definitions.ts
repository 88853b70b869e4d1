import type { CatalogueEntry } from "@index-data/wire/contract";
import { hashString, roundTo, uniform } from "./random";

/** How much history an index publishes. */
type Coverage =
  | { readonly kind: "full"; readonly listedOn: string; readonly discontinuedOn?: string }
  /** Listed `listedDaysAgo` days before today (by the service clock), so it stays young. */
  | { readonly kind: "young"; readonly listedDaysAgo: number }
  /** Exists in the catalogue but has published nothing yet. */
  | { readonly kind: "none" };

/** One index of the dataset: its catalogue entry and the parameters of its price walk. */
export interface IndexDefinition extends CatalogueEntry {
  readonly coverage: Coverage;
  /** Level the price reverts to, USD/kg. */
  readonly meanLevel: number;
  /** Standard deviation of the daily log-price shock. */
  readonly dailyVol: number;
  /** Share of business days published FIRM; the rest are PROVISIONAL or INDICATIVE. */
  readonly liquidity: number;
  /** Annualised carry of the forward curve (positive: contango). */
  readonly carryPerYear: number;
}

/** An index added by a test or a user: catalogue fields only; its walk parameters come from its symbol. */
export interface ExtraIndex extends CatalogueEntry {
  /** @default true */
  readonly hasData?: boolean;
}

export const FLAGSHIP_SYMBOL = "RTM-NWE-A-1x3";
const LISTED = "2022-01-03";

export const DEFAULT_INDEXES: readonly IndexDefinition[] = [
  {
    symbol: FLAGSHIP_SYMBOL,
    hub: "NWE",
    grade: "A",
    leadTime: "1x3",
    description: "North-West Europe, grade A, delivery 1 to 3 months ahead. The flagship benchmark.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 1.85,
    dailyVol: 0.011,
    liquidity: 0.86,
    carryPerYear: 0.035,
  },
  {
    symbol: "RTM-NWE-B-1x3",
    hub: "NWE",
    grade: "B",
    leadTime: "1x3",
    description: "North-West Europe, grade B, delivery 1 to 3 months ahead.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 1.42,
    dailyVol: 0.013,
    liquidity: 0.8,
    carryPerYear: 0.03,
  },
  {
    symbol: "RTM-NWE-A-4x6",
    hub: "NWE",
    grade: "A",
    leadTime: "4x6",
    description: "North-West Europe, grade A, delivery 4 to 6 months ahead.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 1.96,
    dailyVol: 0.009,
    liquidity: 0.74,
    carryPerYear: 0.028,
  },
  {
    symbol: "RTM-MED-A-1x3",
    hub: "MED",
    grade: "A",
    leadTime: "1x3",
    description: "Mediterranean, grade A, delivery 1 to 3 months ahead.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 2.12,
    dailyVol: 0.014,
    liquidity: 0.78,
    carryPerYear: -0.02,
  },
  {
    symbol: "RTM-USG.B-2x4",
    hub: "USG",
    grade: "B",
    leadTime: "2x4",
    description: "US Gulf, grade B, delivery 2 to 4 months ahead. The symbol contains a dot.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 1.08,
    dailyVol: 0.016,
    liquidity: 0.66,
    carryPerYear: 0.045,
  },
  {
    symbol: "RTM-SEA-A-1x3",
    hub: "SEA",
    grade: "A",
    leadTime: "1x3",
    description: "South-East Asia, grade A, delivery 1 to 3 months ahead. Thinly traded.",
    isActive: true,
    coverage: { kind: "full", listedOn: LISTED },
    meanLevel: 2.45,
    dailyVol: 0.014,
    liquidity: 0.58,
    carryPerYear: -0.035,
  },
  {
    symbol: "RTM-BAL-C-1x3",
    hub: "BAL",
    grade: "C",
    leadTime: "1x3",
    description: "Baltic, grade C, delivery 1 to 3 months ahead. Discontinued after 28 June 2024.",
    isActive: false,
    coverage: { kind: "full", listedOn: LISTED, discontinuedOn: "2024-06-28" },
    meanLevel: 1.02,
    dailyVol: 0.013,
    liquidity: 0.7,
    carryPerYear: 0.02,
  },
  {
    symbol: "RTM-IND-B-2x4",
    hub: "IND",
    grade: "B",
    leadTime: "2x4",
    description: "West India, grade B, delivery 2 to 4 months ahead. Launched three weeks ago.",
    isActive: true,
    coverage: { kind: "young", listedDaysAgo: 20 },
    meanLevel: 1.31,
    dailyVol: 0.017,
    liquidity: 0.62,
    carryPerYear: 0.04,
  },
  {
    symbol: "RTM-CHN-A-1x3",
    hub: "CHN",
    grade: "A",
    leadTime: "1x3",
    description: "East China, grade A, delivery 1 to 3 months ahead. Announced; first fix not yet published.",
    isActive: true,
    coverage: { kind: "none" },
    meanLevel: 2.3,
    dailyVol: 0.015,
    liquidity: 0.7,
    carryPerYear: 0.03,
  },
];

/** Walk parameters for an extra index, drawn from its symbol so that they are stable across runs. */
export function defineExtraIndex(extra: ExtraIndex): IndexDefinition {
  const { hasData, ...entry } = extra;
  const seed = hashString(extra.symbol);
  return {
    ...entry,
    coverage: hasData === false ? { kind: "none" } : { kind: "full", listedOn: LISTED },
    meanLevel: roundTo(0.9 + 2.3 * uniform(seed, 11), 2),
    dailyVol: roundTo(0.009 + 0.009 * uniform(seed, 12), 4),
    liquidity: roundTo(0.6 + 0.3 * uniform(seed, 13), 2),
    carryPerYear: roundTo(-0.04 + 0.09 * uniform(seed, 14), 3),
  };
}
