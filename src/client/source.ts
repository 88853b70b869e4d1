import type { BenchmarkHealth } from "./resources/benchmark-health";
import type { CapacityMetrics } from "./resources/capacity";
import type { ForwardCurve } from "./resources/forward";
import type { Health } from "./resources/health";
import type { History, HistoryQuery } from "./resources/history";
import type { IndexSummary } from "./resources/indexes";
import type { LatestFix } from "./resources/latest";
import type { Methodology } from "./resources/methodology";
import type { SystemStatus } from "./resources/system-status";
import type { Volatility } from "./resources/volatility";

export interface LatestValue {
  readonly symbol: string;
  readonly value: number;
  readonly asOf: string;
}

/** A result and where it came from: the service just now, or the last-known store when the service failed. */
export interface Served<T> {
  readonly data: T;
  /** When the service produced this result (ISO 8601). */
  readonly fetchedAt: string;
  /** True when the service could not answer and this is the last-known value. */
  readonly stale: boolean;
}

/**
 * What the functions and the taskpane read from. The request engine implements it over the client
 * (caching, merging, scheduling, last-known values); `DirectSource` implements it with none of that.
 */
export interface IndexDataSource {
  listIndexes(): Promise<Served<readonly IndexSummary[]>>;
  latest(symbol: string): Promise<Served<LatestFix>>;
  /**
   * Just the latest value and its time. The engine may answer many of these from one catalogue request
   * (`latestValue`/`latestAsOf` of /indexes) instead of one /latest request each.
   */
  latestValue(symbol: string): Promise<Served<LatestValue>>;
  history(symbol: string, query?: HistoryQuery): Promise<Served<History>>;
  volatility(symbol: string, windowDays?: number): Promise<Served<Volatility>>;
  forward(symbol: string): Promise<Served<ForwardCurve>>;
  capacity(symbol: string): Promise<Served<CapacityMetrics>>;
  benchmarkHealth(): Promise<Served<BenchmarkHealth>>;
  systemStatus(): Promise<Served<SystemStatus>>;
  health(): Promise<Served<Health>>;
  methodology(): Promise<Served<Methodology>>;
}
