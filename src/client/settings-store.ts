import { checkSettings, defaultSettings, parseSettings, type Settings, type SettingsInput } from "./settings-model";
import type { KeyValueStorage } from "./storage";

/** Storage keys. The key has its own entry so that clearing it touches nothing else. */
export const SETTINGS_STORAGE_KEYS = { settings: "indexData.settings.v1", apiKey: "indexData.apiKey.v1" } as const;

export type SettingsListener = (settings: Settings) => void;

function readJson(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Loads, saves and announces the settings. The API key is kept only in the given storage
 * (`OfficeRuntime.storage` in Office), never in the workbook, and never logged.
 */
export class SettingsStore {
  readonly #storage: KeyValueStorage;
  readonly #listeners = new Set<SettingsListener>();

  constructor(storage: KeyValueStorage) {
    this.#storage = storage;
  }

  /** The stored settings; defaults for anything missing. Stored values that no longer validate fall back to defaults. */
  async load(): Promise<Settings> {
    const [settingsText, apiKey] = await Promise.all([
      this.#storage.getItem(SETTINGS_STORAGE_KEYS.settings),
      this.#storage.getItem(SETTINGS_STORAGE_KEYS.apiKey),
    ]);
    const stored = readJson(settingsText);
    const defaults = defaultSettings();
    const input: SettingsInput = {
      baseUrl: typeof stored["baseUrl"] === "string" ? stored["baseUrl"] : defaults.baseUrl,
      keyHeaderStyle: typeof stored["keyHeaderStyle"] === "string" ? stored["keyHeaderStyle"] : defaults.keyHeaderStyle,
      ...(apiKey !== null ? { apiKey } : {}),
    };
    const checked = checkSettings(input);
    return checked.ok ? checked.settings : defaults;
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
      } catch {
        // One subscriber's bug must not stop the others from hearing about the change.
      }
    }
  }
}
