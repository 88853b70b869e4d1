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
import { DEFAULT_SETTLE_MS, settleWithin } from "./settle";
import type { Clock } from "../time";

/** Everything a formula needs from outside; passed in so the pure layer is testable without Office. */
export interface FormulaEnv {
  readonly source: IndexDataSource;
  readonly caps: ExcelCapabilities;
  /** Today for relative dates ("-30D"). @default () => new Date() */
  readonly now?: () => Date;
  /** Bound on how long a formula stays unsettled: the one deadline of a formula. @default DEFAULT_SETTLE_MS (120 s) */
  readonly settleMs?: number;
  /** The clock that bound runs on (the engine's). @default systemClock */
  readonly clock?: Clock;
}

/** A formula whose arguments are parsed: what is left is to fetch and shape. */
export type PreparedFormula = () => Promise<FormulaResult>;

/**
 * Runs a formula in two steps: `prepare` parses every argument (no request yet; a bad argument ends
 * here as `#VALUE!`), then the prepared work runs under the settle bound. Never rejects.
 */
export function evaluate(env: FormulaEnv, what: string, prepare: () => PreparedFormula): Promise<FormulaResult> {
  let run: PreparedFormula;
  try {
    run = prepare();
  } catch (error) {
    return Promise.resolve(cellErrorFromFailure(error, { what }));
  }
  const bound = env.settleMs ?? DEFAULT_SETTLE_MS;
  const work = Promise.resolve()
    .then(run)
    .catch((error: unknown) => cellErrorFromFailure(error, { what }));
  return settleWithin(work, bound, () => unsettled(what, bound), env.clock);
}

/**
 * Asks the source's method `name` with `args`; a failure becomes the CellError the cell shows (thrown, caught by
 * `evaluate`), about the subject the request itself names (`subjectOf`). The one place a not-found is mapped:
 * settled with the catalogue, then worded by the cell table.
 */
export async function load<N extends SourceName>(
  env: FormulaEnv,
  name: N,
  args: SourceArgs<N>,
): Promise<Answered<SourceData<N>>> {
  try {
    return await ask(env.source, name, args);
  } catch (error) {
    throw await cellErrorFor(error, subjectOf(name, args), env.source);
  }
}

export function today(env: FormulaEnv): Date {
  return env.now ? env.now() : new Date();
}
