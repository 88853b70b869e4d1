import { z } from "zod";
import { serviceWide, TTL } from "./resource";
import { BenchmarkSummaryWire, Timestamp, type BenchmarkSummary, ServiceText, presentFields } from "./shapes";

export const SYSTEM_STATES = ["ok", "degraded", "down"] as const;
export type SystemState = (typeof SYSTEM_STATES)[number];

/** GET /api/status (newer description only). Always 200; the state is in `status`. */
export const SystemStatusWire = z.looseObject({
  status: z.enum(SYSTEM_STATES),
  timestamp: Timestamp,
  benchmarkStatus: ServiceText.nullish(),
  reasons: z.array(ServiceText).nullish(),
  benchmarkSummary: BenchmarkSummaryWire.nullish(),
});
export type SystemStatusWire = z.output<typeof SystemStatusWire>;

export interface SystemStatus {
  readonly status: SystemState;
  readonly timestamp: string;
  readonly benchmarkStatus?: string;
  readonly reasons: readonly string[];
  readonly benchmarkSummary?: BenchmarkSummary;
}

export function toSystemStatus(wire: SystemStatusWire): SystemStatus {
  return {
    status: wire.status,
    timestamp: wire.timestamp,
    reasons: wire.reasons ?? [],
    ...presentFields(wire, ["benchmarkStatus", "benchmarkSummary"]),
  };
}

/** GET /api/status (newer description only); always 200, the state is in `status`. */
export const SYSTEM_STATUS = serviceWide("systemStatus", "/api/status", SystemStatusWire, toSystemStatus, {
  subject: { what: "the system status", newerOnly: true },
  ttl: 30 * TTL.SECOND,
});
