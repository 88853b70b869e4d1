import type { Clock } from "@index-data/wire/time";
import type { Diagnostics } from "@index-data/wire/diagnostics";
import { tierFromLimit } from "@index-data/wire";
import type { FreshnessSnapshot, RequestEngine } from "../engine";
import type { KeyValueStorage, Settings } from "../settings";
import { LimitKeeper } from "./limit-keeper";
import { SnapshotNotifier } from "./snapshot-notifier";

/**
 * What the pane's freshness bar reads: the current engine's figures, when the runtime last refreshed, and the tier;
 * told to listeners at once after a refresh and at most every 200 ms while the engine is busy. Each notice also
 * keeps the limit the service announced, for the next session's opening.
 */
export class FreshnessReport {
  private lastRefreshedAt: string | undefined;
  private readonly notifier: SnapshotNotifier<FreshnessSnapshot>;
  private readonly limitKeeper: LimitKeeper;

  constructor(
    private readonly clock: Clock,
    storage: KeyValueStorage,
    diagnostics: Diagnostics,
    /** The current engine once built, and the settings it runs on. */
    private readonly current: () => { readonly engine: RequestEngine; readonly settings: Settings } | undefined,
  ) {
    this.limitKeeper = new LimitKeeper(storage, diagnostics);
    const take = () => {
      this.limitKeeper.keep(this.current()?.engine);
      return this.snapshot();
    };
    this.notifier = new SnapshotNotifier(clock, take, diagnostics);
  }

  /** A new engine runs on `settings`, started with the limit kept for them (if any). */
  started(settings: Settings, knownLimit: number | undefined): void {
    this.limitKeeper.started(settings, knownLimit);
    this.notifier.soon();
  }

  /** The engine's figures changed: listeners hear of it within the notice interval. */
  changed(): void {
    this.notifier.soon();
  }

  /** The runtime just refreshed: the time is kept and listeners hear of it at once. */
  refreshed(): void {
    this.lastRefreshedAt = new Date(this.clock.now()).toISOString();
    this.notifier.now();
  }

  snapshot(): FreshnessSnapshot {
    const base = { lastRefreshedAt: this.lastRefreshedAt };
    const current = this.current();
    if (current === undefined) return { requestsDone: 0, requestsQueued: 0, staleCells: 0, ...base };
    const { limitLearned: _learned, ...figures } = current.engine.snapshot();
    const limitPerMinute = figures.limitPerMinute ?? 0;
    // Without a key the caller is anonymous whatever the limit (the older description allows 100).
    const tier = current.settings.apiKey !== undefined ? tierFromLimit(limitPerMinute) : "anonymous";
    return { ...base, ...figures, tier };
  }

  subscribe(listener: (snapshot: FreshnessSnapshot) => void): () => void {
    return this.notifier.subscribe(listener);
  }

  close(): void {
    this.notifier.close();
  }
}
