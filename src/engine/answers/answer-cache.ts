import type { Answered } from "../../client";
import type { KeyValueStorage } from "../../settings";
import type { ResolvedEngineOptions } from "../engine-options";
import { keyOf, keyPrefixOf, type ResourceKind } from "../../wire";
import { LastKnownStore } from "./last-known-store";
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

  constructor(
    storage: KeyValueStorage,
    namespace: string,
    options: ResolvedEngineOptions,
    private readonly changed: () => void,
  ) {
    this.store = new LastKnownStore(storage, { namespace, ...options.lastKnown });
    this.cache = new ResultCache(this.store, {
      ttls: options.ttls,
      failureTtlMs: options.failureTtlMs,
      maxEntries: 5000,
      clock: options.clock,
    });
  }

  /** The answer for `key`: cached, else loaded once by `load` (shared in flight); `force` skips a fresh one. */
  get<T>(kind: ResourceKind, key: string, load: () => Promise<Answered<T>>, force: boolean): Promise<Answered<T>> {
    return this.cache.get(kind, key, load, force).then((served) => {
      if (served.meta.servedStale) this.servedStale.add(key);
      else this.servedStale.delete(key);
      return served;
    });
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

  /** One call is one cell: a call answered from a last-known value is counted for the taskpane. */
  counted<T>(work: Promise<Answered<T>>): Promise<Answered<T>> {
    return work.then((served) => {
      if (served.meta.servedStale) {
        this.stale.note(served.meta.producedAt);
        this.changed();
      }
      return served;
    });
  }

  /** The stale cells' part of the freshness snapshot. */
  staleCells(): { staleCells: number; staleAsOf?: string } {
    const staleAsOf = this.stale.oldest();
    return { staleCells: this.stale.count(), ...(staleAsOf !== undefined ? { staleAsOf } : {}) };
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

  get sizes(): { cached: number; lastKnown: number; servedStale: number } {
    return { cached: this.cache.size, lastKnown: this.store.size, servedStale: this.servedStale.size };
  }
}
