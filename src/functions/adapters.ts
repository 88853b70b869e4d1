import type { EntityCellValue, ExcelScalar, FormulaEnv, FormulaResult, LiveEnv } from "../formulas";
import type { CellInvocation, CellEvaluator, ScalarCell } from "./cell-evaluator";

/**
 * The adapters that turn a pure formula of src/formulas into the function Excel calls for one entry of functions.json.
 * Excel passes every declared parameter in order (an omitted optional one as null or undefined, a repeating one as
 * one array) and then, where the metadata asks for it (requiresAddress, stream), the invocation: so the invocation
 * is the argument after the declared ones, and `parameters` says how many those are. A test checks both the count
 * and the `shape` (what the metadata must declare for it: a matrix result, a stream, a load service) against
 * functions.json.
 */

/** A formula of src/formulas: the environment, then its arguments as Excel passes them. */
type Formula<A extends unknown[], R> = (env: FormulaEnv, ...args: A) => Promise<R>;

/** How a function answers, which its metadata must say: one value, a spill, a stream, or a load service's batch. */
export type Shape = "scalar" | "matrix" | "stream" | "loadService";

/** What Excel calls: the declared arguments, then the invocation. */
export type Implementation<A extends unknown[], I, R> = (...call: [...A, I]) => R;

/**
 * A function's binding: its shape and declared parameter count, and what Excel calls for it once bound to the
 * cell evaluator (the functions entry binds each at registration).
 */
export interface Binding<A extends unknown[], I, R> {
  readonly parameters: number;
  readonly shape: Shape;
  bind(evaluator: CellEvaluator): Implementation<A, I, R>;
}

type StreamingInvocation = CustomFunctions.StreamingInvocation<ScalarCell>;

function binding<A extends unknown[], I, R>(
  shape: Shape,
  parameters: number,
  call: (evaluator: CellEvaluator, args: A, invocation: I) => R,
): Binding<A, I, R> {
  return {
    shape,
    parameters,
    bind: (evaluator) => {
      const invoke = (...given: [...A, I]): R => {
        const invocation = given[parameters] as I;
        // The declared arguments are the call's own array, cut after them: no copy for each cell.
        if (given.length > parameters) given.length = parameters;
        return call(evaluator, given as unknown as A, invocation);
      };
      return invoke;
    },
  };
}

/** A function answering one value (a spill shows its first cell); `parameters` is how many it declares. */
export function scalar<A extends unknown[]>(formula: Formula<A, FormulaResult>, parameters: number) {
  return binding("scalar", parameters, (evaluator, args: A, invocation: CellInvocation) =>
    evaluator.scalarResult((env) => formula(env, ...args), invocation),
  );
}

/** A spilling function (result dimensionality "matrix"): a single value becomes a 1x1 matrix. */
export function matrix<A extends unknown[]>(formula: Formula<A, FormulaResult>, parameters: number) {
  return binding("matrix", parameters, (evaluator, args: A, invocation: CellInvocation) =>
    evaluator.matrixResult((env) => formula(env, ...args), invocation),
  );
}

/**
 * A spilling function whose formula takes its arguments as one list (INDEX.HISTORY's repeating fields, the list
 * INDEX.PERIODS shares with the command line).
 */
export function matrixOfList(formula: Formula<[readonly unknown[]], FormulaResult>, parameters: number) {
  return binding("matrix", parameters, (evaluator, args: unknown[], invocation: CellInvocation) =>
    evaluator.matrixResult((env) => formula(env, args), invocation),
  );
}

/** A function that may answer an Excel entity (INDEX.CARD), or one value as `scalar` does. */
export function entity<A extends unknown[]>(formula: Formula<A, FormulaResult | EntityCellValue>, parameters: number) {
  return binding("scalar", parameters, (evaluator, args: A, invocation: CellInvocation) =>
    evaluator.entityResult((env) => formula(env, ...args), invocation),
  );
}

/**
 * A streaming function (options.stream): `watch` shows each new cell until Excel cancels it; `once` gives the one
 * value a value preview shows, from the same arguments.
 */
export function stream<A extends unknown[]>(
  watch: (env: LiveEnv, ...args: [...A, (cell: ExcelScalar) => void]) => () => void,
  once: Formula<A, FormulaResult>,
  parameters: number,
) {
  return binding("stream", parameters, (evaluator, args: A, invocation: StreamingInvocation) =>
    evaluator.streamResult(
      invocation,
      (env, show) => watch(env, ...args, show),
      (env) => once(env, ...args),
    ),
  );
}

/** A linked data type's load service (options.linkedEntityLoadService): no cell, so no invocation. */
export function loadService<A extends unknown[], T>(load: Formula<A, T>, parameters: number) {
  return binding("loadService", parameters, (evaluator, args: A) =>
    evaluator.loadServiceResult((env) => load(env, ...args)),
  );
}
