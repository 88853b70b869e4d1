import { summarisePeriods, type DayBounds, type HistoryPoint, type Period } from "@index-data/wire";
import { isOmitted, parseChoice, parseFlag, parseSymbolList } from "../arguments";
import { invalidArgument } from "../cell-error";
import type { FormulaResult, Spill } from "../cells";
import { historyQuery, parseDateRange } from "../date-range";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";
import { alignPanel, alignPeriodPanel, periodPanelHeader, type PanelFill } from "../panel-alignment";
import type { StatColumn } from "../period-stats";
import { spillOrEmpty } from "../spill";
import { CHOICE_MAPS } from "../choices.generated";
import { dayBounds, parsePeriod, parseStats, pointsInRange } from "./periods";

/** What the panel shows: daily values, or (with a period) statistics per period. */
type PanelShape =
  | { readonly kind: "daily" }
  | { readonly kind: "periods"; readonly period: Period; readonly stats: readonly StatColumn[] };

/**
 * INDEX.PANEL(symbols, [start], [end], [fill], [headers], [period], [stats]): several indexes on one shared
 * date column, or with `period` one row per period and a column per symbol per stat.
 */
export function indexPanel(
  env: FormulaEnv,
  symbolsArg: unknown,
  startArg: unknown,
  endArg: unknown,
  fillArg: unknown,
  headersArg: unknown,
  periodArg?: unknown,
  statsArg?: unknown,
): Promise<FormulaResult> {
  return evaluate(env, "the panel", () => {
    const symbols = parseSymbolList(symbolsArg, "symbols");
    const range = parseDateRange(startArg, endArg, today(env));
    const fill = parseChoice(fillArg, "fill", CHOICE_MAPS.PanelFill, "blank");
    const headers = parseFlag(headersArg, "headers", true);
    const shape = parseShape(periodArg, statsArg);
    return async () => {
      const query = historyQuery(range);
      const answers = await Promise.all(
        symbols.map(async (symbol) => {
          const served = await load(env, "history", [symbol, query]);
          return { symbol, points: pointsInRange(served.data, range), bounds: dayBounds(served.data, range) };
        }),
      );
      const [rows, header] =
        shape.kind === "daily" ? dailyPanel(answers, fill, env) : periodPanel(answers, shape, fill, env);
      return spillOrEmpty(
        rows,
        header,
        headers,
        `no data: none of ${symbols.join(", ")} has values in this date range`,
      );
    };
  });
}

function parseShape(periodArg: unknown, statsArg: unknown): PanelShape {
  if (!isOmitted(periodArg)) return { kind: "periods", period: parsePeriod(periodArg), stats: parseStats(statsArg) };
  if (!isOmitted(statsArg))
    throw invalidArgument(
      "stats",
      'stats need a period: give period "weekly", "monthly", "quarterly" or "yearly"',
      statsArg,
    );
  return { kind: "daily" };
}

interface PanelAnswer {
  readonly symbol: string;
  readonly points: readonly HistoryPoint[];
  readonly bounds: DayBounds;
}

function dailyPanel(answers: readonly PanelAnswer[], fill: PanelFill, env: FormulaEnv): [Spill, string[]] {
  return [alignPanel(answers, fill, env.caps), ["date", ...answers.map((answer) => answer.symbol)]];
}

function periodPanel(
  answers: readonly PanelAnswer[],
  shape: PanelShape & { kind: "periods" },
  fill: PanelFill,
  env: FormulaEnv,
): [Spill, string[]] {
  // One set of bounds for every symbol, so that a cut period starts and ends on the same days in each column.
  const bounds: DayBounds = {
    firstDay: Math.min(...answers.map((answer) => answer.bounds.firstDay)),
    lastDay: Math.max(...answers.map((answer) => answer.bounds.lastDay)),
  };
  const columns = answers.map((answer) => ({
    symbol: answer.symbol,
    summaries: summarisePeriods(answer.points, shape.period, bounds),
  }));
  const symbols = answers.map((answer) => answer.symbol);
  return [alignPeriodPanel(columns, shape.stats, fill, env.caps), periodPanelHeader(symbols, shape.stats)];
}
