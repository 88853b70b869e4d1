import type { FreshnessSnapshot } from "../../../engine";
import type { SheetActions } from "../../../office";

export interface RefreshBarProps {
  /** Freshness and queue figures of the shared runtime. */
  readonly snapshot: FreshnessSnapshot;
  /** Invalidates and recalculates every INDEX cell; the bar shows progress while it runs. */
  readonly onRefresh: () => Promise<void>;
  /** Refresh by scope (selection, sheet, workbook, stale only). @default undefined (no scope picker) */
  readonly scoped?: ScopedRefreshProps;
}

export interface ScopedRefreshProps {
  /** Plans a scope's refresh (cells, requests) and runs a plan, on the workbook. */
  readonly actions: Pick<SheetActions, "planRefresh" | "runRefresh">;
  /** Why refresh by scope is turned off (outside Excel); absent when it works. @default undefined */
  readonly disabledReason?: string;
}
