import { z } from "zod";
import { MAX_CATALOGUE_BYTES } from "../rules/body-reader";
import { resource, TTL } from "./resource";
import type { CatalogueEntry } from "../contract";
import { ServiceText, Price, Timestamp, NonEmptyServiceText, presentFields } from "./shapes";

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
    ...presentFields(row, ["latestValue", "latestAsOf"]),
  }));
}

/** GET /api/v1/indexes: the catalogue, read up to 20 MB. It carries every latest fix. */
export const CATALOGUE = resource({
  path: "/api/v1/indexes",
  subject: { what: "the index list" },
  wire: IndexListWire,
  toData: (wire: IndexListWire, _args: []): readonly IndexSummary[] => toIndexList(wire),
  ttls: { catalogue: 30 * TTL.SECOND },
  key: () => "catalogue",
  maxBytes: MAX_CATALOGUE_BYTES,
});
