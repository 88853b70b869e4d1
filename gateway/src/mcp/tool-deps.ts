import type { CorrectionsArchive } from "../corrections/archive";
import type { AuditTrail } from "../observability/audit-trail";
import type { ResourceReader } from "./resource-reader";
import type { ToolMetrics } from "./tool-metrics";

/**
 * What the tools and documents need of the gateway: how it reads a resource, its audit trail, the tools' counters,
 * and the as-published archive.
 */
export interface ToolDeps {
  readonly reader: ResourceReader;
  readonly audit: AuditTrail;
  readonly metrics: ToolMetrics;
  readonly corrections: CorrectionsArchive;
}
