/**
 * Every INDEX function, one row each: what Excel shows (its description, parameters and AutoComplete lists), what
 * Excel calls (the adapter and the formula of src/formulas), its command-line form, what the docs say of it and what
 * the test suites need to know. The rows live beside this file, one file per family of functions; everything else is
 * made from them by `npm run generate` (scripts/generate.ts): functions.json (what Excel reads),
 * bindings.generated.ts (what the functions entry registers), the tables of docs/functions.md and the README, and
 * the tools of any other face (MCP). A test fails while a generated file differs from what the rows give. Adding a
 * function is a row in its family's file, its formula in src/formulas, and `npm run generate` (CONTRIBUTING has the
 * recipe).
 *
 * This module is data for the generator, the tests and the docs: the add-in's bundle never imports it (the functions
 * entry loads before Excel registers anything, so every byte of it counts), only the bindings made from it.
 */
import { ANALYTICS_ROWS } from "./analytics-rows";
import { CARD_METHOD_ROWS } from "./card-method-rows";
import { CARD_ROWS } from "./card-rows";
import { HISTORY_ROWS } from "./history-rows";
import { LATEST_ROWS } from "./latest-rows";
import type { FunctionRow } from "./rows";
import { SERVICE_ROWS } from "./service-rows";

export { CHOICE_LISTS } from "./choice-lists";
export type { Adapter, ChoiceList, FormulaName, FunctionOptions, FunctionRow, ParameterRow } from "./rows";

/** Every function, in the order the docs list them (then the card's methods and the load service, not listed). */
export const FUNCTION_TABLE = [
  ...LATEST_ROWS,
  ...HISTORY_ROWS,
  ...CARD_ROWS,
  ...ANALYTICS_ROWS,
  ...SERVICE_ROWS,
  ...CARD_METHOD_ROWS,
] as const satisfies readonly FunctionRow[];
