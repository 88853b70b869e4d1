import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { HostInfo, PricingSheetActions, WatchListStore } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface SheetsPanelProps {
  /** The lists of the workbook (in Excel), or of this page only (elsewhere). */
  readonly watchLists: { readonly workbook: WatchListStore; readonly page: WatchListStore };
  /** The builder: build, rebuild all, and a deleted list's sheet (asked first whether it goes too). */
  readonly pricingSheet: PricingSheetActions;
  /** The catalogue, searched to pick a list's indexes. */
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  readonly host: Loadable<HostInfo>;
  /** Hands a file to the person (a download). */
  readonly saveFile: (name: string, text: string) => void;
}
