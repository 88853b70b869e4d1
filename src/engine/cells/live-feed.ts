import type { LatestFix } from "@index-data/wire";
import type { Answered } from "../../client";
import { systemClock, type Clock, type TimerHandle } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";

/** What a watcher hears: a fix that differs from the last one, or an error (the watcher decides what to show). */
export type LiveUpdate =
  { readonly ok: true; readonly fix: Answered<LatestFix> } | { readonly ok: false; readonly error: unknown };
type LiveListener = (update: LiveUpdate) => void;

interface LiveFeedSources {
  /** Asks the service for the latest fix now (the engine: one request, shared with any other caller). */
  readonly poll: (symbol: string) => Promise<Answered<LatestFix>>;
  /** Shortest interval per symbol the budget allows with this many symbols watched. */
  readonly floorMs: (watchedSymbols: number) => number;
  /** @default systemClock */
  readonly clock?: Clock;
  /** Where a listener's failure is reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
}

interface Watcher {
  readonly intervalMs: number;
  readonly listener: LiveListener;
}

interface SymbolWatch {
  readonly watchers: Set<Watcher>;
  timer: TimerHandle | undefined;
  last: LiveUpdate | undefined;
  /** Identity of the last fix pushed, to push only on change. */
  lastFixId: string | undefined;
  /** When the pending timer was armed (clock time); undefined while a poll is in flight. */
  armedAt: number | undefined;
}

function fixId(fix: LatestFix): string {
  return JSON.stringify(fix);
}

/**
 * Live latest fixes for INDEX.LIVE: one poll per symbol however many cells watch it, at the shortest
 * interval any of them asked for but never below the budget's shortest interval; listeners hear only changes; the
 * poll stops when the last watcher of a symbol leaves.
 */
export class LiveFeed {
  private readonly symbols = new Map<string, SymbolWatch>();

  private readonly clock: Clock;

  constructor(private readonly sources: LiveFeedSources) {
    this.clock = sources.clock ?? systemClock;
  }

  /** Starts watching; returns the function that stops (call it from the cell's onCanceled). */
  watch(symbol: string, intervalMs: number, listener: LiveListener): () => void {
    const watcher: Watcher = { intervalMs, listener };
    let watch = this.symbols.get(symbol);
    if (watch === undefined) {
      watch = { watchers: new Set(), timer: undefined, last: undefined, lastFixId: undefined, armedAt: undefined };
      this.symbols.set(symbol, watch);
      watch.watchers.add(watcher);
      this.poll(symbol, watch);
    } else {
      const before = this.interval(watch);
      watch.watchers.add(watcher);
      if (watch.last !== undefined) listener(watch.last); // a new cell sees the current fix without a request
      // A faster cell must not wait out the slower cell's pending timer (up to a day): re-arm at the new interval.
      if (this.interval(watch) < before && watch.armedAt !== undefined) this.arm(symbol, watch, watch.armedAt);
    }
    return () => this.unwatch(symbol, watcher);
  }

  /** Symbols being polled. */
  get watchedSymbols(): number {
    return this.symbols.size;
  }

  /** The interval a symbol is polled at now. */
  intervalFor(symbol: string): number | undefined {
    const watch = this.symbols.get(symbol);
    return watch === undefined ? undefined : this.interval(watch);
  }

  /** Stops every poll (the runtime is closing). */
  stopAll(): void {
    for (const watch of this.symbols.values()) this.clock.clearTimer(watch.timer);
    this.symbols.clear();
  }

  private unwatch(symbol: string, watcher: Watcher): void {
    const watch = this.symbols.get(symbol);
    if (watch === undefined) return;
    watch.watchers.delete(watcher);
    if (watch.watchers.size > 0) return;
    this.clock.clearTimer(watch.timer);
    this.symbols.delete(symbol);
  }

  private interval(watch: SymbolWatch): number {
    let asked = Number.POSITIVE_INFINITY;
    for (const w of watch.watchers) asked = Math.min(asked, w.intervalMs);
    return Math.max(asked, this.sources.floorMs(this.symbols.size));
  }

  /** Arms the next poll one interval after `from` (never in the past). */
  private arm(symbol: string, watch: SymbolWatch, from: number): void {
    this.clock.clearTimer(watch.timer);
    const now = this.clock.now();
    watch.armedAt = from;
    watch.timer = this.clock.setTimer(
      () => {
        watch.armedAt = undefined;
        this.poll(symbol, watch);
      },
      Math.max(0, from + this.interval(watch) - now),
    );
  }

  private poll(symbol: string, watch: SymbolWatch): void {
    const next = () => {
      if (this.symbols.get(symbol) !== watch) return; // stopped meanwhile
      this.arm(symbol, watch, this.clock.now());
    };
    this.sources.poll(symbol).then(
      (fix) => {
        this.deliver(watch, { ok: true, fix }, fixId(fix.data));
        next();
      },
      (error: unknown) => {
        this.deliver(watch, { ok: false, error }, undefined);
        next();
      },
    );
  }

  private deliver(watch: SymbolWatch, update: LiveUpdate, id: string | undefined): void {
    if (update.ok && id === watch.lastFixId) return;
    if (!update.ok && watch.last !== undefined && !watch.last.ok) return; // the same trouble again: nothing new
    watch.last = update;
    if (update.ok) watch.lastFixId = id;
    for (const watcher of [...watch.watchers]) {
      try {
        watcher.listener(update);
      } catch (error) {
        // A cell that can no longer take results (closed workbook) must not stop the others.
        (this.sources.diagnostics ?? noDiagnostics).note({ where: "live cell listener", error });
      }
    }
  }
}
