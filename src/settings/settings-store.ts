import {
  keepValidSettings,
  parseSettings,
  type LoadedSettings,
  type Settings,
  type SettingsInput,
  type StoredSettings,
} from "./settings-model";
import type { KeyValueStorage } from "./storage";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";

/** Storage keys. The key has its own entry so that clearing it touches nothing else. */
export const SETTINGS_STORAGE_KEYS = { settings: "indexData.settings.v1", apiKey: "indexData.apiKey.v1" } as const;

type SettingsListener = (settings: Settings) => void;

/** The stored settings entry as read: nothing stored is no settings; text that is not a JSON object is unreadable. */
function readStored(text: string | null, apiKey: string | null): StoredSettings {
  const key = apiKey !== null ? { apiKey } : {};
  if (text === null) return key;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { ...key, unreadable: true };
    const { baseUrl, keyHeaderStyle, gateway, signIn } = value as Record<string, unknown>;
    return { ...key, baseUrl, keyHeaderStyle, gateway, signIn };
  } catch {
    // Expected: unreadable settings are said so (`unreadable`), and the pane tells the user to save them again.
    return { ...key, unreadable: true };
  }
}

/**
 * Loads, saves and announces the settings. The API key is kept only in the given storage
 * (`OfficeRuntime.storage` in Office), never in the workbook, and never logged.
 */
export class SettingsStore {
  readonly #storage: KeyValueStorage;
  readonly #listeners = new Set<SettingsListener>();
  readonly #diagnostics: Diagnostics;

  /** `diagnostics` hears of a subscriber that failed (the others still hear of the change). */
  constructor(storage: KeyValueStorage, diagnostics: Diagnostics = noDiagnostics) {
    this.#storage = storage;
    this.#diagnostics = diagnostics;
  }

  /** The stored settings; defaults for anything missing. A stored value that no longer validates is left out alone. */
  async load(): Promise<Settings> {
    return (await this.loadChecked()).settings;
  }

  /**
   * The stored settings and what was left out of them and why (`keepValidSettings`), for the pane to say so.
   * Nothing is written: a value left out stays in storage until the next save replaces it.
   */
  async loadChecked(): Promise<LoadedSettings> {
    const [settingsText, apiKey] = await Promise.all([
      this.#storage.getItem(SETTINGS_STORAGE_KEYS.settings),
      this.#storage.getItem(SETTINGS_STORAGE_KEYS.apiKey),
    ]);
    return keepValidSettings(readStored(settingsText, apiKey));
  }

  /** Validates (ConfigurationError saying what to fix), stores, tells subscribers, and returns the normalized settings. */
  async save(input: SettingsInput): Promise<Settings> {
    const settings = parseSettings(input);
    const { apiKey, ...rest } = settings;
    await this.#storage.setItem(SETTINGS_STORAGE_KEYS.settings, JSON.stringify(rest));
    if (apiKey !== undefined) await this.#storage.setItem(SETTINGS_STORAGE_KEYS.apiKey, apiKey);
    else await this.#storage.removeItem(SETTINGS_STORAGE_KEYS.apiKey);
    this.#announce(settings);
    return settings;
  }

  /** Forgets the API key (the client falls back to the anonymous tier). */
  async clearKey(): Promise<void> {
    await this.#storage.removeItem(SETTINGS_STORAGE_KEYS.apiKey);
    this.#announce(await this.load());
  }

  /** Calls `listener` after every save or clearKey in this JS context; returns the unsubscribe function. */
  subscribe(listener: SettingsListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #announce(settings: Settings): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(settings);
      } catch (error) {
        // One subscriber's bug must not stop the others from hearing about the change.
        this.#diagnostics.note({ where: "settings subscriber", error });
      }
    }
  }
}
