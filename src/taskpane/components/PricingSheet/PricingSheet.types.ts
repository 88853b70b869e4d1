import type { HostInfo, PricingSheetActions } from "../../../office";
import type { WatchList } from "../../../workbook";
import type { Loadable } from "../../hooks/useLoad";

export interface PricingSheetProps {
  /** The saved list the sheet is built from; undefined while none is open. */
  readonly list: WatchList | undefined;
  /** Every saved list, for "Rebuild all pricing sheets". @default [] */
  readonly lists?: readonly WatchList[];
  /** The open list has changes not saved yet: the sheet would be built from the saved one. @default false */
  readonly unsaved?: boolean;
  /** Whether the page runs in Excel: outside it the builder is turned off, with the reason shown. */
  readonly host: Loadable<HostInfo>;
  readonly actions: Pick<PricingSheetActions, "build" | "rebuildAll">;
  /** Hands a file to the person (a download): the template in use, to start one's own from. */
  readonly saveFile: (name: string, text: string) => void;
}
