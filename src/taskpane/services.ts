import type { ConnectionReport } from "../client/connection-test";
import { testConnection } from "../client/connection-test";
import { toClientOptions, type Settings } from "../client/settings";
import { getContext, type AppContext } from "../office/context";
import { detectHost, type HostInfo } from "../office/host";
import { excelWorkbookActions, type WorkbookActions } from "../office/workbook-actions";

/** Everything the taskpane reads from and acts on; tests hand in their own. */
export interface TaskpaneServices {
  /** The shared runtime's context: the data source, the settings store, refresh and freshness. */
  readonly context: AppContext;
  /** Insert actions on the active cell. */
  readonly workbook: WorkbookActions;
  /** Whether the page runs in Excel (insert actions are disabled otherwise). */
  readonly detectHost: () => Promise<HostInfo>;
  /** Tries candidate settings without saving them. */
  readonly testConnection: (candidate: Settings) => Promise<ConnectionReport>;
}

/** The services of the real add-in: the one shared context, Excel.run, and office.js host detection. */
export function createTaskpaneServices(): TaskpaneServices {
  return {
    context: getContext(),
    workbook: excelWorkbookActions(),
    detectHost: () => detectHost(),
    testConnection: (candidate) => testConnection(toClientOptions(candidate)),
  };
}
