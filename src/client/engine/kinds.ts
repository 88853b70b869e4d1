import { startOfUtcDay } from "../../time";

/**
 * What the engine caches, and for how long. A kind decides the time-to-live of its entries and whether a
 * refresh throws them away: everything but past history may have changed since it was fetched.
 */
export const RESOURCE_KINDS = [
  "catalogue",
  "latest",
  "historyCurrent",
  "historyPast",
  "volatility",
  "forward",
  "capacity",
  "benchmarkHealth",
  "systemStatus",
  "health",
  "methodology",
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export type TtlTable = Readonly<Record<ResourceKind, number>>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Default time-to-live per kind, in milliseconds.
 * - Anything that carries the latest fix (latest, catalogue, history reaching today) lives 30 s: a new fix
 *   should show within a recalculation or two, and INDEX.LIVE exists for tighter watching.
 * - Figures computed from the latest fixes (volatility, forward, capacity) live 60 s.
 * - Past history (ending before today, UTC) is published once and never changes: 12 h.
 * - The methodology document changes a few times a year: 24 h.
 */
export const DEFAULT_TTLS: TtlTable = {
  catalogue: 30 * SECOND,
  latest: 30 * SECOND,
  historyCurrent: 30 * SECOND,
  historyPast: 12 * HOUR,
  volatility: 60 * SECOND,
  forward: 60 * SECOND,
  capacity: 60 * SECOND,
  benchmarkHealth: 30 * SECOND,
  systemStatus: 30 * SECOND,
  health: 15 * SECOND,
  methodology: 24 * HOUR,
};

/** Kinds a refresh keeps: their entries cannot have changed since they were fetched. */
export function survivesRefresh(kind: ResourceKind): boolean {
  return kind === "historyPast";
}

/** History that ends before today (UTC) is immutable; a range reaching today, or with no end, is not. */
export function historyKind(endMs: number | undefined, now: number): ResourceKind {
  return endMs !== undefined && endMs < startOfUtcDay(now) ? "historyPast" : "historyCurrent";
}
