import { summarisePeriods, type PeriodSummary } from "@index-data/wire";
import { dayText, parseIso, startOfUtcDay } from "@index-data/wire/time";
import { newestRows, restSaid, windowFacts } from "./history-window";
import { pointProvenance, servedOf } from "./provenance";
import { MAX_HISTORY_POINTS } from "./schemas";
import type { ToolHandler } from "./tool-context";
import { readHistory } from "./tool-reads";
import { joined, ours, said } from "./tool-text";

const DEFAULT_STATS = ["avg", "low", "high", "last", "change", "pctchange"] as const;

/**
 * get_period_stats: the history bucketed once into periods (summarisePeriods, linear in the points), the newest
 * periods that fit the answer's room, and how to ask for the earlier ones. The event loop is served between the
 * read, the bucketing and the rows, so a long history never keeps another trader's request waiting behind it.
 */
export const getPeriodStats: ToolHandler<"get_period_stats"> = async (input, context) => {
  const period = input.period ?? "monthly";
  const read = await readHistory(context, input);
  const history = read.data;
  const bounds = {
    firstDay: startOfUtcDay(parseIso(history.startDate) ?? 0),
    lastDay: startOfUtcDay(parseIso(history.endDate) ?? context.now()),
  };
  await context.pause();
  const summaries = summarisePeriods(history.values, period, bounds);
  await context.pause();
  const chosen = input.stats ?? DEFAULT_STATS;
  const show = (summary: PeriodSummary) => ({
    start: dayText(summary.start),
    end: dayText(summary.end),
    stats: Object.fromEntries(chosen.map((stat) => [stat, summary.stats[stat] ?? null])),
    provenance: pointProvenance(summary.lastPoint),
  });
  const window = newestRows(
    summaries,
    show,
    { room: context.room, limit: MAX_HISTORY_POINTS, dayOf: (row) => parseIso(row.start) ?? 0 },
    (kept, before) =>
      said`Returned the newest ${kept} of ${summaries.length} ${ours(period)} periods. For the earlier ones call get_period_stats again with end=${before} (and the same start), or ask for a longer period ("quarterly", "yearly").`,
  );
  const latest = window.rows[window.rows.length - 1];
  const latestText =
    latest === undefined
      ? said``
      : said`; ${ours(latest.start)} to ${ours(latest.end)}: ${joined(
          Object.entries(latest.stats).map(([stat, value]) => said`${ours(stat)} ${value}`),
          ", ",
        )}`;
  return {
    structured: {
      symbol: history.symbol,
      period,
      periods: [...window.rows],
      ...windowFacts(window),
      served: servedOf(read),
    },
    text: said`${history.symbol}: ${window.rows.length} ${ours(period)} periods${latestText}.${restSaid(window)}`,
  };
};
