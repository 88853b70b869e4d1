import type { Answered, History, HistoryPoint } from "@index-data/wire";
import { DAY_MS, dayText, parseIso, startOfUtcDay } from "@index-data/wire/time";
import { parseChoice, parseFlag, parseSymbol } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import {
  baseOn,
  CHANGE_MODES,
  CHANGE_PERIODS,
  changeValue,
  firstDay,
  targetDay,
  type ChangeBase,
  type ChangeMode,
  type ChangePeriod,
} from "../change-base";
import { historyQuery } from "../date-range";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";

/**
 * How far before the target day a sheet's change cells ask history: the target is reckoned from today (the latest
 * fix's date is not known before its answer), and a fix a few days old, or a service that skips holidays, still
 * finds its base in the range. It is asked with the latest value, not after it, so every change cell of a sheet
 * joins the history of its symbol in the same batch and one request answers them all (the engine merges ranges).
 */
const LOOKBACK_DAYS = 14;
/** When the base is not in that range (an old fix, a long gap): one more request, this far back from the target. */
const FAR_LOOKBACK_DAYS = 366;

/** How a percentage change shows where the host takes formatted numbers (CustomFunctionsRuntime 1.4). */
export const PCT_FORMAT = "0.00%";

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
      period: parseChoice(periodArg, "period", CHANGE_PERIODS, "1D"),
      mode: parseChoice(modeArg, "mode", CHANGE_MODES, "pct"),
      headers: parseFlag(headersArg, "headers", false),
    };
    return () => changeOf(env, request);
  });
}

/** Daily history of whole UTC days, asked as INDEX.HISTORY and INDEX.PANEL ask it (so the engine merges them). */
function dailyHistory(env: FormulaEnv, symbol: string, fromDay: number, toDay: number): Promise<Answered<History>> {
  const range = { start: { ms: fromDay, wholeDay: true }, end: { ms: toDay, wholeDay: true } };
  return load(env, "history", [symbol, historyQuery(range)]);
}

async function changeOf(env: FormulaEnv, request: ChangeRequest): Promise<FormulaResult> {
  const { symbol, period } = request;
  const todayDay = startOfUtcDay(today(env).getTime());
  const nearFrom = targetDay(todayDay, period) - LOOKBACK_DAYS * DAY_MS;
  const [latest, near] = await Promise.all([
    load(env, "latestValue", [symbol]),
    dailyHistory(env, symbol, nearFrom, todayDay),
  ]);
  const latestMs = parseIso(latest.data.asOf);
  if (latestMs === undefined) return notAvailable(`the latest fix of '${symbol}' has no readable date`);
  const target = targetDay(startOfUtcDay(latestMs), period);
  // The near range holds every day from nearFrom to today: a point on or before the target found there is the last.
  let base = nearFrom <= target && target <= todayDay ? baseOn(near.data.values, target) : undefined;
  let seen: readonly HistoryPoint[] = near.data.values;
  if (base === undefined) {
    // Up to the latest fix's day, not the target's: a young index's answer then shows where its history starts.
    const far = await dailyHistory(env, symbol, target - FAR_LOOKBACK_DAYS * DAY_MS, startOfUtcDay(latestMs));
    base = baseOn(far.data.values, target);
    seen = [...far.data.values, ...seen];
  }
  if (base === undefined) return noBase(request, target, firstDay(seen));
  return changeCells(request, latest.data.value, base, env.caps);
}

/** The change, and with headers its base date beside it under a header row. */
function changeCells(request: ChangeRequest, latest: number, base: ChangeBase, caps: ExcelCapabilities) {
  const { mode, period, headers, symbol } = request;
  if (mode === "pct" && base.point.value === 0)
    return notAvailable(`the ${period} base of '${symbol}' (${dayText(base.day)}) is 0: no percentage change`);
  const change = changeValue(latest, base.point.value, mode);
  const value: ExcelScalar =
    mode === "pct" && caps.formattedNumbers
      ? { type: "FormattedNumber", basicValue: change, numberFormat: PCT_FORMAT }
      : change;
  if (!headers) return value;
  return [
    [`change ${period}`, "base date"],
    [value, dateCellFromMs(base.day, caps)],
  ];
}

/**
 * No value on or before the target: the cell says so in words, with the day the history starts where it shows one
 * (a young index asked for a year's change), rather than a bare #N/A.
 */
function noBase(request: ChangeRequest, target: number, first: number | undefined): FormulaResult {
  const starts =
    first === undefined || first <= target ? "no value on or before it" : `history starts ${dayText(first)}`;
  const text = `no ${request.period} base on ${dayText(target)}: ${starts}`;
  return request.headers
    ? [
        [`change ${request.period}`, "base date"],
        [text, ""],
      ]
    : text;
}
