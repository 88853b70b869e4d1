import type { Answered } from "../../client";
import type { KeyValueStorage } from "../../settings";
import type { ResolvedEngineOptions } from "../engine-options";
import { keyOf, keyPrefixOf, type ResourceKind } from "@index-data/wire";
import { LastKnownStore, type LastKnownEntry } from "./last-known-store";
import { ResultCache, type Held } from "./result-cache";
import { StaleLedger } from "../cells/stale-ledger";

/**
 * The engine's cache and time-to-live: one answer per distinct resource, kept for its kind's time-to-live, stored
 * as the last-known value, and served from there (marked stale) when the service fails. It counts the calls
 * answered stale for the taskpane. It knows keys and kinds, never requests or cells.
 */
export class AnswerCache {
  private readonly store: LastKnownStore;
  private readonly cache: ResultCache;
  private readonly stale = new StaleLedger();
  /** Keys last served from a last-known value (the service failed). */
  private readonly servedStale = new Set<string>();
  /** The newest `producedAt` of an answer served that was no last-known stand-in (ISO 8601 compares as text). */
  private loadedAt: string | undefined;

  /**
   * `served` hears every answer served, synchronously: once per load for every cell that waited for it, and once
   * per read of a held one (never through a promise per cell).
   */
  constructor(
    storage: KeyValueStorage,
    namespace: string,
    options: ResolvedEngineOptions,
    private readonly changed: () => void,
    served: (key: string, served: Answered<unknown>) => void = () => undefined,
  ) {
    this.store = new LastKnownStore(storage, { namespace, ...options.lastKnown }, options.diagnostics);
    this.cache = new ResultCache(this.store, {
      ttls: options.ttls,
      failureTtlMs: options.failureTtlMs,
      maxEntries: 5000,
      clock: options.clock,
      onServed: (key, answer, calls) => {
        if (answer.meta.servedStale) this.servedStale.add(key);
        else {
          this.servedStale.delete(key);
          if (this.loadedAt === undefined || answer.meta.producedAt > this.loadedAt)
            this.loadedAt = answer.meta.producedAt;
        }
        if (answer.meta.servedStale && calls > 0) this.countStale(answer, calls);
        served(key, answer);
      },
    });
  }

  /**
   * The answer for `key`: cached, else loaded once by `load` (shared in flight); `force` skips a fresh one. Every
   * read of a key in flight or held gets the same promise. A `counted` read is one cell: answered from a last-known
   * value, it is counted for the taskpane when the answer comes (the cells that waited for it, all at once).
   */
  get<T>(
    kind: ResourceKind,
    key: string,
    load: () => Promise<Answered<T>>,
    force: boolean,
    counted = false,
  ): Promise<Answered<T>> {
    return this.cache.get(kind, key, load, force, counted);
  }

  /** The last-known answers kept under keys starting with `prefix`, whatever their age. */
  kept(prefix: string): Promise<LastKnownEntry[]> {
    return this.store.entriesUnder(prefix);
  }

  /** What `key` holds within its time-to-live; nothing is loaded. */
  peek<T>(key: string): Held<T> {
    return this.cache.peek<T>(key);
  }

  /** True when `key` holds a fresh result from the service: reading it costs no request. */
  holdsFresh(key: string): boolean {
    return this.cache.holdsFresh(key);
  }

  /** True when `key` is past its time-to-live or was last answered with a last-known value. */
  isStale(key: string): boolean {
    if (this.servedStale.has(key)) return true;
    // A latest-value cell may have been answered by the catalogue, which then holds its value fresh.
    const catalogue = keyOf("listIndexes", []);
    const viaCatalogue =
      key.startsWith(keyPrefixOf("latest")) && this.cache.holdsFresh(catalogue) && !this.servedStale.has(catalogue);
    return !(this.cache.holdsFresh(key) || viaCatalogue);
  }

  /**
   * One call is one cell: a call answered from a last-known value is counted for the taskpane (reads that do not
   * go through `get` with `counted`).
   */
  counted<T>(work: Promise<Answered<T>>): Promise<Answered<T>> {
    return work.then(this.countOne);
  }

  /** One call answered: counted when from a last-known value. One function for every call (no closure per cell). */
  readonly countOne = <T>(served: Answered<T>): Answered<T> => {
    if (served.meta.servedStale) this.countStale(served, 1);
    return served;
  };

  private countStale(served: Answered<unknown>, calls: number): void {
    this.stale.note(served.meta.producedAt, calls);
    this.changed();
  }

  /** The cache's part of the freshness snapshot: the cells on last-known values, and when values were loaded. */
  freshness(): { staleCells: number; staleAsOf: string | undefined; loadedAt: string | undefined } {
    return { staleCells: this.stale.count(), staleAsOf: this.stale.oldest(), loadedAt: this.loadedAt };
  }

  /** Forgets what may have changed (everything but past history; `everything` drops that too). */
  invalidate(everything: boolean): void {
    this.cache.invalidate(everything);
    this.servedStale.clear();
    this.stale.clear();
  }

  /** Resolves when every last-known value written so far is in storage. */
  flush(): Promise<void> {
    return this.store.flush();
  }

  get sizes(): { cached: number; lastKnown: number; servedStale: number; derived: number } {
    return {
      cached: this.cache.size,
      lastKnown: this.store.size,
      servedStale: this.servedStale.size,
      derived: this.cache.derivedCount,
    };
  }
}
