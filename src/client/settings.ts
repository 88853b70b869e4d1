/** The settings model (base URL, API key, key header style) and where it is stored. */
export * from "./settings-model";
export { SETTINGS_STORAGE_KEYS, SettingsStore, type SettingsListener } from "./settings-store";
export { MemoryStorage, type KeyValueStorage } from "./storage";
