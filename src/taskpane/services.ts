import { type ConnectionReport, testConnection } from "../client";
import { NetworkError } from "@index-data/wire";
import { type Settings, toClientOptions } from "../settings";
import {
  type AppContext,
  type DataTypeActions,
  type DataTypeReports,
  type SheetActions,
  detectHost,
  excelDataTypeActions,
  excelPricingSheetActions,
  excelSheetActions,
  excelWatchListStore,
  memoryWatchListStore,
  type PricingSheetActions,
  type WatchListStore,
  excelWorkbookActions,
  type HostInfo,
  type WorkbookActions,
} from "../office";
import type { DiagnosticsLog } from "@index-data/wire/diagnostics";
import { currentPageSecurity, originBlockedByPolicy, type PageSecurity } from "./model/csp";
import { downloadText } from "./text-files";

/** Everything the taskpane reads from and acts on; tests hand in their own. */
export interface TaskpaneServices {
  /** The app context: the data source, the settings store, refresh and freshness. */
  readonly context: AppContext;
  /** Insert actions on the active cell. */
  readonly workbook: WorkbookActions;
  /** Freeze for sharing, restore formulas, refresh by scope. */
  readonly sheet: SheetActions;
  /** Convert to Index and Convert to text on the selection. */
  readonly dataType: DataTypeActions;
  /** What the ribbon's data type buttons had to say; the pane opens on the Data type tab to show it. */
  readonly dataTypeReports: DataTypeReports;
  /** Whether the page runs in Excel (insert actions are disabled otherwise). */
  readonly detectHost: () => Promise<HostInfo>;
  /** Tries candidate settings without saving them. */
  readonly testConnection: (candidate: Settings) => Promise<ConnectionReport>;
  /** The failures the app context recorded instead of showing (the About section lists them). */
  readonly diagnostics: DiagnosticsLog;
  /** Watch lists: the workbook's (in Excel), or this page's only (elsewhere). */
  readonly watchLists: { readonly workbook: WatchListStore; readonly page: WatchListStore };
  /** Builds a watch list's pricing sheet. */
  readonly pricingSheet: PricingSheetActions;
  /** Hands a file to the person (a watch list's export). */
  readonly saveFile: (name: string, text: string) => void;
}

/**
 * Test connection under the page's security policy: a base URL whose origin connect-src refuses is reported
 * as a NetworkError without a request (the browser would refuse it anyway, and log a violation), and
 * `describeConnection` names the policy as the cause.
 */
export function policyAwareTestConnection(page: () => PageSecurity = currentPageSecurity) {
  return async (candidate: Settings): Promise<ConnectionReport> => {
    const blocked = originBlockedByPolicy(candidate.baseUrl, page());
    if (blocked === undefined) return testConnection(toClientOptions(candidate));
    const error = new NetworkError(`The page's security policy does not allow connections to ${blocked}.`, {
      path: "/api/v1/indexes",
      origin: blocked,
      reason: "blocked by the page's security policy",
    });
    return { ok: false, error };
  };
}

/** The services of the real add-in over the app context: Excel.run, and office.js host detection. */
export function createTaskpaneServices(app: AppContext): TaskpaneServices {
  // An imported list is checked against the catalogue the pane reads anyway: one request, shared.
  const catalogue = async () => (await app.userSource.listIndexes()).data.map((entry) => entry.symbol);
  return {
    context: app,
    workbook: excelWorkbookActions(app),
    sheet: excelSheetActions(app),
    dataType: excelDataTypeActions(app),
    dataTypeReports: app.dataTypeReports,
    detectHost: () => detectHost(),
    testConnection: policyAwareTestConnection(),
    diagnostics: app.diagnostics,
    watchLists: { workbook: excelWatchListStore(catalogue), page: memoryWatchListStore(catalogue) },
    pricingSheet: excelPricingSheetActions(app),
    saveFile: downloadText,
  };
}
