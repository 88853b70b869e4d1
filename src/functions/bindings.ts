import { FUNCTIONS } from "./bindings.generated";
import type { CellEvaluator } from "./cell-evaluator";

/**
 * What Excel calls for each function of functions.json, by its id: FUNCTIONS is generated from the function table
 * (table/) with each formula's adapter and declared parameter count. functions.json (beside this file)
 * is what Excel shows the person typing the formula; src/formulas does the work; the adapters only hand it the
 * app context's source and convert its result for Excel. The reference methods (CARD.*) get the INDEX.CARD cell
 * or Index entity they are called on as their first argument; ENTITYSERVICE is the Index data type's load service,
 * which Excel calls (never a formula) to load and refresh the cells Convert to Index linked.
 */
export { FUNCTIONS };

/** Each function of FUNCTIONS as Excel calls it once bound to `evaluator` (what the functions entry associates). */
export type BoundFunctions = { readonly [Id in keyof typeof FUNCTIONS]: ReturnType<(typeof FUNCTIONS)[Id]["bind"]> };

export function bindFunctions(evaluator: CellEvaluator): BoundFunctions {
  const bound = Object.entries(FUNCTIONS).map(([id, binding]) => [id, binding.bind(evaluator)] as const);
  return Object.fromEntries(bound) as unknown as BoundFunctions;
}
