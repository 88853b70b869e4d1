import type { Served } from "../../../client/source";
import type { SystemStatus } from "../../../client/resources/system-status";
import type { Loadable } from "../../hooks/useLoad";

export interface HealthBannerProps {
  /**
   * The answer of /api/status. Nothing shows while loading, when the state is ok, or when the service has
   * no status endpoint (the older description answers 404); connection failures are reported elsewhere.
   */
  readonly status: Loadable<Served<SystemStatus>>;
}
