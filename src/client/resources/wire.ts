import { z } from "zod";

/**
 * Building blocks shared by the wire schemas. Objects are loose (unknown fields are kept, never rejected)
 * because the service's descriptions are additive; numbers that reach a cell are strict (finite, present).
 */

/**
 * An ISO 8601 timestamp in UTC as the service sends it; may carry milliseconds. A bare date is tolerated, and so
 * is a date-time without a zone (the spec says every timestamp is UTC): it gets its `Z` here, because
 * `Date.parse` would otherwise read it in the machine's own time zone and shift dates.
 */
export const Timestamp = z.union([
  z.iso.datetime({ offset: true }),
  z.iso.datetime({ local: true }).transform((text) => `${text}Z`),
  z.iso.date(),
]);

/** A number that may stand in a cell: finite, never null, never a string. */
export const Figure = z.number().finite();

/** A field present only in the newer description: absent or null in the older one. */
export function newerOnly<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/**
 * `carriedForwardFrom` (newer description only): null for a fresh value. The spec does not show its type
 * otherwise; a timestamp is expected, and any other text is kept as sent rather than failing the whole fix.
 */
export const CarriedForwardFromWire = newerOnly(z.union([Timestamp, z.string()]));

export const DataCoverageWire = z.looseObject({
  contributors: Figure,
  executedTrades: Figure,
  firmQuotes: Figure,
  indicatives: Figure,
  totalMassKg: Figure,
  topContributorShare: Figure,
});
export type DataCoverage = z.output<typeof DataCoverageWire>;

export const BenchmarkSummaryWire = z.looseObject({
  activeIndexCount: Figure,
  avgConfidence: Figure,
  carryForwardShare: Figure,
  approvedRealData72h: Figure,
  flagshipFlatHours: Figure,
  flagshipTopContributorShare: Figure,
});
export type BenchmarkSummary = z.output<typeof BenchmarkSummaryWire>;

/** Drops `null` so the rest of the code has one way to say "not sent": `undefined`. */
export function absentIfNull<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}
