import { z } from "zod";
import { resource, trimmedSymbol, TTL } from "./resource";
import { ServiceText, Figure, NonNegative, Price, NonEmptyServiceText } from "./shapes";

/** GET /api/v1/index/{symbol}/forward (newer description only). */
const ForwardPointWire = z.looseObject({
  tenorMonths: NonNegative,
  tenorLabel: ServiceText,
  forwardPrice: Price,
  spreadBps: Figure.describe("In basis points."),
});
export const ForwardCurveWire = z.looseObject({
  symbol: NonEmptyServiceText,
  spotPrice: Price,
  curve: z.array(ForwardPointWire),
});
export type ForwardCurveWire = z.output<typeof ForwardCurveWire>;

interface ForwardPoint {
  readonly tenorMonths: number;
  readonly tenorLabel: string;
  readonly forwardPrice: number;
  readonly spreadBps: number;
}
export interface ForwardCurve {
  readonly symbol: string;
  readonly spotPrice: number;
  /** Ascending by tenor. */
  readonly curve: readonly ForwardPoint[];
}

export function toForwardCurve(wire: ForwardCurveWire): ForwardCurve {
  const curve = wire.curve.map(({ tenorMonths, tenorLabel, forwardPrice, spreadBps }) => ({
    tenorMonths,
    tenorLabel,
    forwardPrice,
    spreadBps,
  }));
  curve.sort((a, b) => a.tenorMonths - b.tenorMonths);
  return { symbol: wire.symbol, spotPrice: wire.spotPrice, curve };
}

/** GET /api/v1/index/{symbol}/forward (newer description only). */
export const FORWARD = resource({
  path: "/api/v1/index/{symbol}/forward",
  subject: { what: "forward curve", newerOnly: true },
  wire: ForwardCurveWire,
  toData: (wire: ForwardCurveWire, _args: [symbol: string]) => toForwardCurve(wire),
  ttls: { forward: TTL.MINUTE },
  canonical: trimmedSymbol,
  key: ([symbol]) => `forward|${symbol}`,
});
