import type { BenchmarkHealth } from "../../client/resources/benchmark-health";
import { SYSTEM_STATES, type SystemState } from "../../client/resources/system-status";
import { parseField } from "../arguments";
import type { FormulaResult } from "../cells";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { fieldCell, fieldNames, fieldRows } from "../fields/field-table";
import { HEALTH_FIELDS, type HealthField } from "../fields/service-fields";

const HEALTH_FIELD_NAMES: readonly HealthField[] = [...fieldNames(HEALTH_FIELDS), "reasons", "all"];

/** INDEX.HEALTH([field]): the benchmark status; `reasons` spills the reason codes; `all` the whole record. */
export function indexHealth(env: FormulaEnv, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "benchmark health", () => {
    // "status" is what a trader types for the benchmark's status.
    const alias = typeof fieldArg === "string" && fieldArg.trim().toLowerCase() === "status" ? "benchmarkStatus" : fieldArg;
    const field = parseField(alias, "field", HEALTH_FIELD_NAMES, "benchmarkStatus");
    return async () => {
      const { data } = await load(env, { what: "benchmark health" }, () => env.source.benchmarkHealth());
      if (field === "reasons") return data.reasons.length > 0 ? data.reasons.map((reason) => [reason]) : "";
      if (field === "all") return healthRecord(env, data);
      return fieldCell(HEALTH_FIELDS, field, data, env.caps);
    };
  });
}

function healthRecord(env: FormulaEnv, data: BenchmarkHealth): FormulaResult {
  return [...fieldRows(HEALTH_FIELDS, data, env.caps), ["reasons", data.reasons.join(", ")]];
}

/**
 * INDEX.STATUS(): ok / degraded / down from /api/status. A service without /api/status (the older
 * description) is judged by /api/health instead: healthy is ok, otherwise its own word or "degraded".
 */
export function indexStatus(env: FormulaEnv): Promise<FormulaResult> {
  return evaluate(env, "the system status", () => async () => {
    try {
      return (await env.source.systemStatus()).data.status;
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== "NotFoundError") throw error;
    }
    const { data } = await load(env, { what: "the system status" }, () => env.source.health());
    const word = data.status?.toLowerCase();
    if (word !== undefined && (SYSTEM_STATES as readonly string[]).includes(word)) return word as SystemState;
    return data.healthy ? "ok" : "degraded";
  });
}
