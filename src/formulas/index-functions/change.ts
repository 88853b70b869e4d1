import {
  changeQuery,
  changeRange,
  measureChange,
  type ChangeMode,
  type ChangeOutcome,
  type ChangePeriod,
} from "@index-data/wire";
import { DAY_MS, startOfUtcDay } from "@index-data/wire/time";
import { parseChoice, parseFlag, parseSymbol } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCellFromMs, type ExcelScalar, type FormulaResult } from "../cells";
import { CHOICE_MAPS } from "../choices.generated";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";

/** How a percentage change shows where the host takes formatted numbers (CustomFunctionsRuntime 1.4). */
export const PCT_FORMAT = "0.00%";

/**
 * How old a latest fix may be for the history range of its change to be foreseen before the fix is known (a
 * weekend, a holiday, an index assessed weekly): a range the sheet asks of the symbol meanwhile (a panel's) widens to
 * take the change's in, and the change then costs no request of its own.
 */
const FORESEEN_AGE_DAYS = 7;

interface ChangeRequest {
  readonly symbol: string;
  readonly period: ChangePeriod;
  readonly mode: ChangeMode;
  readonly headers: boolean;
}

/** INDEX.CHANGE(symbol, [period], [mode], [headers]): how far the latest fix has moved over a period. */
export function indexChange(
  env: FormulaEnv,
  symbolArg: unknown,
  periodArg: unknown,
  modeArg: unknown,
  headersArg: unknown,
): Promise<FormulaResult> {
  return evaluate(env, "the change", () => {
    const request: ChangeRequest = {
      symbol: parseSymbol(symbolArg),
      period: parseChoice(periodArg, "period", CHOICE_MAPS.ChangePeriod, "1D"),
      mode: parseChoice(modeArg, "mode", CHOICE_MAPS.ChangeMode, "pct"),
      headers: parseFlag(headersArg, "headers", false),
    };
    return () => changeOf(env, request);
  });
}

/**
 * The change by the one definition (@index-data/wire's measureChange): the latest value, then the one range anchored
 * on its day that every period and mode of the symbol shares, so the engine answers a sheet's changes of one index
 * from one range, however the cells arrive. Until the latest value is known, the range it will anchor is foreseen.
 */
async function changeOf(env: FormulaEnv, request: ChangeRequest): Promise<FormulaResult> {
  const { symbol, period, mode } = request;
  const withdraw = foresee(env, symbol);
  const outcome = await measureChange(
    {
      latest: () =>
        load(env, "latestValue", [symbol])
          .then((served) => served.data)
          .finally(withdraw),
      history: (query) => load(env, "history", [symbol, query]).then((served) => served.data.values),
    },
    period,
    mode,
  );
  return changeCells(env, request, outcome);
}

/** Foresees the range of a latest fix from today back to FORESEEN_AGE_DAYS old; the withdrawal, once it is known. */
function foresee(env: FormulaEnv, symbol: string): () => void {
  const todayDay = startOfUtcDay(today(env).getTime());
  const oldest = changeRange(todayDay - FORESEEN_AGE_DAYS * DAY_MS);
  return env.source.foreseeHistory?.(symbol, changeQuery({ ...oldest, endMs: todayDay })) ?? (() => undefined);
}

/** The change, and with headers its base date beside it under a header row; no base is said in words. */
function changeCells(env: FormulaEnv, request: ChangeRequest, outcome: ChangeOutcome): FormulaResult {
  const { mode, period, headers } = request;
  if (outcome.kind === "undated" || outcome.kind === "zero-base") return notAvailable(outcome.reason);
  const header = [`change ${period}`, "base date"];
  if (outcome.kind === "no-base") return headers ? [header, [outcome.reason, ""]] : outcome.reason;
  const value: ExcelScalar =
    mode === "pct" && env.caps.formattedNumbers
      ? { type: "FormattedNumber", basicValue: outcome.change, numberFormat: PCT_FORMAT }
      : outcome.change;
  return headers ? [header, [value, dateCellFromMs(outcome.base.day, env.caps)]] : value;
}
