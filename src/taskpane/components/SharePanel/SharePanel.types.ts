import { type DeskActions, type HostInfo } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface SharePanelProps {
  /** Freeze for sharing and restore formulas, on the workbook through Excel.run. */
  readonly desk: Pick<DeskActions, "freeze" | "restore">;
  /** Whether the page runs in Excel: outside it the actions are turned off, with the reason shown. */
  readonly host: Loadable<HostInfo>;
}
