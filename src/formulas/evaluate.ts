import type { Diagnostics } from "@index-data/wire/diagnostics";
import {
  ask,
  type IndexDataSource,
  type Answered,
  type SourceArgs,
  type SourceData,
  type SourceName,
  subjectOf,
} from "../client";
import type { ExcelCapabilities, FormulaResult } from "./cells";
import { cellErrorFor, cellErrorFromFailure, unsettled } from "./service-errors";
import { DEFAULT_SETTLE_MS } from "./settle";
import { clearDeadline, setDeadline, systemClock, type Clock, type Deadline } from "@index-data/wire/time";

/** Everything a formula needs from outside; passed in so the pure layer is testable without Office. */
export interface FormulaEnv {
  readonly source: IndexDataSource;
  readonly caps: ExcelCapabilities;
  /** Today for relative dates ("-30D"). @default the clock's now */
  readonly now?: () => Date;
  /** Bound on how long a formula stays unsettled: the one deadline of a formula. @default DEFAULT_SETTLE_MS (120 s) */
  readonly settleMs?: number | undefined;
  /** The clock that bound runs on (the engine's), and today's date without `now`. @default systemClock */
  readonly clock?: Clock;
  /** Where a failure the formula answers around is kept (the runtime's: the pane's About). @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/** A formula whose arguments are parsed: what is left is to fetch and shape. */
export type PreparedFormula = () => Promise<FormulaResult>;

/**
 * Runs a formula in two steps: `prepare` parses every argument (no request yet; a bad argument ends
 * here as `#VALUE!`), then the prepared work runs under the settle bound. Never rejects. A cell's evaluation
 * is one promise here, and its bound costs nothing unless it is reached.
 */
export function evaluate(env: FormulaEnv, what: string, prepare: () => PreparedFormula): Promise<FormulaResult> {
  let work: Promise<FormulaResult>;
  try {
    work = Promise.resolve(prepare()());
  } catch (error) {
    return Promise.resolve(cellErrorFromFailure(error, { what }));
  }
  return bounded(work, what, env.settleMs ?? DEFAULT_SETTLE_MS, env.clock ?? systemClock);
}

/** One cell's bound: how its promise is resolved, and the deadline its result clears. */
interface CellBound {
  readonly resolve: (result: FormulaResult) => void;
  readonly deadline: Deadline;
}

/**
 * A cell's result, as it comes: the deadline cleared, the cell resolved. One function for every cell, bound to each
 * (not a callback made per cell): the function a promise calls back is compiled on its own, and a callback made per
 * cell loses its optimized code with the cells at a full collection, to be optimized again at the next open.
 */
function settledWith(this: CellBound, result: FormulaResult): void {
  clearDeadline(this.deadline);
  this.resolve(result);
}

/**
 * The cell's result within its bound: its own, its failure worded for the cell, or the bound's #N/A. One promise
 * and one deadline: nothing else is made per cell for the bound but its handlers.
 */
function bounded(work: Promise<FormulaResult>, what: string, bound: number, clock: Clock): Promise<FormulaResult> {
  return new Promise((resolve) => {
    const deadline = setDeadline(clock, bound, () => resolve(unsettled(what, bound)));
    work.then(settledWith.bind({ resolve, deadline }), (error: unknown) => {
      clearDeadline(deadline);
      resolve(cellErrorFromFailure(error, { what }));
    });
  });
}

/**
 * Asks the source's method `name` with `args`; a failure becomes the CellError the cell shows (thrown, caught by
 * `evaluate`), about the subject the request itself names (`subjectOf`). The one place a not-found is mapped:
 * settled with the catalogue, then worded by the cell table.
 */
export function load<N extends SourceName>(
  env: FormulaEnv,
  name: N,
  args: SourceArgs<N>,
): Promise<Answered<SourceData<N>>> {
  return asked(env, name, args).then(undefined, (error: unknown) => failed(env, name, args, error));
}

/**
 * `load(env, name, args).then(shape)` as one promise, not two: the path of a sheet's most common cells. A failure
 * of `shape` itself is not worded as the request's (as with `.then` after `load`). The formulas pass one function
 * for every cell, bound to the cell's own values, not a callback made per cell: the function a promise calls back
 * is compiled on its own, and callbacks made per cell lose their optimized code with the cells at a full
 * collection, to be optimized again at the next open.
 */
export function loadShaped<N extends SourceName, R>(
  env: FormulaEnv,
  name: N,
  args: SourceArgs<N>,
  shape: (served: Answered<SourceData<N>>) => R,
): Promise<R> {
  return asked(env, name, args).then(shape, (error: unknown) => failed(env, name, args, error));
}

function asked<N extends SourceName>(env: FormulaEnv, name: N, args: SourceArgs<N>): Promise<Answered<SourceData<N>>> {
  try {
    return ask(env.source, name, args);
  } catch (error) {
    return Promise.reject(error);
  }
}

async function failed<N extends SourceName>(
  env: FormulaEnv,
  name: N,
  args: SourceArgs<N>,
  error: unknown,
): Promise<never> {
  throw await cellErrorFor(error, subjectOf(name, args), env.source);
}

/** Today as the formula sees it: `now` when given, else the clock's (a test's FakeClock decides "-30D"). */
export function today(env: FormulaEnv): Date {
  return env.now?.() ?? new Date((env.clock ?? systemClock).now());
}
