import {
  PERIOD_STATS,
  pointTime,
  summarisePeriods,
  type DayBounds,
  type History,
  type HistoryPoint,
  type Period,
  type PeriodSummary,
} from "@index-data/wire";
import { flattenList, isOmitted, parseChoice, parseFlag, parseSymbol } from "../arguments";
import { invalidArgument } from "../cell-error";
import { dateCellFromMs, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { historyQuery, inRange, parseDateRange, type DateRange } from "../date-range";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";
import { statCells, type StatColumn } from "../period-stats";
import { spillOrEmpty } from "../spill";
import { CHOICE_MAPS } from "../choices.generated";
import { parseIso, startOfUtcDay } from "@index-data/wire/time";

const DEFAULT_PERIOD_STATS = "avg,observed";

/** INDEX.PERIODS(symbol, [start], [end], [period], [stats], [headers]): one row per period, oldest first. */
export function indexPeriods(env: FormulaEnv, args: readonly unknown[]): Promise<FormulaResult> {
  return evaluate(env, "the period statistics", () => {
    const [symbolArg, startArg, endArg, periodArg, statsArg, headersArg] = args;
    const symbol = parseSymbol(symbolArg);
    const range = parseDateRange(startArg, endArg, today(env));
    const period = parsePeriod(periodArg);
    const columns = parseStats(statsArg);
    const headers = parseFlag(headersArg, "headers", false);
    return async () => {
      // The daily query INDEX.HISTORY and INDEX.PANEL send, so the engine merges them into one request.
      const served = await load(env, "history", [symbol, historyQuery(range)]);
      const summaries = summarisePeriods(pointsInRange(served.data, range), period, dayBounds(served.data, range));
      const rows = summaries.map((summary) => periodRow(summary, columns, env.caps));
      return spillOrEmpty(
        rows,
        periodHeader(columns),
        headers,
        `no data: '${symbol}' has no values in this date range`,
      );
    };
  });
}

export function parsePeriod(value: unknown): Period {
  return parseChoice(value, "period", CHOICE_MAPS.Period, "monthly");
}

/** A comma-separated list (or a range) of stats, matched case-insensitively; each header kept as typed. */
export function parseStats(value: unknown): StatColumn[] {
  const given = isOmitted(value) ? [DEFAULT_PERIOD_STATS] : value;
  const items = flattenList(given)
    .map((item) => (typeof item === "string" ? item.trim() : item))
    .filter((item) => !isOmitted(item));
  if (items.length === 0) return parseStats(undefined);
  return items.map((item) => {
    const header = String(item);
    const stat = PERIOD_STATS.find((name) => name === header.toLowerCase());
    if (stat === undefined)
      throw invalidArgument("stats", `unknown stat "${header}"; use any of ${PERIOD_STATS.join(", ")}`, value);
    return { stat, header };
  });
}

export function pointsInRange(history: History, range: DateRange): HistoryPoint[] {
  return history.values.filter((point) => inRange(range, pointTime(point)));
}

/**
 * The days the range covers, to cut the first and last period: the days the user gave, else the days the
 * service says it answered for (its default range), else the days of the values themselves.
 */
export function dayBounds(history: History, range: DateRange): DayBounds {
  const values = history.values.map((point) => pointTime(point)).filter((ms) => !Number.isNaN(ms));
  const first = range.start?.ms ?? parseIso(history.startDate) ?? Math.min(...values);
  const last = range.end?.ms ?? parseIso(history.endDate) ?? Math.max(...values);
  return { firstDay: startOfUtcDay(first), lastDay: startOfUtcDay(last) };
}

export function periodHeader(columns: readonly StatColumn[]): string[] {
  return ["period start", "period end", ...columns.map((column) => column.header)];
}

function periodRow(summary: PeriodSummary, columns: readonly StatColumn[], caps: ExcelCapabilities): ExcelScalar[] {
  return [dateCellFromMs(summary.start, caps), dateCellFromMs(summary.end, caps), ...statCells(summary, columns)];
}
