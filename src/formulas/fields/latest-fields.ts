import type { LatestFix } from "@index-data/wire";
import type { Answered } from "../../client";
import type { FieldTable } from "./field-table";

/** A latest fix together with how it was served, so `stale` and `fetchedAt` are fields like the rest. */
export type ServedFix = Answered<LatestFix>;

/** Every field INDEX.LATEST and INDEX.FIX show, in the audit card's order. */
export const LATEST_FIELDS = {
  symbol: { read: (s) => s.data.symbol },
  value: { read: (s) => s.data.value },
  currency: { read: (s) => s.data.currency },
  unit: { read: (s) => s.data.unit },
  asOf: { read: (s) => s.data.asOf, timestamp: true },
  confidence: { read: (s) => s.data.confidence },
  status: { read: (s) => s.data.status },
  methodologyVersion: { read: (s) => s.data.methodologyVersion },
  derivationMethod: { read: (s) => s.data.derivationMethod },
  publicationMode: { read: (s) => s.data.publicationMode },
  carriedForwardFrom: { read: (s) => s.data.carriedForwardFrom, timestamp: true },
  contributors: { read: (s) => s.data.dataCoverage.contributors },
  executedTrades: { read: (s) => s.data.dataCoverage.executedTrades },
  firmQuotes: { read: (s) => s.data.dataCoverage.firmQuotes },
  indicatives: { read: (s) => s.data.dataCoverage.indicatives },
  totalMassKg: { read: (s) => s.data.dataCoverage.totalMassKg },
  topContributorShare: { read: (s) => s.data.dataCoverage.topContributorShare },
  stale: { read: (s) => s.meta.servedStale },
  fetchedAt: { read: (s) => s.meta.producedAt, timestamp: true },
} as const satisfies FieldTable<ServedFix, string>;

export type LatestField = keyof typeof LATEST_FIELDS;

/** Fields answered from `source.latestValue` (which the engine may serve from the catalogue). */
export const LATEST_VALUE_FIELDS: ReadonlySet<LatestField> = new Set<LatestField>(["value", "asOf", "stale"]);
