import { type HostInfo, type WorkbookActions } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface InsertActionsProps {
  readonly symbol: string;
  /** The relative start of the history table to insert, e.g. "-3M" (the range picked for the chart). */
  readonly historyStart: string;
  /** The label of that range, for the button text, e.g. "3 months". */
  readonly historyLabel: string;
  readonly workbook: WorkbookActions;
  /** Actions are enabled only when this says the taskpane runs in Excel; otherwise its reason is shown. */
  readonly host: Loadable<HostInfo>;
}
