import { MemoryStorage, type KeyValueStorage } from "../../settings";

/**
 * The app context's storage: `OfficeRuntime.storage` in Office (it survives a workbook reopen and is shared by the
 * functions, the taskpane and the commands); a new memory store elsewhere (the preview, Node). The app context asks
 * once and hands the same store to every part (AppContext.storage).
 */
export function appStorage(): KeyValueStorage {
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime.storage !== undefined) return OfficeRuntime.storage;
  return new MemoryStorage();
}
