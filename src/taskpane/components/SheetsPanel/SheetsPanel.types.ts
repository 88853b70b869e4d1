import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { HostInfo, PricingSheetActions, WatchListStore } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface SheetsPanelProps {
  /** The lists of the workbook (in Excel), or of this page only (elsewhere). */
  readonly watchLists: { readonly workbook: WatchListStore; readonly page: WatchListStore };
  readonly pricingSheet: Pick<PricingSheetActions, "build">;
  /** The catalogue, searched to pick a list's indexes. */
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  readonly host: Loadable<HostInfo>;
  /** Hands a file to the person (a download). */
  readonly saveFile: (name: string, text: string) => void;
}
