import { z } from "zod";
import { Timestamp } from "./wire";

/** GET /api/v1/methodology (older description only). Inner structures are not specified, so kept opaque. */
export const MethodologyWire = z.looseObject({
  version: z.string(),
  publishedAt: Timestamp,
  changelog: z.array(z.unknown()),
  productDefinition: z.record(z.string(), z.unknown()),
  calculationMethod: z.record(z.string(), z.unknown()),
  normalizationRules: z.array(z.unknown()),
  confidenceScoring: z.record(z.string(), z.unknown()),
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

export function toMethodology(wire: MethodologyWire): Methodology {
  const { version, publishedAt, changelog, productDefinition, calculationMethod, normalizationRules, confidenceScoring } =
    wire;
  return { version, publishedAt, changelog, productDefinition, calculationMethod, normalizationRules, confidenceScoring };
}
