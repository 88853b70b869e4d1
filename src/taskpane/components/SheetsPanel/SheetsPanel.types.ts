import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { HostInfo } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";
import type { TaskpaneServices } from "../../services";

export interface SheetsPanelProps {
  /** The pane's lists (the workbook's, or this page's only), the builder, and the download a list is saved by. */
  readonly services: Pick<TaskpaneServices, "watchLists" | "pricingSheet" | "saveFile">;
  /** The catalogue, searched to pick a list's indexes. */
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  readonly host: Loadable<HostInfo>;
}
