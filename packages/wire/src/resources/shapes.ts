import { z } from "zod";

/**
 * Building blocks shared by the wire schemas. Objects are loose (unknown fields are kept, never rejected)
 * because the service's descriptions are additive; numbers that reach a cell are strict (finite, present).
 */

/** The forms of ISO 8601 a timestamp may take, as zod's own patterns: zoned, zoneless (UTC meant) and a bare date. */
const [ZONED, ZONELESS, DAY] = [z.iso.datetime({ offset: true }), z.iso.datetime({ local: true }), z.iso.date()].map(
  (form) => form.def.pattern ?? /^$/,
) as [RegExp, RegExp, RegExp];

/**
 * An ISO 8601 timestamp in UTC as the service sends it; may carry milliseconds. A bare date is tolerated, and so
 * is a date-time without a zone (the spec says every timestamp is UTC): it gets its `Z` here, because
 * `Date.parse` would otherwise read it in the machine's own time zone and shift dates.
 */
export const Timestamp = z
  .string()
  .refine((text) => ZONED.test(text) || ZONELESS.test(text) || DAY.test(text), {
    message: "Expected an ISO 8601 timestamp or date",
  })
  // A refinement and an overwrite, not a union of transforms: the rule stays a string in JSON Schema, so an MCP tool's
  // output schema can take a timestamp field from here as it is.
  .overwrite((text) => (!ZONED.test(text) && ZONELESS.test(text) ? `${text}Z` : text));

/**
 * Longest service text kept, in characters. Every string the service sends (a description, a status, a tenor
 * label, a methodology paragraph) reaches cells, cards, receipts, the pane and terminals; Excel refuses a cell past
 * 32,767 characters (#CALC!, or a failed write), and nothing the service publishes is longer than a paragraph.
 */
export const MAX_SERVICE_TEXT = 1_000;

/** `text` cut to MAX_SERVICE_TEXT characters, the last being "…" (never half of a surrogate pair). */
function capServiceText(text: string): string {
  if (text.length <= MAX_SERVICE_TEXT) return text;
  let end = MAX_SERVICE_TEXT - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Every string in an opaque part of an answer (object keys included), capped as ServiceText is. */
export function capServiceStrings(value: unknown): unknown {
  if (typeof value === "string") return capServiceText(value);
  if (Array.isArray(value)) return value.map(capServiceStrings);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [capServiceText(key), capServiceStrings(inner)]),
    );
  }
  return value;
}

/** Free text from the service: any string, capped (the one way a resource schema takes text). */
export const ServiceText = z.string().overwrite(capServiceText);
/** Free text that must not be empty (a symbol). */
export const NonEmptyServiceText = z.string().min(1).overwrite(capServiceText);

/*
 * Numbers that reach a cell are checked here, once, against what they can possibly be: a figure the
 * service sends that breaks its own rules (1e308, a negative mass, a confidence of 250) is an
 * InvalidResponseError naming the field, so a cell never shows it and the last-known value stands instead.
 */

/** Largest magnitude of any figure: nothing the service publishes comes near a trillion (1e308 is finite, yet absurd). */
const MAX_FIGURE = 1e12;
/** Largest magnitude of a price (an index value, in its currency per kg): a billion USD/kg is no freight rate. */
const MAX_PRICE = 1e9;
/** The confidence score's range: 0 to 100 (the reference service's scoring; the spec says "integer score"). */
const CONFIDENCE_RANGE = { min: 0, max: 100 } as const;

/** A number that may stand in a cell: finite, never null, never a string, below MAX_FIGURE in magnitude. */
export const Figure = z.number().finite().gt(-MAX_FIGURE).lt(MAX_FIGURE);
/** A price in the index's currency per kg; may be negative (some markets pay to ship), never beyond MAX_PRICE. */
export const Price = z.number().finite().gt(-MAX_PRICE).lt(MAX_PRICE);
/** A quantity that cannot be negative: masses in kg, durations, volatility. */
export const NonNegative = Figure.min(0);
/** A count: a whole number, zero or more. */
export const Count = NonNegative.int();
/** A share or ratio: a fraction between 0 and 1. */
export const Fraction = z.number().min(0).max(1).describe("A fraction, 0 to 1.");
/** A fix's confidence score. */
export const Confidence = confidence("Confidence in the fix");

/** A confidence score or an average of them, its words (`what`) saying the range it is checked against. */
function confidence(what: string) {
  return z
    .number()
    .min(CONFIDENCE_RANGE.min)
    .max(CONFIDENCE_RANGE.max)
    .describe(`${what}, ${CONFIDENCE_RANGE.min} to ${CONFIDENCE_RANGE.max}.`);
}

/** A field present only in the newer description: absent or null in the older one. */
export function newerOnly<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/**
 * `carriedForwardFrom` (newer description only): null for a fresh value. The spec does not show its type
 * otherwise; a timestamp is expected, and any other text is kept as sent rather than failing the whole fix.
 */
export const CarriedForwardFromWire = newerOnly(z.union([Timestamp, ServiceText]));

export const DataCoverageWire = z.looseObject({
  contributors: Count,
  executedTrades: Count,
  firmQuotes: Count,
  indicatives: Count,
  totalMassKg: NonNegative,
  topContributorShare: Fraction,
});
export type DataCoverage = z.output<typeof DataCoverageWire>;

export const BenchmarkSummaryWire = z.looseObject({
  activeIndexCount: Count,
  avgConfidence: confidence("The average confidence"),
  carryForwardShare: Fraction,
  approvedRealData72h: Count,
  flagshipFlatHours: NonNegative,
  flagshipTopContributorShare: Fraction,
});
export type BenchmarkSummary = z.output<typeof BenchmarkSummaryWire>;

/** Drops `null` so the rest of the code has one way to say "not sent": `undefined`. */
export function absentIfNull<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

type Present<T, K extends keyof T> = { [P in K]?: Exclude<T[P], null | undefined> };
type Sent<T, K extends keyof T> = { [P in K]?: Exclude<T[P], undefined> };

function pick<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
  keep: (value: T[K]) => boolean,
): Partial<Record<K, T[K]>> {
  const out: Partial<Record<K, T[K]>> = {};
  for (const key of keys) if (keep(from[key])) out[key] = from[key];
  return out;
}

/**
 * The optional fields named by `keys` that the service sent with a value: a domain value leaves a field out
 * when it was not sent or sent as null (the descriptions differ in which fields they have), never 0 or "".
 */
export function presentFields<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Present<T, K> {
  return pick(from, keys, (value) => value !== null && value !== undefined) as Present<T, K>;
}

/** Like `presentFields`, but a null is kept: it was sent and means something (`carriedForwardFrom: null`: fresh). */
export function sentFields<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Sent<T, K> {
  return pick(from, keys, (value) => value !== undefined) as Sent<T, K>;
}
