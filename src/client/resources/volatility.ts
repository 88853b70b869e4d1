import { z } from "zod";
import { Count, NonNegative, Timestamp, absentIfNull, NonEmptyServiceText } from "./wire";

/** GET /api/v1/index/{symbol}/volatility. */
export const VolatilityWire = z.looseObject({
  symbol: NonEmptyServiceText,
  annualizedVol: NonNegative,
  windowDays: Count,
  dataPoints: Count,
  // Older description only.
  startDate: Timestamp.nullish(),
  endDate: Timestamp.nullish(),
});
export type VolatilityWire = z.output<typeof VolatilityWire>;

export interface Volatility {
  readonly symbol: string;
  /** A fraction: 0.15 means 15 percent. */
  readonly annualizedVol: number;
  readonly windowDays: number;
  readonly dataPoints: number;
  readonly startDate?: string;
  readonly endDate?: string;
}

export function toVolatility(wire: VolatilityWire): Volatility {
  const startDate = absentIfNull(wire.startDate);
  const endDate = absentIfNull(wire.endDate);
  return {
    symbol: wire.symbol,
    annualizedVol: wire.annualizedVol,
    windowDays: wire.windowDays,
    dataPoints: wire.dataPoints,
    ...(startDate !== undefined ? { startDate } : {}),
    ...(endDate !== undefined ? { endDate } : {}),
  };
}
