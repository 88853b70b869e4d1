import type { Answered, AnsweredMethods, HistoryQuery } from "@index-data/wire";
import type { Correction } from "./correction-wire";

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
  /**
   * A daily history range a cell will ask once it knows more (INDEX.CHANGE, its latest fix's date): a request of the
   * symbol's history that goes meanwhile may widen to take it in, so that the ask costs nothing. Never sent on its
   * own. Gives the withdrawal, called once the cell asks or no longer will. Absent where nothing is merged.
   */
  foreseeHistory?(symbol: string, query: HistoryQuery): () => void;
  /**
   * The corrections of `symbol` from `sinceMs` (epoch ms) on, oldest day first: the desk gateway's archive when the
   * base URL is one (those it found since then), else what this source kept of what it served compared with one
   * fresh read of the history from that day on. Absent where a source keeps nothing to compare with.
   */
  corrections?(symbol: string, sinceMs: number): Promise<readonly Correction[]>;
}
