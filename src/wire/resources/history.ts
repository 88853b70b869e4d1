import { z } from "zod";
import { parseInstant, startOfUtcDay } from "../../time";
import { refuseArgument } from "../rules/arguments";
import { resource, trimmedSymbol, TTL, type QueryValue } from "./resource";
import {
  CarriedForwardFromWire,
  Confidence,
  Price,
  Timestamp,
  newerOnly,
  presentFields,
  sentFields,
  ServiceText,
  NonEmptyServiceText,
} from "./shapes";

const GRANULARITIES = ["daily", "weekly"] as const;
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
  const values = wire.values.map((p): HistoryPoint => {
    const { date, value, confidence, status } = p;
    return {
      date,
      value,
      confidence,
      status,
      ...presentFields(p, ["derivationMethod", "publicationMode"]),
      ...sentFields(p, ["carriedForwardFrom"]),
    };
  });
  // Services send ascending dates; sort (parsing each date once) only when this one did not.
  if (!isAscending(values)) sortByDate(values);
  return {
    symbol: wire.symbol,
    granularity: wire.granularity ?? "daily",
    startDate: wire.startDate,
    endDate: wire.endDate,
    values,
  };
}

function isAscending(values: readonly HistoryPoint[]): boolean {
  for (let i = 1; i < values.length; i += 1)
    if (pointTime(values[i - 1] as HistoryPoint) > pointTime(values[i] as HistoryPoint)) return false;
  return true;
}

function sortByDate(values: HistoryPoint[]): void {
  values.sort((a, b) => pointTime(a) - pointTime(b));
}

const times = new WeakMap<HistoryPoint, number>();

/**
 * A point's date as epoch ms (NaN if unreadable), parsed once per point: a history is sliced for many cells, and
 * each reads every date of its slice.
 */
export function pointTime(point: HistoryPoint): number {
  let ms = times.get(point);
  if (ms === undefined) {
    ms = Date.parse(point.date);
    times.set(point, ms);
  }
  return ms;
}

function dateParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") {
    refuseArgument(`${name} must be an ISO 8601 date such as 2024-01-31 (or left out).`, "INVALID_DATE");
  }
  return value.trim();
}

/** The history query as sent: the spec's startDate/endDate/granularity names, undefined ones left out. */
function historyParams(query: HistoryQuery | undefined): Record<string, string | undefined> {
  const granularity: unknown = query?.granularity;
  if (granularity !== undefined && (typeof granularity !== "string" || granularity.trim() === "")) {
    refuseArgument('granularity must be "daily" or "weekly" (or left out).', "INVALID_GRANULARITY");
  }
  return {
    startDate: dateParam("startDate", query?.startDate),
    endDate: dateParam("endDate", query?.endDate),
    granularity: granularity as string | undefined,
  };
}

/** History that ends before today (UTC) is immutable; a range reaching today, or with no end, is not. */
export function historyKind(endMs: number | undefined, now: number): "historyPast" | "historyCurrent" {
  return endMs !== undefined && endMs < startOfUtcDay(now) ? "historyPast" : "historyCurrent";
}

/**
 * GET /api/v1/index/{symbol}/history with startDate, endDate and granularity when given. History reaching today
 * carries the latest fix (30 s); past history is published once and never changes (12 h).
 */
export const HISTORY = resource({
  path: "/api/v1/index/{symbol}/history",
  subject: { what: "history" },
  wire: HistoryWire,
  toData: (wire: HistoryWire, _args: [symbol: string, query?: HistoryQuery]) => toHistory(wire),
  query: ([, query]) => historyParams(query),
  // The older description's names too, so that an older caller's range is passed on, not dropped.
  parameters: ["startDate", "endDate", "granularity", "start", "end"],
  ttls: { historyCurrent: 30 * TTL.SECOND, historyPast: 12 * TTL.HOUR },
  kindOf: (query: Readonly<Record<string, QueryValue | null>>, now: number) => {
    const end = query["endDate"] ?? query["end"];
    return historyKind(typeof end === "string" ? parseInstant(end) : undefined, now);
  },
  canonical: trimmedSymbol,
  key: ([symbol, query]) =>
    `history|${symbol}|${query?.startDate ?? ""}|${query?.endDate ?? ""}|${query?.granularity ?? ""}`,
});
