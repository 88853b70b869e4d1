import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import type { FunctionMetadata } from "../../src/preview/coerce";
import { installRuntimeStandIn, type RuntimeStandIn } from "../../src/preview/runtime-stand-in";

/** Every group of wrappers the build registers with Excel: src/functions/<group>.functions.ts. */
export const WRAPPER_GROUPS = ["catalogue", "history", "analytics", "service", "card", "periods"] as const;

export interface RegisteredWrappers {
  /** The CustomFunctions stand-in the wrappers are registered with. */
  readonly runtime: RuntimeStandIn;
  /** Each function's metadata by its id, as the built functions.json carries it. */
  readonly metadata: Map<string, FunctionMetadata>;
  /** What the metadata generator could not read in the JSDoc: none, where the build succeeds. */
  readonly errors: readonly string[];
}

/**
 * The wrappers of `groups` as Excel's runtime sees them after a build: the runtime stand-in installed on globalThis,
 * metadata generated from the wrappers' JSDoc, and each function associated with its id (what the metadata plugin
 * appends to each file at build time).
 */
export async function registerWrappers(groups: readonly string[] = WRAPPER_GROUPS): Promise<RegisteredWrappers> {
  const runtime = installRuntimeStandIn(globalThis as unknown as Record<string, unknown>);
  const files = groups.map((group) => `src/functions/${group}.functions.ts`);
  const generated = await generateCustomFunctionsMetadata(files, false);
  const modules: Record<string, unknown> = {};
  for (const file of files) Object.assign(modules, await import(`../../${file}`));
  const associate = (globalThis as unknown as { CustomFunctions: { associate(id: string, fn: unknown): void } })
    .CustomFunctions.associate;
  for (const entry of generated.associate) associate(entry.id, modules[entry.functionName]);
  const { functions } = JSON.parse(generated.metadataJson) as { functions: FunctionMetadata[] };
  return { runtime, metadata: new Map(functions.map((fn) => [fn.id, fn])), errors: generated.errors };
}
