/**
 * Every INDEX function, one row each (functions.table.json): what Excel shows (its description, parameters and
 * AutoComplete lists), what Excel calls (the adapter and the formula of src/formulas), its command-line form, what
 * the docs say of it and whether the fault suites walk it; and AutoComplete's lists (choice-lists.json). Everything
 * else is made from them by `npm run generate` (scripts/generate.ts): functions.json (what Excel reads),
 * bindings.generated.ts (what the functions entry registers), the tables of docs/functions.md and the README, the
 * test suites' list of functions, and the tools of any other face (MCP). A test fails while a generated file differs
 * from what the rows give. Adding a function is a row in functions.table.json, its formula in src/formulas, and
 * `npm run generate` (CONTRIBUTING has the recipe).
 *
 * The rows are data, read and checked here (rows.ts) for the generator, the tests and the docs: the add-in's bundle
 * never imports this module (the functions entry loads before Excel registers anything, so every byte counts), only
 * the bindings made from it.
 */
import { z } from "zod";
import choiceListsFile from "./choice-lists.json";
import functionTableFile from "./functions.table.json";
import { ChoiceListSchema, FunctionRowSchema, type ChoiceList, type FunctionRow } from "./rows";

export type { Adapter, ChoiceList, FunctionOptions, FunctionRow, ParameterRow } from "./rows";
export { ChoiceListSchema, FunctionRowSchema } from "./rows";

/** Every function, in the order the docs list them (then the card's methods and the load service, not listed). */
export const FUNCTION_TABLE: readonly FunctionRow[] = z.array(FunctionRowSchema).parse(functionTableFile);

export const CHOICE_LISTS: readonly ChoiceList[] = z.array(ChoiceListSchema).parse(choiceListsFile);
