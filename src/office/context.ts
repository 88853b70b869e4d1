// PLACEHOLDER (owned by the request-engine work): the one shared context of the shared runtime.
import type { IndexDataSource } from "../client/source";
import type { SettingsStore } from "../client/settings";

/** What the taskpane shows about freshness and the request queue. */
export interface FreshnessSnapshot {
  /** Requests finished and requests waiting in the scheduler since the last refresh. */
  readonly requestsDone: number;
  readonly requestsQueued: number;
  /** When the scheduler's next slot opens, if requests are waiting (ISO 8601). */
  readonly nextSlotAt?: string;
  /** Cells currently served from last-known values, and the oldest of those values (ISO 8601). */
  readonly staleCells: number;
  readonly staleAsOf?: string;
  readonly lastRefreshedAt?: string;
}

export interface AppContext {
  readonly source: IndexDataSource;
  /** Service URL, API key and key header style; saving new settings invalidates the cache and refreshes cells. */
  readonly settings: SettingsStore;
  /** Invalidates what may have changed and recalculates every INDEX formula. */
  refresh(): Promise<void>;
  snapshot(): FreshnessSnapshot;
  subscribe(listener: (snapshot: FreshnessSnapshot) => void): () => void;
}

export declare function getContext(): AppContext;
