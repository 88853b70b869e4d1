import type { Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { defaultSettings, signInOf, toClientOptions, type Settings, type SettingsStore } from "../settings";
import { CredentialWatch, nestedAppAuthSupported, signInSession, type NestableClientFactory } from "./sign-in";
import type { KeyValueStorage } from "../settings";
import { tierFromLimit } from "@index-data/wire";
import type { IndexDataSource } from "../client";
import { resolveEngineOptions, type EngineOptions } from "../engine";
import type { FreshnessSnapshot } from "../engine";
import { LiveFeed } from "../engine";
import { RequestEngine } from "../engine";
import { NO_CELL, USER_ACTION, type CallContext } from "../engine";
import { CellSource } from "../engine";
import { readKnownLimit } from "../engine";
import { LimitKeeper } from "./limit-keeper";
import { SnapshotNotifier } from "./snapshot-notifier";

interface EngineHostOptions {
  readonly settings: SettingsStore;
  /** Where last-known values live (OfficeRuntime.storage in Office). */
  readonly storage: KeyValueStorage;
  /** Recalculates every INDEX formula; resolves false where there is no workbook. */
  readonly recalc: () => Promise<boolean>;
  /** Set by tests (a FakeClock, a short batching window, no shared budget); production uses the engine's defaults. */
  readonly engineOptions?: EngineOptions;
  /** Where swallowed failures are reported (a refused storage write, a failed refresh). @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
  /** Whether Office can sign the user in (tests say). @default nestedAppAuthSupported */
  readonly nestedAppAuth?: () => boolean;
  /** MSAL's nestable client (tests fake it at this boundary). @default msalNestableClient */
  readonly msal?: NestableClientFactory;
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
  private readonly notifier: SnapshotNotifier<FreshnessSnapshot>;
  private readonly limitKeeper: LimitKeeper;
  /** The clock every wait of this runtime runs on (the engine's; the formulas' deadline too). */
  readonly clock: Clock;
  /** Where this runtime reports the failures it swallows. */
  readonly diagnostics: Diagnostics;
  /** Which credential the current settings' requests carry (the sign-in, or the desk token and why). */
  readonly credential = new CredentialWatch();
  private readonly defaultBoundMs: number;

  constructor(private readonly options: EngineHostOptions) {
    const resolved = resolveEngineOptions(options.engineOptions ?? {}, {});
    this.defaultBoundMs = resolved.settleBoundMs;
    this.clock = resolved.clock;
    this.diagnostics = options.diagnostics ?? noDiagnostics;
    this.limitKeeper = new LimitKeeper(options.storage, this.diagnostics);
    this.notifier = new SnapshotNotifier(
      this.clock,
      () => {
        this.limitKeeper.keep(this.ready);
        return this.snapshot();
      },
      this.diagnostics,
    );
    const loaded = options.settings.load().catch((error: unknown) => {
      this.diagnostics.note({ where: "settings load", error });
      return defaultSettings();
    });
    this.current = this.start(loaded);
    this.source = new CellSource(() => this.current, NO_CELL);
    this.userSource = new CellSource(() => this.current, USER_ACTION);
    this.live = new LiveFeed({
      poll: (symbol) => this.current.then((engine) => engine.latestNow(symbol)),
      floorMs: (symbols) => this.ready?.liveFloorMs(symbols) ?? 2000,
      clock: this.clock,
      diagnostics: this.diagnostics,
    });
    options.settings.subscribe((settings) => this.settingsChanged(settings));
  }

  /** The API key of the engine's settings, once loaded: what the diagnostics take out of every message. */
  get apiKey(): string | undefined {
    return this.settingsNow?.apiKey;
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
    this.notifier.now();
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
    this.notifier.now();
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
    return this.notifier.subscribe(listener);
  }

  /** Stops polling and fails whatever waits (the runtime is closing, or a test ends). */
  close(): void {
    this.live.stopAll();
    this.notifier.close();
    this.ready?.close();
  }

  private start(settings: Promise<Settings>): Promise<RequestEngine> {
    const generation = ++this.generation;
    const building = settings.then(async (s) => {
      const bearerToken = this.signInTokenFor(s, generation);
      const client = { ...toClientOptions(s), diagnostics: this.diagnostics, ...(bearerToken ? { bearerToken } : {}) };
      const { storage } = this.options;
      const knownLimit = await readKnownLimit(storage, client.baseUrl, client.apiKey, this.diagnostics);
      const engine = new RequestEngine(client, {
        ...(knownLimit !== undefined ? { initialLimit: knownLimit } : {}),
        diagnostics: this.diagnostics,
        ...this.options.engineOptions,
        storage,
      });
      engine.subscribe(() => this.notifier.soon());
      if (this.isVisible !== undefined) engine.setVisible(this.isVisible);
      // Settings saved while the first load was still reading: the newer engine owns the runtime, not this one.
      if (generation !== this.generation) return engine;
      this.ready = engine;
      this.settingsNow = s;
      this.limitKeeper.started(s, knownLimit);
      this.notifier.soon();
      return engine;
    });
    // Unusable settings: each call rejects with the reason (the pane shows it); recorded once here.
    building.catch((error: unknown) => this.diagnostics.note({ where: "engine start", error }));
    return building;
  }

  /**
   * The sign-in token provider for these settings, where they name a sign-in and Office can do NAA; else none (the
   * key). Only the current settings report to `credential`: an engine built for older ones is about to be closed.
   */
  private signInTokenFor(settings: Settings, generation: number): (() => Promise<string | undefined>) | undefined {
    return signInSession({
      signIn: signInOf(settings),
      hasKey: settings.apiKey !== undefined,
      supported: this.options.nestedAppAuth ?? nestedAppAuthSupported,
      watch: generation === this.generation ? this.credential : new CredentialWatch(),
      ...(this.options.msal !== undefined ? { factory: this.options.msal } : {}),
    });
  }

  private settingsChanged(settings: Settings): void {
    const previous = this.current;
    this.ready = undefined;
    this.current = this.start(Promise.resolve(settings));
    previous.then(
      (engine) => engine.close(),
      () => undefined, // its failure was recorded when it was built (start)
    );
    // Another service or key: nothing cached may be shown as fresh; recalculate every cell.
    this.refresh().catch((error: unknown) => this.diagnostics.note({ where: "refresh after settings change", error }));
  }
}
