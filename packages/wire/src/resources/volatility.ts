import { z } from "zod";
import { definedOnly } from "../records/defined-only";
import { WINDOW_DAYS } from "../contract";
import { refuseArgument } from "../rules/arguments";
import { resource, symbolKey, TTL } from "./resource";
import { Count, NonNegative, Timestamp, absentIfNull, NonEmptyServiceText } from "./shapes";

/** GET /api/v1/index/{symbol}/volatility. */
export const VolatilityWire = z.looseObject({
  symbol: NonEmptyServiceText,
  annualizedVol: NonNegative.describe("A fraction: 0.15 means 15 percent."),
  // The window the service used: the range it takes is its own (the spec does not say it), so no bound is held here;
  // the bounds asked within are WINDOW_DAYS, which the functions and the MCP tool's argument hold.
  windowDays: Count.describe("The rolling window used, in days."),
  dataPoints: Count.describe("Data points in the window."),
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
  return {
    symbol: wire.symbol,
    annualizedVol: wire.annualizedVol,
    windowDays: wire.windowDays,
    dataPoints: wire.dataPoints,
    // Spills and the command line's table show a record key by key: a field the service left out stays out.
    ...definedOnly({ startDate: absentIfNull(wire.startDate), endDate: absentIfNull(wire.endDate) }),
  };
}

/** windowDays as a query value; only values that cannot be a number are refused here, the range is the service's. */
function windowDaysParam(windowDays: unknown): number | undefined {
  if (windowDays === undefined) return undefined;
  if (typeof windowDays !== "number" || !Number.isFinite(windowDays)) {
    refuseArgument("windowDays must be a number of days, e.g. 30.", "INVALID_WINDOW");
  }
  return windowDays;
}

/** GET /api/v1/index/{symbol}/volatility; the service's default window (30 days) when windowDays is omitted. */
export const VOLATILITY = resource({
  path: "/api/v1/index/{symbol}/volatility",
  subject: { what: "volatility" },
  wire: VolatilityWire,
  toData: (wire: VolatilityWire, _args: [symbol: string, windowDays?: number]) => toVolatility(wire),
  query: ([, windowDays]) => ({ windowDays: windowDaysParam(windowDays) }),
  parameters: ["windowDays"],
  ttls: { volatility: TTL.MINUTE },
  // Asking for the default window explicitly lets both spellings share one request.
  canonical: ([symbol, windowDays]): [string, number] => [symbolKey(symbol), windowDays ?? WINDOW_DAYS.default],
  key: ([symbol, windowDays]) => `volatility|${symbol}|${windowDays ?? WINDOW_DAYS.default}`,
});
