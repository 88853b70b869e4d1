import { z } from "zod";
import { parseInstant, startOfUtcDay } from "../time";
import type { Answered } from "./answered";
import { derivedKey, derivedOf, type DerivedValues } from "./derived-values";
import { refuseArgument } from "../rules/arguments";
import { resource, trimmedSymbol, TTL, type QueryValue } from "./resource";
import {
  CarriedForwardFromWire,
  Confidence,
  Price,
  Timestamp,
  newerOnly,
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
  readonly startDate?: string | undefined;
  readonly endDate?: string | undefined;
  readonly granularity?: Granularity | undefined;
}

type PointWire = HistoryWire["values"][number];

/**
 * One point as the add-in knows it: optional fields absent when not sent (`carriedForwardFrom` kept when sent as
 * null: fresh). Built field by field, one object per point: a history has hundreds of them.
 */
function toHistoryPoint(p: PointWire): HistoryPoint {
  const point: { -readonly [K in keyof HistoryPoint]: HistoryPoint[K] } = {
    date: p.date,
    value: p.value,
    confidence: p.confidence,
    status: p.status,
  };
  if (p.derivationMethod !== null && p.derivationMethod !== undefined) point.derivationMethod = p.derivationMethod;
  if (p.publicationMode !== null && p.publicationMode !== undefined) point.publicationMode = p.publicationMode;
  if (p.carriedForwardFrom !== undefined) point.carriedForwardFrom = p.carriedForwardFrom;
  return point;
}

export function toHistory(wire: HistoryWire): History {
  let values = wire.values.map(toHistoryPoint);
  // Services send ascending dates; sort (each date read once) only when this one did not.
  const timeline = timelineOf(values);
  if (!timeline.ordered && !timeline.times.some(Number.isNaN)) {
    const { times } = timeline;
    const order = values.map((_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number));
    const unsorted = values;
    values = order.map((i) => unsorted[i] as HistoryPoint);
  }
  return {
    symbol: wire.symbol,
    granularity: wire.granularity ?? "daily",
    startDate: wire.startDate,
    endDate: wire.endDate,
    values,
  };
}

/** The dates of a history's points as epoch ms, in the points' order. */
export interface HistoryTimeline {
  readonly times: Float64Array;
  /** Every date was read and they ascend: a range of dates is then found by binary search. */
  readonly ordered: boolean;
}

const TIMELINE = derivedKey<HistoryTimeline>("timeline");

function timelineOf(values: readonly HistoryPoint[]): HistoryTimeline {
  const times = new Float64Array(values.length);
  let ordered = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i += 1) {
    const ms = Date.parse((values[i] as HistoryPoint).date);
    times[i] = ms;
    if (!(ms >= previous)) ordered = false; // NaN too: an unreadable date breaks the order
    previous = ms;
  }
  return { times, ordered };
}

/**
 * The dates of a history's points, read once per answer (not once per point and cell): every cell that slices or
 * shapes the same answer reads the same array, kept with the answer (derived-values.ts).
 */
export function historyTimeline(answer: Answered<History>): HistoryTimeline {
  return derivedOf(answer).get(TIMELINE, () => timelineOf(answer.data.values));
}

/** Keeps `timeline` as the dates of the answer `derived` belongs to: a part of another history, cut with its dates. */
export function seedTimeline(derived: DerivedValues, timeline: HistoryTimeline): void {
  derived.seed(TIMELINE, timeline);
}

/** The first index whose time is at or after `ms` in ascending `times`. */
function firstFrom(times: Float64Array, ms: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The points of a history answer dated from `fromMs` (inclusive) to `toMs` (exclusive), with their timeline: found
 * by binary search over the answer's dates (`historyTimeline`), a part of the same arrays (the very same ones when
 * every point is inside), nothing copied per point. Points whose date cannot be read are never inside.
 */
export function pointsWithin(
  answer: Answered<History>,
  fromMs: number,
  toMs: number,
): { readonly values: readonly HistoryPoint[]; readonly timeline: HistoryTimeline } {
  const history = answer.data;
  const timeline = historyTimeline(answer);
  const { times } = timeline;
  if (!timeline.ordered) {
    const inside = history.values.filter((_, i) => (times[i] as number) >= fromMs && (times[i] as number) < toMs);
    return { values: inside, timeline: timelineOf(inside) };
  }
  const low = firstFrom(times, fromMs);
  const high = Math.max(low, firstFrom(times, toMs));
  if (low === 0 && high === times.length) return { values: history.values, timeline };
  return { values: history.values.slice(low, high), timeline: { times: times.subarray(low, high), ordered: true } };
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
