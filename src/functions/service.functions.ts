// Thin wrappers over src/excel; see catalogue.functions.ts.
import { indexHealth, indexMethodology, indexStatus } from "../excel";
import { matrixResult, scalarResult } from "./runtime";

/**
 * Integrity of the benchmark as a whole over the last 72 hours: its status, the reason codes, or a summary figure.
 * @customfunction HEALTH HEALTH
 * @requiresAddress
 * @param [field] "benchmarkStatus" (default), "reasons" (the reason codes, one per row), "asOf", "activeIndexCount", "avgConfidence", "carryForwardShare", "approvedRealData72h", "flagshipFlatHours", "flagshipTopContributorShare", or "all" for every field.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The status text, a figure, or a list.
 */
export function health(field: string, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexHealth(env, field), invocation);
}

/**
 * The state of the index service: "ok", "degraded" or "down".
 * @customfunction STATUS STATUS
 * @requiresAddress
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns ok, degraded or down.
 */
export function status(
  invocation: CustomFunctions.Invocation,
): Promise<number | string | boolean | Excel.FormattedNumberCellValue> {
  return scalarResult((env) => indexStatus(env), invocation);
}

/**
 * The methodology in force: its version by default, or a part of the methodology document. Where the service publishes no methodology document, the version is the methodologyVersion of the latest fixes.
 * @customfunction METHODOLOGY METHODOLOGY
 * @requiresAddress
 * @param [field] "version" (default), "publishedAt", "changelog", "productDefinition", "calculationMethod", "normalizationRules" or "confidenceScoring". Only "version" is available where the service has no methodology document.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The version text, a date, or the part of the document as a table.
 */
export function methodology(field: string, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexMethodology(env, field), invocation);
}
