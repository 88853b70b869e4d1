// Thin wrappers over src/excel; see catalogue.functions.ts.
import { indexHealth, indexMethodology, indexStatus } from "../excel";
import { matrixResult, scalarResult } from "./runtime";

/**
 * The fields of INDEX.HEALTH.
 * @customenum {string}
 */
export enum HealthField {
  /** The benchmark's status (the default). */
  benchmarkStatus = "benchmarkStatus",
  /** The reason codes, one per row. */
  reasons = "reasons",
  /** When the health was assessed, as a date. */
  asOf = "asOf",
  /** Indexes active now. */
  activeIndexCount = "activeIndexCount",
  /** Mean confidence across the indexes. */
  avgConfidence = "avgConfidence",
  /** Share of carried-forward values, as a fraction. */
  carryForwardShare = "carryForwardShare",
  /** Fixes approved on real data in the last 72 hours. */
  approvedRealData72h = "approvedRealData72h",
  /** Hours the flagship index has not moved. */
  flagshipFlatHours = "flagshipFlatHours",
  /** The flagship's largest contributor share, as a fraction. */
  flagshipTopContributorShare = "flagshipTopContributorShare",
  /** Every field, as field/value rows. */
  all = "all",
}

/**
 * The parts of the methodology, for INDEX.METHODOLOGY.
 * @customenum {string}
 */
export enum MethodologyField {
  /** The methodology version in force (the default). */
  version = "version",
  /** When this methodology was published, as a date. */
  publishedAt = "publishedAt",
  /** The changelog, as a table. */
  changelog = "changelog",
  /** What the index measures. */
  productDefinition = "productDefinition",
  /** How the value is calculated. */
  calculationMethod = "calculationMethod",
  /** How contributions are normalized. */
  normalizationRules = "normalizationRules",
  /** How confidence is scored. */
  confidenceScoring = "confidenceScoring",
}

/**
 * Integrity of the benchmark as a whole over the last 72 hours: its status, the reason codes, or a summary figure.
 * @customfunction HEALTH HEALTH
 * @requiresAddress
 * @param [field] "benchmarkStatus" (default), "reasons" (the reason codes, one per row), "asOf", "activeIndexCount", "avgConfidence", "carryForwardShare", "approvedRealData72h", "flagshipFlatHours", "flagshipTopContributorShare", or "all" for every field.
 * @param invocation The cell calling the function (its address, and whether Excel is previewing the formula as it is typed).
 * @returns The status text, a figure, or a list.
 */
export function health(field: HealthField, invocation: CustomFunctions.Invocation): Promise<any[][]> {
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
export function methodology(field: MethodologyField, invocation: CustomFunctions.Invocation): Promise<any[][]> {
  return matrixResult((env) => indexMethodology(env, field), invocation);
}
