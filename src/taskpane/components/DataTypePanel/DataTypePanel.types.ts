import { type DataTypeActions, type DataTypeReport, type HostInfo } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface DataTypePanelProps {
  /** Convert to Index and Convert to text on the selection, through Excel.run. */
  readonly actions: Pick<DataTypeActions, "mode" | "toIndex" | "toText">;
  /** Whether the page runs in Excel: outside it the actions are turned off, with the reason shown. */
  readonly host: Loadable<HostInfo>;
  /** The last ribbon button's outcome the pane was opened to show. @default undefined */
  readonly report?: DataTypeReport | undefined;
}
