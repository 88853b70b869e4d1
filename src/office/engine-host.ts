import type { Clock, TimerHandle } from "../time";
import { defaultSettings, toClientOptions, type Settings, type SettingsStore } from "../settings";
import type { KeyValueStorage } from "../settings";
import { tierFromLimit } from "../wire";
import type { IndexDataSource } from "../client";
import { resolveEngineOptions, type EngineOptions } from "../engine";
import type { FreshnessSnapshot } from "../engine";
import { LiveFeed } from "../engine";
import { RequestEngine } from "../engine";
import { NO_CELL, USER_ACTION, type CallContext } from "../engine";
import { CellSource } from "../engine";
import { keepKnownLimit, readKnownLimit } from "../engine";

/** Longest gap between a change and the snapshot listeners hearing of it. */
const NOTIFY_EVERY_MS = 200;

interface EngineHostOptions {
  readonly settings: SettingsStore;
  /** Where last-known values live (OfficeRuntime.storage in Office). */
  readonly storage: KeyValueStorage;
  /** Recalculates every INDEX formula; resolves false where there is no workbook. */
  readonly recalc: () => Promise<boolean>;
  /** Set by tests (a FakeClock, a short batching window, no shared budget); production uses the engine's defaults. */
  readonly engineOptions?: EngineOptions;
}

/**
 * The engine of the shared runtime, for the current settings: loads the settings, builds the engine,
 * builds a new one (and refreshes) when the settings change, and offers refresh, the freshness snapshot
 * and INDEX.LIVE's feed. No Office calls: recalculation is handed in.
 */
export class EngineHost {
  readonly source: IndexDataSource;
  /** The source of the user's own reads (the taskpane's detail pane, Test connection): sent before the cells'. */
  readonly userSource: IndexDataSource;
  readonly live: LiveFeed;
  /** The office layer's last report of the cells the user can see (kept for an engine built on new settings). */
  private isVisible: ((address: string) => boolean) | undefined;
  private current: Promise<RequestEngine>;
  private ready: RequestEngine | undefined;
  private settingsNow: Settings | undefined;
  /** Which call of start() is the current one. */
  private generation = 0;
  private lastRefreshedAt: string | undefined;
  private readonly listeners = new Set<(snapshot: FreshnessSnapshot) => void>();
  private notifyTimer: TimerHandle | undefined;
  /** The clock every wait of this runtime runs on (the engine's; the formulas' deadline too). */
  readonly clock: Clock;
  private readonly defaultBoundMs: number;
  /** The limit kept for the current settings (known-limit.ts), so it is written again only when it changes. */
  private keptLimit: number | undefined;

  constructor(private readonly options: EngineHostOptions) {
    const resolved = resolveEngineOptions(options.engineOptions ?? {}, {});
    this.defaultBoundMs = resolved.settleBoundMs;
    this.clock = resolved.clock;
    this.current = this.start(options.settings.load().catch(() => defaultSettings()));
    this.source = new CellSource(() => this.current, NO_CELL);
    this.userSource = new CellSource(() => this.current, USER_ACTION);
    this.live = new LiveFeed({
      poll: (symbol) => this.current.then((engine) => engine.latestNow(symbol)),
      floorMs: (symbols) => this.ready?.liveFloorMs(symbols) ?? 2000,
      clock: this.clock,
    });
    options.settings.subscribe((settings) => this.settingsChanged(settings));
  }

  get settings(): SettingsStore {
    return this.options.settings;
  }

  /** The longest any call of `source` may take before it settles; the functions use it as their bound. */
  get settleBoundMs(): number {
    return this.ready?.options.settleBoundMs ?? this.defaultBoundMs;
  }

  /** The engine for the current settings (rejects with a ConfigurationError when they are unusable). */
  engine(): Promise<RequestEngine> {
    return this.current;
  }

  /** Invalidates what may have changed (past history stays), then recalculates every INDEX formula. */
  async refresh(): Promise<void> {
    const engine = await this.current;
    engine.invalidate();
    await this.options.recalc();
    this.lastRefreshedAt = new Date(this.clock.now()).toISOString();
    this.notifyNow();
  }

  /** The source of one evaluation of one cell (indexed by its address; cache only in a value preview). */
  sourceFor(cell: CallContext): CellSource {
    return new CellSource(() => this.current, cell, this.readyEngine);
  }

  /** The engine of the current settings once built: a cell's calls go straight to it (CellSource). */
  private readonly readyEngine = (): RequestEngine | undefined => this.ready;

  /**
   * Every cell `covers` accepts asks the service again at its next evaluation (once per resource), then `recalc`
   * recalculates them; resolves with the requests the refresh made, once the engine is quiet.
   */
  async refreshCells(covers: (address: string) => boolean, recalc: () => Promise<unknown>): Promise<number> {
    const engine = await this.current;
    engine.refreshCells(covers);
    await recalc();
    await engine.quiet();
    this.lastRefreshedAt = new Date(this.clock.now()).toISOString();
    this.notifyNow();
    return engine.snapshot().requestsDone;
  }

  /** The cells the user can see now (a hint: their requests go before the background's). */
  setVisible(isVisible: (address: string) => boolean): void {
    this.isVisible = isVisible;
    this.ready?.setVisible(isVisible);
  }

  snapshot(): FreshnessSnapshot {
    const engine = this.ready;
    const base = { ...(this.lastRefreshedAt !== undefined ? { lastRefreshedAt: this.lastRefreshedAt } : {}) };
    if (engine === undefined) return { requestsDone: 0, requestsQueued: 0, staleCells: 0, ...base };
    const keyed = this.settingsNow?.apiKey !== undefined;
    const { limitLearned: _learned, ...figures } = engine.snapshot();
    const limitPerMinute = figures.limitPerMinute ?? 0;
    // Without a key the caller is anonymous whatever the limit (the older description allows 100).
    return { ...base, ...figures, tier: keyed ? tierFromLimit(limitPerMinute) : "anonymous" };
  }

  subscribe(listener: (snapshot: FreshnessSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops polling and fails whatever waits (the runtime is closing, or a test ends). */
  close(): void {
    this.live.stopAll();
    this.clock.clearTimer(this.notifyTimer);
    this.ready?.close();
  }

  private start(settings: Promise<Settings>): Promise<RequestEngine> {
    const generation = ++this.generation;
    const building = settings.then(async (s) => {
      const client = toClientOptions(s);
      const knownLimit = await readKnownLimit(this.options.storage, client.baseUrl, client.apiKey);
      const engine = new RequestEngine(client, {
        ...(knownLimit !== undefined ? { initialLimit: knownLimit } : {}),
        ...this.options.engineOptions,
        storage: this.options.storage,
      });
      engine.subscribe(() => this.notifySoon());
      if (this.isVisible !== undefined) engine.setVisible(this.isVisible);
      // Settings saved while the first load was still reading: the newer engine owns the runtime, not this one.
      if (generation !== this.generation) return engine;
      this.ready = engine;
      this.settingsNow = s;
      this.keptLimit = knownLimit;
      this.notifySoon();
      return engine;
    });
    building.catch(() => undefined); // unusable settings: each call rejects with the reason, nothing else
    return building;
  }

  private settingsChanged(settings: Settings): void {
    const previous = this.current;
    this.ready = undefined;
    this.current = this.start(Promise.resolve(settings));
    previous.then(
      (engine) => engine.close(),
      () => undefined,
    );
    // Another service or key: nothing cached may be shown as fresh; recalculate every cell.
    this.refresh().catch(() => undefined);
  }

  private notifySoon(): void {
    this.notifyTimer ??= this.clock.setTimer(() => this.notifyNow(), NOTIFY_EVERY_MS);
  }

  /** Keeps the limit the service announced, once learned, for the next session's opening burst. */
  private keepLimit(): void {
    const engine = this.ready;
    const settings = this.settingsNow;
    if (engine === undefined || settings === undefined) return;
    const { limitLearned, limitPerMinute } = engine.snapshot();
    if (limitLearned !== true || limitPerMinute === undefined) return;
    const limit = Math.round((limitPerMinute * engine.options.rateWindowMs) / 60_000);
    if (limit === this.keptLimit) return;
    this.keptLimit = limit;
    void keepKnownLimit(this.options.storage, settings.baseUrl, settings.apiKey, limit);
  }

  private notifyNow(): void {
    this.clock.clearTimer(this.notifyTimer);
    this.notifyTimer = undefined;
    this.keepLimit();
    const snapshot = this.snapshot();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A closed taskpane's listener must not stop the others.
      }
    }
  }
}
