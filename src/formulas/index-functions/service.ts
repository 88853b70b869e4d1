import { type BenchmarkHealth, faultOf, type Health, SYSTEM_STATES, type SystemState } from "@index-data/wire";
import { type Answered, subjectOf } from "../../client";
import { parseField } from "../arguments";
import type { FormulaResult } from "../cells";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames, fieldRows } from "../fields/field-table";
import { HEALTH_FIELDS, type HealthField } from "../fields/service-fields";

export const HEALTH_FIELD_NAMES: readonly HealthField[] = [...fieldNames(HEALTH_FIELDS), "reasons", "all"];

/** INDEX.HEALTH([field]): the benchmark status; `reasons` spills the reason codes; `all` the whole record. */
export function indexHealth(env: FormulaEnv, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "benchmark health", () => {
    // "status" is what a trader types for the benchmark's status.
    const alias =
      typeof fieldArg === "string" && fieldArg.trim().toLowerCase() === "status" ? "benchmarkStatus" : fieldArg;
    const field = parseField(alias, "field", HEALTH_FIELD_NAMES, "benchmarkStatus");
    return async () => {
      const served = await load(env, "benchmarkHealth", []);
      const { data } = served;
      if (field === "reasons") return data.reasons.length > 0 ? data.reasons.map((reason) => [reason]) : "";
      if (field === "all") return healthRecord(env, served);
      // A state is only ever shown as it is now: one the service could not be asked for is not "ok".
      if (field === "benchmarkStatus" && served.meta.servedStale)
        return unreachable(data.benchmarkStatus, served.meta.producedAt);
      return fieldCell(HEALTH_FIELDS, field, data, env.caps);
    };
  });
}

function healthRecord(env: FormulaEnv, served: Answered<BenchmarkHealth>): FormulaResult {
  const rows = fieldRows(HEALTH_FIELDS, served.data, env.caps).map((row) =>
    row[0] === "benchmarkStatus" && served.meta.servedStale
      ? ["benchmarkStatus", unreachable(served.data.benchmarkStatus, served.meta.producedAt)]
      : row,
  );
  return [...rows, ["reasons", served.data.reasons.join(", ")]];
}

/** A state the service could not be asked for just now: unreachable, and what it last said, and when. */
export function unreachable(lastState: string, lastSeenAt: string): string {
  const when = lastSeenAt.slice(0, 16).replace("T", " ");
  return `unreachable (last seen ${lastState} at ${when} UTC)`;
}

/**
 * INDEX.STATUS(): ok / degraded / down from /api/status. A service without /api/status (the older
 * description) is judged by /api/health instead: healthy is ok, otherwise its own word or "degraded".
 */
export function indexStatus(env: FormulaEnv): Promise<FormulaResult> {
  return evaluate(env, "the system status", () => async () => {
    try {
      const served = await env.source.systemStatus();
      return served.meta.servedStale ? unreachable(served.data.status, served.meta.producedAt) : served.data.status;
    } catch (error) {
      // Classified by the one classifier: only a service that does not publish /api/status is judged by its health.
      if (faultOf(error, subjectOf("systemStatus", [])).kind !== "not-published") throw error;
    }
    const served = await load(env, "health", []);
    const state = stateOfHealth(served.data);
    return served.meta.servedStale ? unreachable(state, served.meta.producedAt) : state;
  });
}

function stateOfHealth(health: Health): SystemState {
  const word = health.status?.toLowerCase();
  if (word !== undefined && (SYSTEM_STATES as readonly string[]).includes(word)) return word as SystemState;
  return health.healthy ? "ok" : "degraded";
}
