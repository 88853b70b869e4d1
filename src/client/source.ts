import type { Answered, AnsweredMethods } from "@index-data/wire";

export interface LatestValue {
  readonly symbol: string;
  readonly value: number;
  readonly asOf: string;
}

/**
 * What the functions and the taskpane read from: a method per resource (methods.generated.ts, each answering the
 * data with the facts of its response: when produced, whether a cache served it stale), and the latest value alone.
 * The request engine implements it over the client (caching, merging, scheduling, last-known values);
 * `DirectSource` implements it with none of that.
 */
export interface IndexDataSource extends AnsweredMethods {
  /**
   * Just the latest value and its time. The engine may answer many of these from one catalogue request
   * (`latestValue`/`latestAsOf` of /indexes) instead of one /latest request each.
   */
  latestValue(symbol: string): Promise<Answered<LatestValue>>;
}
