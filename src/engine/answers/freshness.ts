import type { Tier } from "@index-data/wire";

/**
 * How fresh the values in the sheet are, and how the request queue stands: the one shape the engine, the
 * shared runtime's host, the taskpane and the preview page all read. Times are ISO 8601.
 */
export interface FreshnessSnapshot {
  /** Requests finished and requests waiting in the scheduler since the last refresh. */
  readonly requestsDone: number;
  readonly requestsQueued: number;
  /** Requests on the wire now. */
  readonly inFlight?: number;
  /** When the scheduler's next slot opens, while requests wait for one. */
  readonly nextSlotAt?: string | undefined;
  /** The budget the scheduler keeps to, per minute; learned from the service's headers once they came. */
  readonly limitPerMinute?: number;
  readonly limitLearned?: boolean;
  /** The tier the limit means (the host knows whether a key was sent). */
  readonly tier?: Tier;
  /**
   * Cell evaluations answered from last-known values since the last refresh (see StaleLedger: right after
   * a refresh or an open, the number of cells), and the oldest of those values.
   */
  readonly staleCells: number;
  readonly staleAsOf?: string | undefined;
  /**
   * When the newest value this runtime served from the service was produced: the load of an open workbook counts,
   * and a value kept from an earlier session keeps its own time. Absent until the first value is served.
   */
  readonly loadedAt?: string | undefined;
  readonly lastRefreshedAt?: string | undefined;
}
