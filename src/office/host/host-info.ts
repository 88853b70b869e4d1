import type { ExcelCapabilities } from "../../formulas";
import { withDeadline } from "@index-data/wire/time";
import type { Diagnostics } from "@index-data/wire/diagnostics";

/** Where the taskpane runs, and whether workbook actions can work there. */
export interface HostInfo {
  readonly inExcel: boolean;
  /** Why insert actions are disabled, written for the user; absent in Excel. */
  readonly reason?: string;
}

export const OUTSIDE_OFFICE_REASON =
  "Inserting into a workbook needs Excel. This page is running in a browser preview without Excel, so insert actions are turned off.";

/** True where office.js has loaded (in Office or in a browser preview); waiting for Office needs it. */
function officeLoaded(): boolean {
  return typeof Office !== "undefined" && typeof Office.onReady === "function";
}

/**
 * Waits for office.js to report its host, at most `timeoutMs`: outside Office `Office.onReady` resolves
 * with `host: null`, and if office.js failed to load there is no `Office` at all; both mean "not in Excel".
 */
export async function detectHost(timeoutMs = 3000): Promise<HostInfo> {
  if (!officeLoaded()) return { inExcel: false, reason: OUTSIDE_OFFICE_REASON };
  try {
    const info = await withDeadline(
      Office.onReady().then((ready) => ready.host),
      timeoutMs,
      () => new Error("office.js did not report a host"),
    );
    if (info === Office.HostType.Excel) return { inExcel: true };
    if (info === null || info === undefined) return { inExcel: false, reason: OUTSIDE_OFFICE_REASON };
    return { inExcel: false, reason: `Inserting formulas needs Excel; this is ${String(info)}.` };
  } catch {
    // Expected: no office.js answer is no Excel; the pane says so.
    return { inExcel: false, reason: OUTSIDE_OFFICE_REASON };
  }
}

/** `Office.addin.onVisibilityModeChanged` where the host has it (SharedRuntime 1.1), else undefined. */
export type VisibilityModeSubscribe = (handler: (mode: string) => void) => void;

/** Office's visibility-mode event, after Office is ready; nothing outside Office or on hosts without Office.addin. */
export function officeVisibilityMode(diagnostics: Diagnostics): VisibilityModeSubscribe | undefined {
  if (!officeLoaded()) return undefined;
  return (handler) => {
    void Office.onReady().then(() => {
      const addin = (Office as { addin?: Partial<typeof Office.addin> }).addin;
      if (typeof addin?.onVisibilityModeChanged !== "function") return;
      // Without the event the pane loads its UI at once, as where the host has none.
      addin
        .onVisibilityModeChanged((args) => handler(String(args.visibilityMode)))
        .catch((error: unknown) => diagnostics.note({ where: "visibility mode event", error }));
    });
  };
}

/**
 * What the custom functions runtime can show: formatted numbers (dates that look like dates) need
 * CustomFunctionsRuntime 1.4. Undefined while Office cannot answer yet, so that a call before Office is ready
 * does not fix plain serials for the session.
 */
export function functionsCapabilities(): ExcelCapabilities | undefined {
  try {
    const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
    if (requirements === undefined) return undefined;
    return {
      formattedNumbers: requirements.isSetSupported("CustomFunctionsRuntime", "1.4"),
      referenceMethods: requirements.isSetSupported("ExcelApi", "1.19"),
    };
  } catch {
    // Expected: Office cannot answer yet; the functions ask again.
    return undefined;
  }
}

/** The part of an ExecuteFunction event a ribbon command uses. */
export interface CommandEvent {
  completed(): void;
}

/**
 * Once Office is ready: runs `ready`, then binds each ribbon button's function name (the manifest's
 * ExecuteFunction) to its handler. Office calls a handler and waits for its event.completed(). Nothing
 * outside Office.
 */
export function onOfficeReady(
  ready: () => void,
  commands: Readonly<Record<string, (event: CommandEvent) => void>> = {},
): void {
  if (!officeLoaded()) return;
  void Office.onReady(() => {
    ready();
    for (const [name, handler] of Object.entries(commands)) Office.actions.associate(name, handler);
  });
}
