import { MemoryStorage, type KeyValueStorage } from "../settings";

let fallback: MemoryStorage | undefined;

/**
 * The shared runtime's storage: `OfficeRuntime.storage` in Office (it survives a workbook reopen and is
 * shared by the functions, the taskpane and the commands); one memory store elsewhere (the preview, Node).
 */
export function runtimeStorage(): KeyValueStorage {
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime.storage !== undefined) return OfficeRuntime.storage;
  fallback ??= new MemoryStorage();
  return fallback;
}
