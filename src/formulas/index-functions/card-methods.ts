import { invalidArgument } from "../cell-error";
import type { FormulaResult } from "../cells";
import { indexSymbolOf } from "../entity";
import { evaluate, type FormulaEnv } from "../evaluate";
import { indexCapacity, indexForward, indexVol } from "./analytics";
import { indexChange } from "./change";
import { indexHistory } from "./history";
import { indexPeriods } from "./periods";

/**
 * The reference methods of an Index value (`=A1.History("-30D")`, ExcelApi 1.19): Excel calls the method's function
 * with the card or linked Index entity first. Each is the matching INDEX function on the entity's symbol, through
 * the same engine, so it costs the same requests and follows the same preview rule and errors.
 */
type OnSymbol = (symbol: string) => Promise<FormulaResult>;

function onIndexValue(env: FormulaEnv, card: unknown, what: string, run: OnSymbol): Promise<FormulaResult> {
  const symbol = indexSymbolOf(card);
  if (symbol !== undefined) return run(symbol);
  return evaluate(env, what, () => {
    throw invalidArgument("the method's cell", "call it on an INDEX.CARD cell or an Index entity, e.g. =A1.History()");
  });
}

/** `=A1.History([start], [end], [granularity])`: INDEX.HISTORY of the card's index. */
export function cardHistory(env: FormulaEnv, card: unknown, start: unknown, end: unknown, granularity: unknown) {
  return onIndexValue(env, card, "history", (symbol) => indexHistory(env, [symbol, start, end, granularity]));
}

/** `=A1.Vol([windowDays])`: INDEX.VOL of the card's index. */
export function cardVol(env: FormulaEnv, card: unknown, windowDays: unknown) {
  return onIndexValue(env, card, "volatility", (symbol) => indexVol(env, symbol, windowDays));
}

/** `=A1.Forward()`: INDEX.FORWARD of the card's index, with its header row. */
export function cardForward(env: FormulaEnv, card: unknown) {
  return onIndexValue(env, card, "the forward curve", (symbol) => indexForward(env, symbol, undefined, undefined));
}

/** `=A1.Periods([period], [stats])`: INDEX.PERIODS of the card's index over the service's default range. */
export function cardPeriods(env: FormulaEnv, card: unknown, period: unknown, stats: unknown) {
  return onIndexValue(env, card, "the period statistics", (symbol) =>
    indexPeriods(env, [symbol, undefined, undefined, period, stats]),
  );
}

/** `=A1.Capacity([field])`: INDEX.CAPACITY of the card's index. */
export function cardCapacity(env: FormulaEnv, card: unknown, field: unknown) {
  return onIndexValue(env, card, "capacity metrics", (symbol) => indexCapacity(env, symbol, field));
}

/** `=A1.Change([period], [mode], [headers])`: INDEX.CHANGE of the card's index. */
export function cardChange(env: FormulaEnv, card: unknown, period: unknown, mode: unknown, headers: unknown) {
  return onIndexValue(env, card, "the change", (symbol) => indexChange(env, symbol, period, mode, headers));
}
