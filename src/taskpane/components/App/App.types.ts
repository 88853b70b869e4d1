import type { TaskpaneServices } from "../../services";

export interface AppProps {
  /** The context, workbook actions, host detection and connection test the taskpane uses. */
  readonly services: TaskpaneServices;
  /** The page's Content-Security-Policy, for the settings form's base-URL check. @default undefined */
  readonly policy?: string | undefined;
  /** The page's own origin. @default "" */
  readonly selfOrigin?: string;
}
