import { parseChoice, parseFlag, parseSymbolList } from "../arguments";
import type { FormulaResult } from "../cells";
import { historyQuery, inRange, parseDateRange } from "../date-range";
import { evaluate, load, today, type FormulaEnv } from "../evaluate";
import { alignPanel, type PanelFill } from "../panel";
import { spillOrEmpty } from "../spill";

export const FILL_CHOICES: ReadonlyMap<string, PanelFill> = new Map<string, PanelFill>([
  ["blank", "blank"],
  ["previous", "previous"],
  ["na", "na"],
  ["prev", "previous"],
  ["#n/a", "na"],
  ["empty", "blank"],
]);

/** INDEX.PANEL(symbols, [start], [end], [fill], [headers]): several indexes on one shared date column. */
export function indexPanel(env: FormulaEnv, symbolsArg: unknown, startArg: unknown, endArg: unknown, fillArg: unknown, headersArg: unknown): Promise<FormulaResult> {
  return evaluate(env, "the panel", () => {
    const symbols = parseSymbolList(symbolsArg, "symbols");
    const range = parseDateRange(startArg, endArg, today(env));
    const fill = parseChoice(fillArg, "fill", FILL_CHOICES, "blank");
    const headers = parseFlag(headersArg, "headers", true);
    return async () => {
      const query = historyQuery(range);
      const columns = await Promise.all(
        symbols.map(async (symbol) => {
          const served = await load(env, { symbol, what: "history" }, () => env.source.history(symbol, query));
          return { symbol, points: served.data.values.filter((point) => inRange(range, Date.parse(point.date))) };
        }),
      );
      const rows = alignPanel(columns, fill, env.caps);
      return spillOrEmpty(rows, ["date", ...symbols], headers, `no data: none of ${symbols.join(", ")} has values in this date range`);
    };
  });
}
