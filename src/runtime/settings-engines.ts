import type { Diagnostics } from "@index-data/wire/diagnostics";
import { defaultSettings, toClientOptions, type KeyValueStorage, type Settings, type SettingsStore } from "../settings";
import { readKnownLimit, RequestEngine, type EngineOptions } from "../engine";
import type { SignInSessions } from "./sign-in-sessions";

export interface SettingsEnginesOptions {
  readonly settings: SettingsStore;
  /** Where last-known values and the announced limit live (OfficeRuntime.storage in Office). */
  readonly storage: KeyValueStorage;
  readonly engineOptions: EngineOptions;
  readonly diagnostics: Diagnostics;
  readonly signIn: SignInSessions;
  /** A new engine is the current one, on `settings`, opened with the limit kept for them (if any). */
  readonly started: (settings: Settings, knownLimit: number | undefined) => void;
  /** The current engine's figures changed. */
  readonly changed: () => void;
}

/** The engine of the current settings once built, with the settings it runs on. */
export interface CurrentEngine {
  readonly engine: RequestEngine;
  readonly settings: Settings;
}

/**
 * One request engine for the current settings: built when they load, built anew (the old one closed) when they
 * change. Settings saved while an earlier engine is still being built win: the late engine never takes over.
 */
export class SettingsEngines {
  private building: Promise<RequestEngine>;
  private ready: CurrentEngine | undefined;
  /** Which build is the current one. */
  private generation = 0;
  /** The Office adapter's last report of the cells the user can see (kept for an engine built on new settings). */
  private isVisible: ((address: string) => boolean) | undefined;

  constructor(private readonly options: SettingsEnginesOptions) {
    const loaded = options.settings.load().catch((error: unknown) => {
      options.diagnostics.note({ where: "settings load", error });
      return defaultSettings();
    });
    this.building = this.start(loaded);
  }

  /** The engine for the current settings (rejects with a ConfigurationError when they are unusable). */
  engine(): Promise<RequestEngine> {
    return this.building;
  }

  /** The current engine once built (a cell's calls go straight to it), with its settings. */
  current(): CurrentEngine | undefined {
    return this.ready;
  }

  /** The cells the user can see now (a hint: their requests go before the background's). */
  setVisible(isVisible: (address: string) => boolean): void {
    this.isVisible = isVisible;
    this.ready?.engine.setVisible(isVisible);
  }

  /** New settings: a new engine for them; the previous one is closed once built. */
  replace(settings: Settings): void {
    const previous = this.building;
    this.ready = undefined;
    this.building = this.start(Promise.resolve(settings));
    previous.then(
      (engine) => engine.close(),
      // Expected: an engine that was never built has nothing to close, and its failure was reported by `start`.
      () => undefined,
    );
  }

  close(): void {
    this.ready?.engine.close();
  }

  private start(settings: Promise<Settings>): Promise<RequestEngine> {
    const generation = ++this.generation;
    const { storage, diagnostics } = this.options;
    const building = settings.then(async (s) => {
      const bearerToken = this.options.signIn.tokenFor(s, generation === this.generation);
      const client = { ...toClientOptions(s), diagnostics, ...(bearerToken ? { bearerToken } : {}) };
      const knownLimit = await readKnownLimit(storage, client.baseUrl, client.apiKey, diagnostics);
      const engine = new RequestEngine(client, {
        initialLimit: knownLimit,
        diagnostics,
        ...this.options.engineOptions,
        storage,
      });
      engine.subscribe(this.options.changed);
      if (this.isVisible !== undefined) engine.setVisible(this.isVisible);
      // Settings saved while the first load was still reading: the newer engine owns the runtime, not this one.
      if (generation !== this.generation) return engine;
      this.ready = { engine, settings: s };
      this.options.started(s, knownLimit);
      return engine;
    });
    // Unusable settings: each call rejects with the reason (the pane shows it); recorded once here.
    building.catch((error: unknown) => diagnostics.note({ where: "engine start", error }));
    return building;
  }
}
