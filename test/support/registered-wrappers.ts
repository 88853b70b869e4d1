import type { FunctionMetadata } from "../../src/preview/coerce";
import {
  installCustomFunctionsStandIn,
  type CustomFunctionsStandIn,
} from "../../src/preview/custom-functions-stand-in";
import metadataFile from "../../src/functions/functions.json";

export interface RegisteredWrappers {
  /** The CustomFunctions stand-in the functions are registered with. */
  readonly standIn: CustomFunctionsStandIn;
  /** Each function's metadata by its id, as functions.json (src/functions, copied by the build) carries it. */
  readonly metadata: Map<string, FunctionMetadata>;
}

/** src/functions/functions.json, by function id: what Excel reads. */
export function functionsMetadata(): Map<string, FunctionMetadata> {
  const { functions } = metadataFile as { functions: FunctionMetadata[] };
  return new Map(functions.map((fn) => [fn.id, fn]));
}

/**
 * The functions as Excel's runtime sees them after a build: the custom functions stand-in installed on globalThis, the
 * metadata of functions.json, and each function of src/functions/bindings.ts associated with its id (what the
 * `functions` entry, src/functions/index.ts, does once per page; this does it for each stand-in).
 */
export async function registerWrappers(): Promise<RegisteredWrappers> {
  const standIn = installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
  const { bindFunctions } = await import("../../src/functions/bindings");
  const { CellEvaluator } = await import("../../src/functions/cell-evaluator");
  const { associateCustomFunction, appContext } = await import("../../src/office");
  const bound = bindFunctions(new CellEvaluator(appContext));
  for (const [id, implementation] of Object.entries(bound)) associateCustomFunction(id, implementation);
  return { standIn, metadata: functionsMetadata() };
}
