import type { Clock, TimerHandle } from "@index-data/wire/time";
import type { IndexSummary } from "@index-data/wire";
import type { LatestFix } from "@index-data/wire";
import type { LatestValue, Answered } from "../../client";

/** Where latest values can come from; the engine provides these over its cache. */
interface LatestValueSources {
  fix(symbol: string): Promise<Answered<LatestFix>>;
  catalogue(): Promise<Answered<readonly IndexSummary[]>>;
  /** True when the full fix of `symbol` is cached or was asked for since the last batch: reading it costs nothing. */
  fixAtHand(symbol: string): boolean;
  /** True when the catalogue is cached or in flight. */
  catalogueAtHand(): boolean;
}

/** A cell waiting for a value, and what it makes of the value (in the same step as it gets it: no promise more). */
type Waiter = {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  then: (v: Answered<LatestValue>) => unknown;
};

/** The value and date of a served fix, served the same way. */
export function latestValueOf(served: Answered<LatestFix>): Answered<LatestValue> {
  const { symbol, value, asOf } = served.data;
  return { data: { symbol, value, asOf }, meta: served.meta };
}

/**
 * Answers latest-value cells (value and as-of only) with the fewest requests. Requests are collected for
 * `windowMs`; then, per symbol:
 * - a full fix already at hand (another cell wants its confidence, status...) answers it for free;
 * - otherwise the catalogue (`/indexes`, one request for every symbol) answers it, when two or more symbols
 *   are left or the catalogue is at hand anyway;
 * - a single symbol left alone costs one request either way, and takes `/latest`.
 * A symbol the catalogue does not list, or lists without a value, falls back to `/latest`, so unknown and
 * no-data symbols get the service's own answer (404), never a made-up one.
 */
export class LatestValueBatcher {
  private readonly waiting = new Map<string, Waiter[]>();
  private timer: TimerHandle | undefined;

  constructor(
    private readonly sources: LatestValueSources,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** True while requests wait for the batch window. */
  get pending(): boolean {
    return this.waiting.size > 0;
  }

  /** The value of `symbol`, as `then` makes it (what the caller would do in a `.then` of its own). */
  get<T>(symbol: string, then: (served: Answered<LatestValue>) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const list = this.waiting.get(symbol) ?? [];
      list.push({ resolve: resolve as (v: unknown) => void, reject, then });
      this.waiting.set(symbol, list);
      this.timer ??= this.clock.setTimer(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    this.timer = undefined;
    const batch = [...this.waiting];
    this.waiting.clear();
    const rest = batch.filter(([symbol, waiters]) => {
      if (!this.sources.fixAtHand(symbol)) return true;
      this.answerFromFix(symbol, waiters);
      return false;
    });
    if (rest.length >= 2 || (rest.length === 1 && this.sources.catalogueAtHand())) this.answerFromCatalogue(rest);
    else for (const [symbol, waiters] of rest) this.answerFromFix(symbol, waiters);
  }

  private answerFromFix(symbol: string, waiters: readonly Waiter[]): void {
    this.sources.fix(symbol).then(
      (served) => settleAll(waiters, latestValueOf(served)),
      (error: unknown) => rejectAll(waiters, error),
    );
  }

  private answerFromCatalogue(batch: ReadonlyArray<readonly [string, Waiter[]]>): void {
    this.sources.catalogue().then(
      (served) => {
        const bySymbol = new Map(served.data.map((row) => [row.symbol, row]));
        for (const [symbol, waiters] of batch) {
          const row = bySymbol.get(symbol);
          if (row?.latestValue === undefined || row.latestAsOf === undefined) {
            this.answerFromFix(symbol, waiters);
            continue;
          }
          const data: LatestValue = { symbol: row.symbol, value: row.latestValue, asOf: row.latestAsOf };
          settleAll(waiters, { data, meta: served.meta });
        }
      },
      (error: unknown) => {
        for (const [, waiters] of batch) rejectAll(waiters, error);
      },
    );
  }
}

function settleAll(waiters: readonly Waiter[], value: Answered<LatestValue>): void {
  for (const w of waiters) {
    try {
      w.resolve(w.then(value));
    } catch (error) {
      w.reject(error);
    }
  }
}

function rejectAll(waiters: readonly Waiter[], error: unknown): void {
  for (const w of waiters) w.reject(error);
}
