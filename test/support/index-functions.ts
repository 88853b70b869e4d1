import * as formulas from "../../src/formulas";
import type { FormulaEnv, FormulaResult } from "../../src/formulas";
import { isEntityCellValue } from "../../src/formulas/entity";
import { FUNCTION_TABLE, type FunctionRow, type ParameterRow } from "../../src/functions/table";

/** One INDEX function of the pure layer, called with its arguments in order, as a sheet passes them. */
export type IndexCall = (env: FormulaEnv, args: readonly unknown[]) => Promise<FormulaResult>;

/** A row the fault and fuzz suites walk (the function table's `faultSuites`). */
type SuiteRow = Extract<(typeof FUNCTION_TABLE)[number], { readonly faultSuites: true }>;

/** The name after `INDEX.` of a function the suites walk. */
export type IndexFunctionName = SuiteRow["id"];

type AnyFormula = (env: FormulaEnv, ...args: unknown[]) => Promise<unknown>;

/**
 * The row's formula as a sheet calls it: its declared arguments in order (a repeating list as one array, as Excel
 * passes it). A card's entity stands as its text: these suites check errors and settling; test/formulas/card.test.ts
 * its shape.
 */
function callOf(row: FunctionRow): IndexCall {
  const formula = formulas[row.binding.formula] as unknown as AnyFormula;
  const count = row.parameters.length;
  return async (env, args) => {
    const result =
      row.binding.adapter === "matrixOfList"
        ? await formula(env, args.slice(0, count))
        : await formula(env, ...Array.from({ length: count }, (_, i) => args[i]));
    return isEntityCellValue(result) ? result.text : (result as FormulaResult);
  };
}

/** The rows the fault and fuzz suites walk (the function table's `faultSuites`): a new function is in as it is added. */
export const SUITE_ROWS: readonly SuiteRow[] = FUNCTION_TABLE.filter(
  (row): row is SuiteRow => "faultSuites" in row && row.faultSuites === true,
);

/** A value for each such function, by its Excel name (every suite row has one: the map is made from them). */
function byName<T>(value: (row: SuiteRow) => T): Readonly<Record<IndexFunctionName, T>> {
  return Object.fromEntries(SUITE_ROWS.map((row) => [row.id, value(row)])) as Record<IndexFunctionName, T>;
}

/** Every such INDEX function by its Excel name. */
export const INDEX_FUNCTIONS = byName(callOf);

/** Each function's parameters, as its #VALUE! messages name them. */
export const PARAMETERS = byName((row): readonly string[] => row.parameters.map((p: ParameterRow) => p.name));

/** The functions as [name, call] pairs, in the table's order (for `it.each`). */
export const EVERY_INDEX_FUNCTION = Object.entries(INDEX_FUNCTIONS) as ReadonlyArray<[IndexFunctionName, IndexCall]>;
