import { z } from "zod";
import { serviceWide, TTL } from "./resource";
import { ServiceText, Timestamp, capServiceStrings } from "./shapes";

/** The document's opaque parts keep their shape; every string in them (keys too) is capped as ServiceText is. */
const capAll = <T>(value: T): T => capServiceStrings(value) as T;

/**
 * GET /api/v1/methodology (older description only). Inner structures are not specified, so kept opaque. Unlike
 * the other answers' top level, a plain (stripping) object: keys the service adds beside these are dropped here,
 * so the document as parsed is already the Methodology the functions show.
 */
export const MethodologyWire = z.object({
  version: ServiceText,
  publishedAt: Timestamp,
  changelog: z.array(z.unknown()).transform(capAll),
  productDefinition: z.record(z.string(), z.unknown()).transform(capAll),
  calculationMethod: z.record(z.string(), z.unknown()).transform(capAll),
  normalizationRules: z.array(z.unknown()).transform(capAll),
  confidenceScoring: z.record(z.string(), z.unknown()).transform(capAll),
});
export type MethodologyWire = z.output<typeof MethodologyWire>;

export interface Methodology {
  readonly version: string;
  readonly publishedAt: string;
  readonly changelog: readonly unknown[];
  readonly productDefinition: Readonly<Record<string, unknown>>;
  readonly calculationMethod: Readonly<Record<string, unknown>>;
  readonly normalizationRules: readonly unknown[];
  readonly confidenceScoring: Readonly<Record<string, unknown>>;
}

/** The parsed document as it is: the wire's schema already keeps only these keys. */
const toMethodology = (wire: MethodologyWire): Methodology => wire;

/** GET /api/v1/methodology (older description only). It changes a few times a year. */
export const METHODOLOGY = serviceWide("methodology", "/api/v1/methodology", MethodologyWire, toMethodology, {
  subject: { what: "the methodology", olderOnly: true },
  ttl: 24 * TTL.HOUR,
});
