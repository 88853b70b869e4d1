import type { Answered } from "../../../client";
import type { SystemStatus } from "@index-data/wire";
import type { Loadable } from "../../hooks/useLoad";

export interface HealthBannerProps {
  /**
   * The answer of /api/status. Nothing shows while loading or when the state is ok; a service without the status
   * endpoint (the older description answers 404) gets a one-line note; connection failures are reported elsewhere.
   */
  readonly status: Loadable<Answered<SystemStatus>>;
}
