import { installCustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { CellEvaluator } from "../../src/functions/cell-evaluator";
import { appContext } from "../../src/office";
import type { FormulaResult, Spill } from "../../src/formulas";

/*
 * A spill many cells share (a history shaped once per shape: frozen) is turned into the runtime's matrix once and
 * handed to each of them; a spill of one cell's own is turned for that cell alone.
 */
beforeAll(() => {
  installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
});

const cells = new CellEvaluator(appContext);
const matrixResult = (formula: () => Promise<FormulaResult>) => cells.matrixResult(formula);

const shared: Spill = Object.freeze([Object.freeze([1, "a"]), Object.freeze([2])]) as unknown as Spill;

test("cells showing one shared spill get one matrix, rectangular and frozen", async () => {
  const formula = (): Promise<FormulaResult> => Promise.resolve(shared);
  const [first, second] = await Promise.all([matrixResult(formula), matrixResult(formula)]);
  expect(first).toEqual([
    [1, "a"],
    [2, ""],
  ]);
  expect(second).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
});

test("a spill of one cell's own gets a matrix of its own", async () => {
  const formula = (): Promise<FormulaResult> => Promise.resolve([[1], [2, 3]]);
  const [first, second] = await Promise.all([matrixResult(formula), matrixResult(formula)]);
  expect(first).toEqual(second);
  expect(second).not.toBe(first);
});
