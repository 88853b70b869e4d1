/** The settings model (base URL, API key, key header style) and where it is stored. */
export * from "./settings-model";
export * from "./sign-in-fields";
export { SETTINGS_STORAGE_KEYS, SettingsStore } from "./settings-store";
export { MemoryStorage, type KeyValueStorage } from "./storage";
export {
  DATA_TYPE_REFRESH_KEY,
  loadDataTypeRefresh,
  parseDataTypeRefresh,
  PERIODIC_REFRESH_MINUTES,
  saveDataTypeRefresh,
  type DataTypeRefresh,
} from "./data-type-refresh";
