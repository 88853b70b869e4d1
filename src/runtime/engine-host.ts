import type { Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import type { KeyValueStorage, SettingsStore } from "../settings";
import type { IndexDataSource } from "../client";
import {
  CellSource,
  LiveFeed,
  NO_CELL,
  resolveEngineOptions,
  USER_ACTION,
  type CallContext,
  type EngineOptions,
  type FreshnessSnapshot,
  type RequestEngine,
} from "../engine";
import { FreshnessReport } from "./freshness-report";
import { SettingsEngines } from "./settings-engines";
import { SignInSessions, type SignInHost } from "./sign-in-sessions";

export interface EngineHostOptions extends SignInHost {
  readonly settings: SettingsStore;
  /** Where last-known values live (OfficeRuntime.storage in Office). */
  readonly storage: KeyValueStorage;
  /** Recalculates every INDEX formula; resolves false where there is no workbook. */
  readonly recalc: () => Promise<boolean>;
  /** Set by tests (a FakeClock, a short batching window, no shared budget); production uses the engine's defaults. */
  readonly engineOptions?: EngineOptions;
  /** Where swallowed failures are reported (a refused storage write, a failed refresh). @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
}

/**
 * The engine side of the shared runtime, put together from one part per job: the engine of the current settings
 * (settings-engines.ts), their sign-in (sign-in-sessions.ts), the freshness the pane shows (freshness-report.ts),
 * INDEX.LIVE's feed, and refreshing. No Office calls: recalculation is handed in.
 */
export class EngineHost {
  readonly source: IndexDataSource;
  /** The source of the user's own reads (the taskpane's detail pane, Test connection): sent before the cells'. */
  readonly userSource: IndexDataSource;
  readonly live: LiveFeed;
  /** The clock every wait of this runtime runs on (the engine's; the formulas' deadline too). */
  readonly clock: Clock;
  /** Where this runtime reports the failures it swallows. */
  readonly diagnostics: Diagnostics;
  private readonly signIn: SignInSessions;
  private readonly engines: SettingsEngines;
  private readonly report: FreshnessReport;
  private readonly defaultBoundMs: number;

  constructor(private readonly options: EngineHostOptions) {
    const resolved = resolveEngineOptions(options.engineOptions ?? {}, {});
    this.defaultBoundMs = resolved.settleBoundMs;
    this.clock = resolved.clock;
    this.diagnostics = options.diagnostics ?? noDiagnostics;
    this.signIn = new SignInSessions(options);
    this.report = new FreshnessReport(this.clock, options.storage, this.diagnostics, () => this.engines.current());
    this.engines = new SettingsEngines({
      settings: options.settings,
      storage: options.storage,
      engineOptions: options.engineOptions ?? {},
      diagnostics: this.diagnostics,
      signIn: this.signIn,
      started: (settings, knownLimit) => this.report.started(settings, knownLimit),
      changed: () => this.report.changed(),
    });
    const engine = () => this.engines.engine();
    this.source = new CellSource(engine, NO_CELL);
    this.userSource = new CellSource(engine, USER_ACTION);
    this.live = new LiveFeed({
      poll: (symbol) => engine().then((current) => current.latestNow(symbol)),
      floorMs: (symbols) => this.engines.current()?.engine.liveFloorMs(symbols) ?? 2000,
      clock: this.clock,
      diagnostics: this.diagnostics,
    });
    options.settings.subscribe((settings) => {
      this.engines.replace(settings);
      // Another service or key: nothing cached may be shown as fresh; recalculate every cell.
      this.refresh().catch((error: unknown) =>
        this.diagnostics.note({ where: "refresh after settings change", error }),
      );
    });
  }

  /** The API key of the engine's settings, once loaded: what the diagnostics take out of every message. */
  get apiKey(): string | undefined {
    return this.engines.current()?.settings.apiKey;
  }

  get settings(): SettingsStore {
    return this.options.settings;
  }

  /** Which credential the current settings' requests carry (the sign-in, or the desk token and why). */
  get credential(): SignInSessions["credential"] {
    return this.signIn.credential;
  }

  /** The longest any call of `source` may take before it settles; the functions use it as their bound. */
  get settleBoundMs(): number {
    return this.engines.current()?.engine.options.settleBoundMs ?? this.defaultBoundMs;
  }

  /** The engine for the current settings (rejects with a ConfigurationError when they are unusable). */
  engine(): Promise<RequestEngine> {
    return this.engines.engine();
  }

  /** Invalidates what may have changed (past history stays), then recalculates every INDEX formula. */
  async refresh(): Promise<void> {
    const engine = await this.engines.engine();
    engine.invalidate();
    await this.options.recalc();
    this.report.refreshed();
  }

  /**
   * Every cell `covers` accepts asks the service again at its next evaluation (once per resource), then `recalc`
   * recalculates them; resolves with the requests the refresh made, once the engine is quiet.
   */
  async refreshCells(covers: (address: string) => boolean, recalc: () => Promise<unknown>): Promise<number> {
    const engine = await this.engines.engine();
    engine.refreshCells(covers);
    await recalc();
    await engine.quiet();
    this.report.refreshed();
    return engine.snapshot().requestsDone;
  }

  /** The source of one evaluation of one cell (indexed by its address; cache only in a value preview). */
  sourceFor(cell: CallContext): CellSource {
    return new CellSource(() => this.engines.engine(), cell, this.readyEngine);
  }

  /** The engine of the current settings once built: a cell's calls go straight to it (CellSource). */
  private readonly readyEngine = (): RequestEngine | undefined => this.engines.current()?.engine;

  /** The cells the user can see now (a hint: their requests go before the background's). */
  setVisible(isVisible: (address: string) => boolean): void {
    this.engines.setVisible(isVisible);
  }

  snapshot(): FreshnessSnapshot {
    return this.report.snapshot();
  }

  subscribe(listener: (snapshot: FreshnessSnapshot) => void): () => void {
    return this.report.subscribe(listener);
  }

  /** Stops polling and fails whatever waits (the runtime is closing, or a test ends). */
  close(): void {
    this.live.stopAll();
    this.report.close();
    this.engines.close();
  }
}
