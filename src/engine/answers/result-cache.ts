import type { Clock } from "@index-data/wire/time";
import type { Answered } from "../../client";
import { survivesRefresh, type ResourceKind, type TtlTable } from "@index-data/wire";
import type { LastKnownEntry, LastKnownStore } from "./last-known-store";
import { isServiceFailure } from "../sending/retry-policy";
import { ExpiringLru } from "./expiring-lru";
import { DerivedValues } from "@index-data/wire";

/**
 * What a key resolved to: a result (fresh or last-known), or the error to show. Errors are cached briefly too.
 * `settled` is the one promise every read of the held outcome gets.
 */
type Outcome = (
  { readonly ok: true; readonly served: Answered<unknown> } | { readonly ok: false; readonly error: unknown }
) & { settled?: Promise<Answered<unknown>> };

/** The promise of a held outcome: made once, then handed to every read while it is held. */
function settledOf(outcome: Outcome): Promise<Answered<unknown>> {
  if (outcome.settled !== undefined) return outcome.settled;
  if (outcome.ok) outcome.settled = Promise.resolve(outcome.served);
  else {
    outcome.settled = Promise.reject(outcome.error);
    // Expected: rejected for whoever reads it; nobody reading it is no failure.
    outcome.settled.catch(() => undefined);
  }
  return outcome.settled;
}

/** A load in flight: every read of its key meanwhile shares its one promise. */
interface Load {
  readonly promise: Promise<Answered<unknown>>;
  /** The counted calls waiting for it. */
  calls: number;
  /** Its answer is not kept: a refresh dropped its key's expired slot meanwhile. */
  dropped: boolean;
  readonly startedAt: number;
  /** An entry (fresh or expired) was held for the key when it started (a forced or expired read). */
  readonly over: boolean;
}

/** How long a load's slot counted as fresh when nothing was held for its key (lru-cache's default ttl). */
const LOAD_SLOT_TTL_MS = 60_000;

interface ResultCacheOptions {
  readonly ttls: TtlTable;
  readonly failureTtlMs: number;
  /** Most entries held in memory. */
  readonly maxEntries: number;
  /** Time-to-live and "fetched at" follow this clock (tests move it by hand). */
  readonly clock: Clock;
  /**
   * Hears every result served, synchronously: once per load for everyone who waited for it, and once per read of
   * a held one, with how many of those reads were counted calls (`get`'s `counted`). What is noted per answer or
   * per call is noted there, not in a promise per cell.
   */
  readonly onServed?: (key: string, served: Answered<unknown>, calls: number) => void;
}

/** What the cache holds for a key right now, without loading: a result, a failure, or nothing. */
export type Held<T> =
  { readonly ok: true; readonly served: Answered<T> } | { readonly ok: false; readonly error: unknown } | undefined;

/**
 * The answer as the cache entry holds it, with a memo of its own for what is derived from it (`derived`: a loaded
 * slice keeps the one it came with, holding its part of its history's dates).
 */
function served(entry: LastKnownEntry, servedStale: boolean, derived?: DerivedValues): Answered<unknown> {
  const meta = { producedAt: new Date(entry.fetchedAt).toISOString(), servedStale };
  return { data: entry.data, meta, derived: derived ?? new DerivedValues() };
}

/**
 * One entry per distinct resource, with a time-to-live by kind. One load per key is shared among every caller
 * that asks while it is in flight (a map of promises: lru-cache's `fetch` cost an AbortController per load). A
 * load first looks at the last-known store (a value still within its time-to-live, e.g. after a reopen, costs no
 * request), then asks the service, then falls back to the last-known value when the service failed.
 */
export class ResultCache {
  private readonly cache: ExpiringLru<Outcome>;
  private readonly kinds = new Map<string, ResourceKind>();
  /** The load of each key in flight. */
  private readonly loads = new Map<string, Load>();
  private invalidatedAt = 0;

  constructor(
    private readonly store: LastKnownStore,
    private readonly options: ResultCacheOptions,
  ) {
    this.cache = new ExpiringLru<Outcome>({
      max: options.maxEntries,
      now: () => options.clock.now(),
      dispose: (value, key, reason) => {
        if (reason === "evict" || reason === "expire" || reason === "delete") this.kinds.delete(key);
        // What was derived from the answer (a history's dates, the spills of its cells) goes with it.
        if (value.ok) value.served.derived?.clear();
      },
    });
  }

  /**
   * The result for `key`, loading it with `load` when needed. `force` skips a cached result (live polling). Every
   * read of a key in flight or held gets the same promise: a cell costs no promise of its own here. A `counted`
   * read is one call (one cell) for `onServed`.
   */
  get<T>(
    kind: ResourceKind,
    key: string,
    load: () => Promise<Answered<T>>,
    force = false,
    counted = false,
  ): Promise<Answered<T>> {
    this.kinds.set(key, kind);
    const calls = counted ? 1 : 0;
    // A forced read joins a load in flight too: that one is asking the service already.
    const inFlight = this.loads.get(key);
    if (inFlight !== undefined) {
      if (counted) inFlight.calls++;
      return inFlight.promise as Promise<Answered<T>>;
    }
    const held = force ? undefined : this.cache.get(key);
    if (held !== undefined) {
      if (held.ok) this.options.onServed?.(key, held.served, calls);
      return settledOf(held) as Promise<Answered<T>>;
    }
    return this.start(kind, key, load, force, calls).promise as Promise<Answered<T>>;
  }

  /** Starts the one load of `key` that every read meanwhile shares. */
  private start(
    kind: ResourceKind,
    key: string,
    load: () => Promise<Answered<unknown>>,
    force: boolean,
    calls: number,
  ): Load {
    const startedAt = this.options.clock.now();
    const over = this.cache.peek(key, true) !== undefined;
    const promise = this.load(key, kind, load, force).then(
      ({ outcome, ttl }) => this.settle(kind, key, loading, outcome, ttl),
      (error: unknown) => {
        // A load that failed outright (not an error answer) is not kept, and the next read tries again.
        if (this.loads.get(key) === loading) this.loads.delete(key);
        if (!loading.dropped) this.cache.delete(key);
        throw error;
      },
    );
    const loading: Load = { promise, calls, dropped: false, startedAt, over };
    this.loads.set(key, loading);
    return loading;
  }

  private settle(kind: ResourceKind, key: string, loading: Load, outcome: Outcome, ttl: number): Answered<unknown> {
    if (this.loads.get(key) === loading) this.loads.delete(key);
    if (!loading.dropped) this.cache.set(key, outcome, Math.max(1, ttl));
    if (this.cache.has(key)) this.kinds.set(key, kind); // an expiry during the load may have dropped it
    if (!outcome.ok) throw outcome.error;
    this.options.onServed?.(key, outcome.served, loading.calls);
    return outcome.served;
  }

  /** Values derived from the answers held (their dates, their cells' spills): they go with the answers. */
  get derivedCount(): number {
    let n = 0;
    for (const [key, outcome] of this.cache.entries()) {
      // An answer being replaced by a load in flight no longer counts (as with lru-cache's own fetch).
      if (outcome.ok && !this.loads.has(key)) n += outcome.served.derived?.size ?? 0;
    }
    return n;
  }

  /** True when `key` holds a fresh result from the service: reading it costs no request. */
  holdsFresh(key: string): boolean {
    const outcome = this.cache.get(key);
    return outcome !== undefined && outcome.ok && !outcome.served.meta.servedStale;
  }

  /** What `key` holds within its time-to-live (a result, last-known or fresh, or a failure); nothing is loaded. */
  peek<T>(key: string): Held<T> {
    return this.cache.get(key) as Held<T>;
  }

  /** Entries held in memory. */
  get size(): number {
    let loadsOnly = 0;
    for (const [key, loading] of this.loads) {
      if (!loading.dropped && this.cache.peek(key, true) === undefined) loadsOnly++;
    }
    return this.cache.size + loadsOnly;
  }

  /**
   * Forgets everything that may have changed: every entry except fresh results of kinds that survive a
   * refresh (past history). Last-known values stay, but no longer count as fresh.
   */
  invalidate(all = false): void {
    const now = this.options.clock.now();
    this.invalidatedAt = now;
    for (const [key, loading] of this.loads) if (this.slotExpired(key, loading, now)) loading.dropped = true;
    this.cache.purgeStale(); // expired entries are otherwise only dropped when read again
    for (const key of [...this.cache.keys()]) {
      if (this.loads.has(key)) continue; // a load in flight replaces it (a forced read): its answer is kept
      const kind = this.kinds.get(key);
      const keep = !all && kind !== undefined && survivesRefresh(kind) && this.holdsFresh(key);
      if (!keep) this.cache.delete(key);
    }
  }

  /**
   * True when the slot a load occupies has expired, so a refresh drops it and the load's answer is not kept: the
   * held entry it replaces has expired, or, with none, the load started longer than LOAD_SLOT_TTL_MS ago.
   */
  private slotExpired(key: string, loading: Load, now: number): boolean {
    if (loading.over) return this.cache.peek(key, false) === undefined;
    return loading.startedAt !== 0 && now - loading.startedAt > LOAD_SLOT_TTL_MS;
  }

  private async load(
    key: string,
    kind: ResourceKind,
    load: () => Promise<Answered<unknown>>,
    force: boolean,
  ): Promise<{ outcome: Outcome; ttl: number }> {
    const kindTtl = this.options.ttls[kind];
    // Nothing stored under the key: ask the service in this very turn (a cold open's requests leave at once).
    const known = this.store.lacks(key) ? undefined : await this.store.get(key);
    const age = known === undefined ? Infinity : this.options.clock.now() - known.fetchedAt;
    const counts = known !== undefined && (survivesRefresh(kind) || known.fetchedAt > this.invalidatedAt);
    if (known !== undefined && counts && age < kindTtl && !force) {
      return { outcome: { ok: true, served: served(known, false) }, ttl: kindTtl - age };
    }
    try {
      const { data, meta, derived } = await load();
      if (meta.servedStale) {
        // A cache on the way stood in for a failing service with an older answer: a last-known value (ours when
        // newer), shown as such and asked again soon, never stored as if fresh.
        const theirs = { data, fetchedAt: Date.parse(meta.producedAt) };
        const newest = known !== undefined && known.fetchedAt > theirs.fetchedAt ? known : theirs;
        return { outcome: { ok: true, served: served(newest, true) }, ttl: this.options.failureTtlMs };
      }
      const fetchedAt = this.options.clock.now();
      this.store.put(key, data, fetchedAt);
      return { outcome: { ok: true, served: served({ data, fetchedAt }, false, derived) }, ttl: kindTtl };
    } catch (error) {
      if (!isServiceFailure(error))
        return { outcome: { ok: false, error }, ttl: Math.min(kindTtl, this.options.failureTtlMs) };
      if (known !== undefined)
        return { outcome: { ok: true, served: served(known, true) }, ttl: this.options.failureTtlMs };
      return { outcome: { ok: false, error }, ttl: this.options.failureTtlMs };
    }
  }
}
