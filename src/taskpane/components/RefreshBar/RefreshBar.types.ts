import type { FreshnessSnapshot } from "../../../client/engine/freshness";

export interface RefreshBarProps {
  /** Freshness and queue figures of the shared runtime. */
  readonly snapshot: FreshnessSnapshot;
  /** Invalidates and recalculates every INDEX cell; the bar shows progress while it runs. */
  readonly onRefresh: () => Promise<void>;
}
