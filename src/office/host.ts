import { withDeadline } from "../time";

/** Where the taskpane runs, and whether workbook actions can work there. */
export interface HostInfo {
  readonly inExcel: boolean;
  /** Why insert actions are disabled, written for the user; absent in Excel. */
  readonly reason?: string;
}

export const OUTSIDE_OFFICE_REASON =
  "Inserting into a workbook needs Excel. This page is running in a browser preview without Excel, so insert actions are turned off.";

/**
 * Waits for office.js to report its host, at most `timeoutMs`: outside Office `Office.onReady` resolves
 * with `host: null`, and if office.js failed to load there is no `Office` at all; both mean "not in Excel".
 */
export async function detectHost(timeoutMs = 3000): Promise<HostInfo> {
  if (typeof Office === "undefined" || typeof Office.onReady !== "function") {
    return { inExcel: false, reason: OUTSIDE_OFFICE_REASON };
  }
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
    return { inExcel: false, reason: OUTSIDE_OFFICE_REASON };
  }
}
