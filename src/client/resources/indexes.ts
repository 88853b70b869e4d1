import { z } from "zod";
import type { CatalogueEntry } from "../../contract";
import { ServiceText, Price, Timestamp, NonEmptyServiceText } from "./wire";

/** GET /api/v1/indexes: the catalogue. */
const IndexSummaryWire = z.looseObject({
  symbol: NonEmptyServiceText,
  hub: ServiceText,
  grade: ServiceText,
  leadTime: ServiceText,
  description: ServiceText,
  isActive: z.boolean(),
  // An index that exists but has no data yet has no latest value; real services send null there.
  latestValue: Price.nullish(),
  latestAsOf: Timestamp.nullish(),
});
export const IndexListWire = z.looseObject({ indexes: z.array(IndexSummaryWire) });
export type IndexListWire = z.output<typeof IndexListWire>;

export interface IndexSummary extends CatalogueEntry {
  /** Absent when the index has no data. */
  readonly latestValue?: number;
  readonly latestAsOf?: string;
}

export function toIndexList(wire: IndexListWire): IndexSummary[] {
  return wire.indexes.map((row) => ({
    symbol: row.symbol,
    hub: row.hub,
    grade: row.grade,
    leadTime: row.leadTime,
    description: row.description,
    isActive: row.isActive,
    ...(row.latestValue != null ? { latestValue: row.latestValue } : {}),
    ...(row.latestAsOf != null ? { latestAsOf: row.latestAsOf } : {}),
  }));
}
