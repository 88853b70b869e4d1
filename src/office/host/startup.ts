import type { KeyValueStorage } from "../../settings";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";

/**
 * "Load with workbooks that use Index Data": once a workbook has an INDEX formula, Office should start the
 * add-in's runtime when the workbook opens (Office.addin.setStartupBehavior), so its cells calculate and the
 * ribbon's Refresh works without opening the pane first. On by default; the user can turn it off.
 */
export const LOAD_WITH_WORKBOOKS_LABEL = "Load with workbooks that use Index Data";
/** The storage key of the setting (OfficeRuntime.storage in Office, memory elsewhere). */
export const LOAD_WITH_WORKBOOKS_KEY = "indexData.loadWithWorkbooks";

/** The part of Office.addin this needs; absent on hosts without SharedRuntime 1.1. */
interface StartupHost {
  setStartupBehavior(behavior: Office.StartupBehavior): Promise<void>;
}

export interface StartupControl {
  /** Whether the setting is on (it is unless the user turned it off). */
  isOn(): Promise<boolean>;
  /** Saves the setting and tells Office at once: load with this workbook, or not. Rejects if Office refuses. */
  setOn(on: boolean): Promise<void>;
  /** After an INDEX formula went into the workbook: asks Office to load with it, once per runtime. Never rejects. */
  afterFormulaInserted(): Promise<void>;
}

/** Office.addin when this host can set the startup behavior; undefined outside Office or on older hosts. */
export function officeStartupHost(): StartupHost | undefined {
  if (typeof Office === "undefined") return undefined;
  const addin = (Office as { addin?: Partial<StartupHost> }).addin;
  return typeof addin?.setStartupBehavior === "function" ? (addin as StartupHost) : undefined;
}

/** The values of Office.StartupBehavior, spelled out so this works where the enum is missing from office.js. */
const LOAD = "Load" as Office.StartupBehavior;
const NONE = "None" as Office.StartupBehavior;

export function createStartupControl(
  storage: () => KeyValueStorage,
  host: () => StartupHost | undefined = officeStartupHost,
  diagnostics: Diagnostics = noDiagnostics,
): StartupControl {
  let requested = false;
  const isOn = async () => (await storage().getItem(LOAD_WITH_WORKBOOKS_KEY)) !== "false";
  return {
    isOn,
    async setOn(on) {
      await storage().setItem(LOAD_WITH_WORKBOOKS_KEY, on ? "true" : "false");
      requested = on;
      await host()?.setStartupBehavior(on ? LOAD : NONE);
    },
    async afterFormulaInserted() {
      const office = host();
      if (requested || office === undefined) return;
      try {
        if (!(await isOn())) return;
        await office.setStartupBehavior(LOAD);
        requested = true;
      } catch (error) {
        // The formula is in; a workbook that does not load the add-in on open still works once the pane opens.
        diagnostics.note({ where: "load with workbooks", error });
      }
    },
  };
}
