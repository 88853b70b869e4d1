import { type SheetActions, type HostInfo } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface SharePanelProps {
  /** Freeze for sharing, restore formulas and check the frozen cells, on the workbook through Excel.run. */
  readonly sheet: Pick<SheetActions, "freeze" | "restore" | "checkFrozen">;
  /** Whether the page runs in Excel: outside it the actions are turned off, with the reason shown. */
  readonly host: Loadable<HostInfo>;
}
