import type { ArgsOf, DataOf, ResourceName } from "../wire";

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

/** One method per resource row (resources/table.ts), answering the value and where it came from. */
export type SourceMethods = { readonly [N in ResourceName]: (...args: ArgsOf<N>) => Promise<Served<DataOf<N>>> };

/**
 * What the functions and the taskpane read from: a method per resource, and the latest value alone. The request
 * engine implements it over the client (caching, merging, scheduling, last-known values); `DirectSource`
 * implements it with none of that.
 */
export interface IndexDataSource extends SourceMethods {
  /**
   * Just the latest value and its time. The engine may answer many of these from one catalogue request
   * (`latestValue`/`latestAsOf` of /indexes) instead of one /latest request each.
   */
  latestValue(symbol: string): Promise<Served<LatestValue>>;
}
