import { faultOf, type Methodology } from "@index-data/wire";
import { subjectOf } from "../../client";
import { parseField } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCell, type FormulaResult } from "../cells";
import { evaluate, load, type FormulaEnv } from "../evaluate";
import { jsonToResult } from "../spill";

export const METHODOLOGY_FIELD_NAMES = [
  "version",
  "publishedAt",
  "changelog",
  "productDefinition",
  "calculationMethod",
  "normalizationRules",
  "confidenceScoring",
] as const;
export type MethodologyField = (typeof METHODOLOGY_FIELD_NAMES)[number];

/**
 * INDEX.METHODOLOGY([field]): the methodology version by default, or one part of the methodology document.
 * The newer description has no document; there the version is the `methodologyVersion` of the latest fixes.
 */
export function indexMethodology(env: FormulaEnv, fieldArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "the methodology", () => {
    const field = parseField(fieldArg, "field", METHODOLOGY_FIELD_NAMES, "version");
    return async () => {
      const document = await methodologyOrMissing(env);
      if (document !== undefined) return methodologyField(env, document, field);
      if (field !== "version") {
        return notAvailable(
          `this service publishes no methodology document; only "version" is known (from the latest fixes)`,
        );
      }
      return versionFromLatestFixes(env);
    };
  });
}

async function methodologyOrMissing(env: FormulaEnv): Promise<Methodology | undefined> {
  try {
    return (await env.source.methodology()).data;
  } catch (error) {
    if (faultOf(error, subjectOf("methodology", [])).kind === "not-published") return undefined;
    throw error;
  }
}

function methodologyField(env: FormulaEnv, document: Methodology, field: MethodologyField): FormulaResult {
  if (field === "publishedAt") return dateCell(document.publishedAt, env.caps);
  const result = jsonToResult(document[field]);
  return field === "changelog" ? changelogWithDates(result, env) : result;
}

/** The changelog's dates as Excel dates, like every other date the functions return; the header row stays text. */
function changelogWithDates(result: FormulaResult, env: FormulaEnv): FormulaResult {
  if (!Array.isArray(result)) return result;
  return result.map((row, index) =>
    index === 0 ? row : row.map((cell) => (typeof cell === "string" ? dateCell(cell, env.caps) : cell)),
  );
}

/** The version in force: from the latest fix of the first active index that has data. */
async function versionFromLatestFixes(env: FormulaEnv): Promise<FormulaResult> {
  const { data } = await load(env, "listIndexes", []);
  const entry =
    data.find((index) => index.isActive && index.latestValue !== undefined) ??
    data.find((index) => index.latestValue !== undefined);
  if (entry === undefined) return notAvailable("no methodology version: no index has a latest fix yet");
  const fix = await load(env, "latest", [entry.symbol]);
  return fix.data.methodologyVersion;
}
