import * as formulas from "../../src/formulas";
import type { FormulaEnv, FormulaResult } from "../../src/formulas";
import { isEntityCellValue } from "../../src/formulas/entity";
import { FUNCTION_TABLE, type FunctionRow, type ParameterRow } from "../../src/functions/table";
import { SUITE_FUNCTIONS } from "./suite-functions.generated";

/** One INDEX function of the pure layer, called with its arguments in order, as a sheet passes them. */
export type IndexCall = (env: FormulaEnv, args: readonly unknown[]) => Promise<FormulaResult>;

/** The name after `INDEX.` of a function the suites walk. */
export type IndexFunctionName = (typeof SUITE_FUNCTIONS)[number];

type AnyFormula = (env: FormulaEnv, ...args: unknown[]) => Promise<unknown>;

/**
 * The row's formula as a sheet calls it: its declared arguments in order (a repeating list as one array, as Excel
 * passes it). A card's entity stands as its text: these suites check errors and settling; test/formulas/card.test.ts
 * its shape.
 */
function callOf(row: FunctionRow): IndexCall {
  const formula = (formulas as unknown as Readonly<Record<string, AnyFormula | undefined>>)[row.binding.formula];
  if (formula === undefined) throw new Error(`INDEX.${row.id}: src/formulas exports no ${row.binding.formula}`);
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
export const SUITE_ROWS: readonly FunctionRow[] = SUITE_FUNCTIONS.map((id) => {
  const row = FUNCTION_TABLE.find((candidate) => candidate.id === id);
  if (row === undefined) throw new Error(`suite-functions.generated.ts names ${id}, which the function table lacks`);
  return row;
});

/** A value for each such function, by its Excel name (every suite row has one: the map is made from them). */
function byName<T>(value: (row: FunctionRow) => T): Readonly<Record<IndexFunctionName, T>> {
  return Object.fromEntries(SUITE_ROWS.map((row) => [row.id, value(row)])) as Record<IndexFunctionName, T>;
}

/** Every such INDEX function by its Excel name. */
export const INDEX_FUNCTIONS = byName(callOf);

/** Each function's parameters, as its #VALUE! messages name them. */
export const PARAMETERS = byName((row): readonly string[] => row.parameters.map((p: ParameterRow) => p.name));

/** The functions as [name, call] pairs, in the table's order (for `it.each`). */
export const EVERY_INDEX_FUNCTION = Object.entries(INDEX_FUNCTIONS) as ReadonlyArray<[IndexFunctionName, IndexCall]>;
