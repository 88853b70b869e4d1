import { historyKind, keyOf, type Granularity, type History, type HistoryQuery } from "@index-data/wire";
import type { IndexSummary } from "@index-data/wire";
import type { LatestFix } from "@index-data/wire";
import type { LatestValue, Answered } from "../../client";
import { DAY_MS, startOfUtcDay } from "@index-data/wire/time";
import type { ResolvedEngineOptions } from "../engine-options";
import { HistoryBatcher } from "./history-batcher";
import type { DateRange } from "../answers/history-ranges";
import { LatestValueBatcher } from "./latest-value-batcher";

/** What batching reads through: the sending of one history union, and the engine's cached reads. */
interface BatchSources {
  sendHistory(symbol: string, query: HistoryQuery): Promise<Answered<History>>;
  /** The full fix of a symbol (not a cell's read). */
  fix(symbol: string): Promise<Answered<LatestFix>>;
  catalogue(): Promise<Answered<readonly IndexSummary[]>>;
  holdsFresh(key: string): boolean;
}

/**
 * The engine's batching: history ranges of one symbol merged into one request and sliced from it, and
 * latest-value cells answered by one catalogue request or by a fix already asked for. It knows requests to come,
 * never cells, budgets or stores.
 */
export class Batching {
  private readonly histories: HistoryBatcher;
  private readonly latestValues: LatestValueBatcher;
  /** Symbols whose full fix was asked for since the last refresh: their latest-value cells take it. */
  private readonly fixesAsked = new Set<string>();

  constructor(sources: BatchSources, options: ResolvedEngineOptions) {
    const clock = options.clock;
    this.histories = new HistoryBatcher(sources.sendHistory, {
      windowMs: options.batchWindowMs,
      maxSpanMs: options.maxHistorySpanDays * DAY_MS,
      ttlFor: (endMs) => options.ttls[historyKind(endMs, clock.now())],
      clock,
    });
    this.latestValues = new LatestValueBatcher(
      {
        fix: (symbol) => {
          this.fixesAsked.add(symbol);
          return sources.fix(symbol);
        },
        catalogue: () => sources.catalogue(),
        fixAtHand: (symbol) => this.fixesAsked.has(symbol) || sources.holdsFresh(keyOf("latest", [symbol])),
        catalogueAtHand: () => sources.holdsFresh(keyOf("listIndexes", [])),
      },
      options.batchWindowMs,
      clock,
    );
  }

  /** A range of daily history, from a union fetched (or in flight) or the next batch; `fresh` skips the first. */
  history(
    symbol: string,
    range: DateRange,
    granularity: Granularity | undefined,
    fresh: boolean,
  ): Promise<Answered<History>> {
    return this.histories.get(symbol, range, granularity, fresh);
  }

  /** A range a cell will probably ask soon: the symbol's next union widens to take it in; the withdrawal. */
  foreseeHistory(symbol: string, range: DateRange, granularity: Granularity | undefined): () => void {
    return this.histories.foresee(symbol, range, granularity);
  }

  /** The slice of an answered union covering `range`, without a request or a wait. */
  peekHistory(symbol: string, range: DateRange, granularity: Granularity | undefined): Answered<History> | undefined {
    return this.histories.peek(symbol, range, granularity);
  }

  /**
   * The value and its date: answered by the symbol's fix when at hand, else (with others) by one catalogue; as
   * `then` makes it, in the same step.
   */
  latestValue<T>(symbol: string, then: (served: Answered<LatestValue>) => T): Promise<T> {
    return this.latestValues.get(symbol, then);
  }

  /** The symbol's full fix is asked for: its latest-value cells batched meanwhile take it, not the catalogue. */
  fixAsked(symbol: string): void {
    this.fixesAsked.add(symbol);
  }

  /** True while requests wait for a batch window. */
  get pending(): boolean {
    return this.histories.pending || this.latestValues.pending;
  }

  /** Forgets what may have changed: every union but past history (`everything`: those too), and the fixes asked. */
  invalidate(everything: boolean, now: number): void {
    const today = startOfUtcDay(now);
    this.histories.invalidate(everything ? () => false : (range) => range.endMs < today);
    this.fixesAsked.clear();
  }

  get sizes(): { historyUnions: number; historiesForeseen: number; fixesAsked: number } {
    return {
      historyUnions: this.histories.unionCount,
      historiesForeseen: this.histories.foreseenCount,
      fixesAsked: this.fixesAsked.size,
    };
  }
}
