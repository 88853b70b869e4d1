import { z } from "zod";
import { resource, TTL } from "./resource";
import { ServiceText, presentFields } from "./shapes";

/**
 * GET /api/health: strict operational health. The spec does not show its body, so any JSON object is
 * accepted; the verdict comes from the HTTP status (200 healthy, 503 degraded or down).
 */
// A `status` that is not a string is dropped rather than failing: the HTTP status alone is the verdict.
export const HealthWire = z.looseObject({ status: ServiceText.nullish().catch(undefined) });
export type HealthWire = z.output<typeof HealthWire>;

export interface Health {
  readonly healthy: boolean;
  /** The service's own word for its state, when its body carries one. */
  readonly status?: string;
  readonly httpStatus: number;
}

export function toHealth(wire: HealthWire, httpStatus: number): Health {
  return {
    healthy: httpStatus >= 200 && httpStatus < 300,
    ...presentFields(wire, ["status"]),
    httpStatus,
  };
}

/** GET /api/health. A 503 is an answer here, not an error: it reads as `healthy: false`. */
export const HEALTH = resource({
  path: "/api/health",
  subject: { what: "the service health" },
  wire: HealthWire,
  toData: (wire: HealthWire, _args: [], httpStatus: number) => toHealth(wire, httpStatus),
  ttls: { health: 15 * TTL.SECOND },
  key: () => "health",
  answers: [503],
});
