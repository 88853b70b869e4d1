import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import type { FunctionMetadata } from "../../src/preview/coerce";
import { evaluateFormula } from "../../src/preview/harness";
import type { Outcome } from "../../src/preview/outcome";
import { installRuntimeStandIn } from "../../src/preview/runtime-stand-in";

/**
 * Evaluates INDEX formulas through the real wrappers (metadata generated from their JSDoc, as the build
 * does; arguments coerced by the preview harness) with the cell's address as invocation.address, so the
 * engine's address index fills as it does in Excel. A cell's result as values: errors as their code.
 */
const WRAPPER_FILES = ["catalogue", "history", "analytics", "service"].map((group) => `src/functions/${group}.functions.ts`);

export async function wrapperEvaluator(): Promise<(formula: string, address: string) => Promise<unknown[][]>> {
  const runtime = installRuntimeStandIn(globalThis as unknown as Record<string, unknown>);
  const generated = await generateCustomFunctionsMetadata(WRAPPER_FILES, false);
  const metadata = new Map((JSON.parse(generated.metadataJson) as { functions: FunctionMetadata[] }).functions.map((fn) => [fn.id, fn]));
  const modules: Record<string, unknown> = {};
  for (const file of WRAPPER_FILES) Object.assign(modules, await import(`../../${file}`));
  const associate = (globalThis as unknown as { CustomFunctions: { associate(id: string, fn: unknown): void } }).CustomFunctions.associate;
  for (const entry of generated.associate) associate(entry.id, modules[entry.functionName]);
  return (formula, address) =>
    new Promise((resolve) => {
      evaluateFormula(formula, { runtime, metadata, address }, (outcome: Outcome) => {
        if (outcome.state === "busy") return;
        if (outcome.state === "error") resolve([[outcome.code]]);
        else resolve(outcome.rows.map((row) => row.map((cell) => (cell.kind === "error" ? cell.code : "value" in cell ? cell.value : cell.text))));
      });
    });
}
