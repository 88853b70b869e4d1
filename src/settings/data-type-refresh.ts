import { ConfigurationError } from "@index-data/wire";
import type { KeyValueStorage } from "./storage";

/**
 * How often Excel refreshes the Index data type's cells by itself. Off ("on open and by hand"): when the add-in
 * loads and on Data > Refresh All. Periodic: also every 5, 15 or 60 minutes, Excel's own timer (it accepts 300 s at
 * least). Kept apart from the connection settings: changing it touches neither the engine nor any INDEX formula.
 */
export const PERIODIC_REFRESH_MINUTES = [5, 15, 60] as const;
/** 0: no periodic refresh. */
export type DataTypeRefresh = 0 | (typeof PERIODIC_REFRESH_MINUTES)[number];

export const DATA_TYPE_REFRESH_KEY = "indexData.dataTypeRefresh.v1";

/** The value when `value` is one of the choices (as stored, text or number), else undefined. */
export function parseDataTypeRefresh(value: unknown): DataTypeRefresh | undefined {
  const minutes = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return minutes === 0 || PERIODIC_REFRESH_MINUTES.includes(minutes as never)
    ? (minutes as DataTypeRefresh)
    : undefined;
}

/** The stored choice; off when nothing, or something no longer valid, is stored. */
export async function loadDataTypeRefresh(storage: KeyValueStorage): Promise<DataTypeRefresh> {
  return parseDataTypeRefresh(await storage.getItem(DATA_TYPE_REFRESH_KEY)) ?? 0;
}

/** Stores a choice; anything else is a ConfigurationError naming the choices, and nothing is stored. */
export async function saveDataTypeRefresh(storage: KeyValueStorage, value: unknown): Promise<DataTypeRefresh> {
  const minutes = parseDataTypeRefresh(value);
  if (minutes === undefined) {
    throw new ConfigurationError(
      `Refresh of Index data types must be off or every ${PERIODIC_REFRESH_MINUTES.join(", ")} minutes.`,
      {},
    );
  }
  await storage.setItem(DATA_TYPE_REFRESH_KEY, String(minutes));
  return minutes;
}
