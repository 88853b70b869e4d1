import type { CallContext, CellSource, FreshnessSnapshot, LiveFeed, RequestEngine } from "../engine";
import type { IndexDataSource } from "../client";
import { runtimeDiagnostics } from "./diagnostics";
import { EngineHost } from "./engine-host";
import type { CredentialWatch } from "./sign-in";
import { SettingsStore } from "../settings";
import type { Clock } from "@index-data/wire/time";
import { recalculateIndexFormulas } from "./recalc";
import { runtimeStorage } from "./runtime-storage";
import { reportVisibleCells, watchVisibleCells } from "./visible-range";

/** The one context of the shared runtime: what the functions, the taskpane and the ribbon commands share. */
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
}

let shared: EngineHost | undefined;

function inExcel(): boolean {
  return typeof Excel !== "undefined" && typeof Excel.run === "function";
}

/**
 * The shared runtime's context, created on first use over OfficeRuntime.storage (memory outside Office).
 * The engine hears which cells are visible at start, on worksheet activation and before each full refresh.
 */
export function getContext(): AppContext {
  if (shared === undefined) {
    const storage = runtimeStorage();
    const diagnostics = runtimeDiagnostics();
    const setVisible = (isVisible: (address: string) => boolean) => host.setVisible(isVisible);
    const host: EngineHost = new EngineHost({
      settings: new SettingsStore(storage, diagnostics),
      storage,
      recalc: async () => {
        if (inExcel()) await reportVisibleCells(Excel.run, setVisible, diagnostics);
        return recalculateIndexFormulas();
      },
      diagnostics,
    });
    diagnostics.keepOut(() => [host.apiKey]);
    // watchVisibleCells records its own failures; this catch only keeps an unexpected one from going unhandled.
    if (inExcel())
      watchVisibleCells(Excel.run, setVisible, diagnostics).catch((error: unknown) =>
        diagnostics.note({ where: "visible cells watch", error }),
      );
    shared = host;
  }
  return shared;
}
