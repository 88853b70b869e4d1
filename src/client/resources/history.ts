import { z } from "zod";
import { CarriedForwardFromWire, Confidence, Price, Timestamp, newerOnly, ServiceText, NonEmptyServiceText } from "./wire";

export const GRANULARITIES = ["daily", "weekly"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** GET /api/v1/index/{symbol}/history. */
const HistoryPointWire = z.looseObject({
  date: Timestamp,
  value: Price,
  confidence: Confidence,
  status: ServiceText,
  derivationMethod: newerOnly(ServiceText),
  publicationMode: newerOnly(ServiceText),
  carriedForwardFrom: CarriedForwardFromWire,
});
export const HistoryWire = z.looseObject({
  symbol: NonEmptyServiceText,
  // A service that ignores `granularity` may omit it; the client then knows the values are daily.
  granularity: z.enum(GRANULARITIES).nullish(),
  startDate: Timestamp,
  endDate: Timestamp,
  values: z.array(HistoryPointWire),
});
export type HistoryWire = z.output<typeof HistoryWire>;

export interface HistoryPoint {
  readonly date: string;
  readonly value: number;
  readonly confidence: number;
  readonly status: string;
  readonly derivationMethod?: string;
  readonly publicationMode?: string;
  readonly carriedForwardFrom?: string | null;
}

export interface History {
  readonly symbol: string;
  /** What the service says it sent; `daily` when it does not say. */
  readonly granularity: Granularity;
  readonly startDate: string;
  readonly endDate: string;
  /** Ascending by date, whatever order the service sent. */
  readonly values: readonly HistoryPoint[];
}

/** Query of the history endpoint. Dates are ISO 8601; all optional. */
export interface HistoryQuery {
  readonly startDate?: string;
  readonly endDate?: string;
  readonly granularity?: Granularity;
}

export function toHistory(wire: HistoryWire): History {
  const values = wire.values.map(
    (p): HistoryPoint => ({
      date: p.date,
      value: p.value,
      confidence: p.confidence,
      status: p.status,
      ...(p.derivationMethod != null ? { derivationMethod: p.derivationMethod } : {}),
      ...(p.publicationMode != null ? { publicationMode: p.publicationMode } : {}),
      ...(p.carriedForwardFrom !== undefined ? { carriedForwardFrom: p.carriedForwardFrom } : {}),
    }),
  );
  values.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return {
    symbol: wire.symbol,
    granularity: wire.granularity ?? "daily",
    startDate: wire.startDate,
    endDate: wire.endDate,
    values,
  };
}
