import type { IndexDataSource } from "../../../client";
import { type HostInfo, type WorkbookActions } from "../../../office";
import type { Loadable } from "../../hooks/useLoad";

export interface IndexDetailProps {
  readonly symbol: string;
  /** Where the figures come from (the app context's engine). */
  readonly source: IndexDataSource;
  /** Insert actions; disabled unless `host` says the taskpane runs in Excel. */
  readonly workbook: WorkbookActions;
  readonly host: Loadable<HostInfo>;
  /** Changes whenever cached data may have changed (refresh, new settings), so sections load again. */
  readonly revision: string;
  /** Returns to the catalogue. */
  readonly onBack: () => void;
  /** The clock, for the history range. @default () => new Date() */
  readonly now?: () => Date;
}
