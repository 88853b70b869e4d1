import type { CallContext, CellSource, FreshnessSnapshot, LiveFeed, RequestEngine } from "../../engine";
import type { IndexDataSource } from "../../client";
import { EngineHost, type CredentialWatch } from "../../runtime";
import { SettingsStore, type KeyValueStorage } from "../../settings";
import type { Clock } from "@index-data/wire/time";
import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { DataTypeReports } from "../data-type/report";
import { officeIndexDomain, type IndexDomainControl } from "../data-type/domain";
import { receiptSigner, type ReceiptSigner } from "../../workbook";
import { msalNestableClient, nestedAppAuthSupported } from "./msal";
import { recalculateIndexFormulas } from "../refresh/recalc";
import { appStorage } from "./app-storage";
import { createStartupControl, officeStartupHost, type StartupControl } from "../host/startup";
import { reportVisibleCells, watchVisibleCells } from "./visible-range";

/**
 * The app context: what the functions, the taskpane and the ribbon commands share in Office's shared runtime (the one
 * JavaScript runtime they run in). Each entry takes it once, at its start (appContext), and hands it down; nothing
 * below an entry fetches it.
 */
export interface AppContext {
  /** The request engine for the current settings (stable: it follows settings changes by itself). */
  readonly source: IndexDataSource;
  /** The source of the user's own reads (the taskpane's detail pane, Test connection): sent before the cells'. */
  readonly userSource: IndexDataSource;
  /** Service URL, API key and key header style; saving new settings invalidates the cache and refreshes cells. */
  readonly settings: SettingsStore;
  /** INDEX.LIVE's feed: one poll per symbol, pushes on change. */
  readonly live: LiveFeed;
  /** Every call of `source` settles within this many milliseconds; the functions use it as their bound. */
  readonly settleBoundMs: number;
  /** The clock the engine and the formulas' deadline run on. */
  readonly clock: Clock;
  /** Invalidates what may have changed and recalculates every INDEX formula. */
  refresh(): Promise<void>;
  snapshot(): FreshnessSnapshot;
  /** The source of one cell's evaluation: indexed by address for refresh by scope; cache only in a value preview. */
  sourceFor(cell: CallContext): CellSource;
  /** The engine for the current settings (its address index, what is stale). */
  engine(): Promise<RequestEngine>;
  /** Refreshes the cells `covers` accepts as `recalc` recalculates them; resolves with the requests it made. */
  refreshCells(covers: (address: string) => boolean, recalc: () => Promise<unknown>): Promise<number>;
  subscribe(listener: (snapshot: FreshnessSnapshot) => void): () => void;
  /** Which credential requests carry (the sign-in, or the desk token and why); the pane's Settings says it. */
  readonly credential: Pick<CredentialWatch, "current" | "subscribe">;
  /** The failures the runtime keeps from the user (a refused storage write, a listener's bug): About lists them. */
  readonly diagnostics: DiagnosticsRecorder;
  /** The ribbon's data type reports, which the pane shows. */
  readonly dataTypeReports: DataTypeReports;
  /** "Load with workbooks": the insert actions and Settings share it. */
  readonly startup: StartupControl;
  /** OfficeRuntime.storage in Office (one memory store elsewhere): settings, last-known values, receipt keys. */
  readonly storage: KeyValueStorage;
  /** The Index data type's domain: the ribbon registers it when Office is ready, the pane sets its refresh. */
  readonly indexDomain: IndexDomainControl;
  /** Signs and verifies freeze receipts with the key in `storage` (one signer, so concurrent freezes share a key). */
  readonly receiptSigner: ReceiptSigner;
}

function inExcel(): boolean {
  return typeof Excel !== "undefined" && typeof Excel.run === "function";
}

/**
 * Builds the app context over OfficeRuntime.storage (memory outside Office). The engine hears which cells are
 * visible at start, on worksheet activation and before each full refresh.
 */
function createAppContext(): AppContext {
  const storage = appStorage();
  const diagnostics = new DiagnosticsRecorder();
  const setVisible = (isVisible: (address: string) => boolean) => host.setVisible(isVisible);
  const host = new EngineHost({
    settings: new SettingsStore(storage, diagnostics),
    storage,
    recalc: async () => {
      if (inExcel()) await reportVisibleCells(Excel.run, setVisible, diagnostics);
      return recalculateIndexFormulas();
    },
    diagnostics,
    nestedAppAuth: nestedAppAuthSupported,
    msal: msalNestableClient,
  });
  diagnostics.keepOut(() => [host.apiKey]);
  // watchVisibleCells records its own failures; this catch only keeps an unexpected one from going unhandled.
  if (inExcel())
    watchVisibleCells(Excel.run, setVisible, diagnostics).catch((error: unknown) =>
      diagnostics.note({ where: "visible cells watch", error }),
    );
  const startup = createStartupControl(() => storage, officeStartupHost, diagnostics);
  return Object.assign(host, {
    diagnostics,
    dataTypeReports: new DataTypeReports(),
    startup,
    storage,
    indexDomain: officeIndexDomain(() => storage),
    receiptSigner: receiptSigner(storage),
  });
}

/**
 * The one app context of this JavaScript runtime: the functions, commands and taskpane entries of one bundle run in
 * one runtime and must share one engine, one budget and one cache. Only the entries call this.
 */
let shared: AppContext | undefined;

export function appContext(): AppContext {
  shared ??= createAppContext();
  return shared;
}
