import { RESOURCES, type ResourceKind } from "./table";

export type { ResourceKind };
export type TtlTable = Readonly<Record<ResourceKind, number>>;

/**
 * Default time-to-live per kind, in milliseconds, from the resource rows (each row says why its length):
 * anything that carries the latest fix lives 30 s, figures computed from the fixes 60 s, past history 12 h,
 * the methodology 24 h.
 */
export const DEFAULT_TTLS: TtlTable = Object.assign({}, ...Object.values(RESOURCES).map((row) => row.ttls)) as TtlTable;

/** Kinds a refresh keeps: their entries cannot have changed since they were fetched. */
export function survivesRefresh(kind: ResourceKind): boolean {
  return kind === "historyPast";
}
