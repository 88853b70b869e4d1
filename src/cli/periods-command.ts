import {
  dayBounds,
  historyQuery,
  parsePeriod,
  parseStats,
  periodHeader,
  type PeriodSummary,
  pointsInRange,
  statCells,
  type StatColumn,
  summarisePeriods,
} from "../formulas";
import { dayText } from "@index-data/wire/time";
import type { CliArgs } from "./args";
import { parseHistoryRequest } from "./history-command";
import type { CliEnv } from "./command-context";
import { served } from "./service-call";
import { symbolArgument, withExcelRules } from "./usage";

/** One period as the terminal shows it: the same columns as INDEX.PERIODS with headers, dates as ISO days. */
export type PeriodRecord = Readonly<Record<string, string | number>>;

/**
 * periods <symbol> [START [END]] [--period P] [--stats LIST]: INDEX.PERIODS's table, parsed and computed by
 * the function's own rules (one daily history request; fresh values only; cut periods show the cut days).
 */
export async function runPeriods(env: CliEnv, args: CliArgs, now: Date): Promise<PeriodRecord[]> {
  // Checked here first so that a missing symbol is reported for "periods"; the dates follow history's rules.
  const symbol = symbolArgument(args.positionals, "periods");
  const { range } = parseHistoryRequest({ ...args, granularity: undefined }, now);
  const period = withExcelRules(() => parsePeriod(args.period));
  const stats = withExcelRules(() => parseStats(args.stats));
  const history = await served(env, "history", [symbol, historyQuery(range)]);
  const summaries = summarisePeriods(pointsInRange(history, range), period, dayBounds(history, range));
  return summaries.map((summary) => periodRecord(summary, stats));
}

function periodRecord(summary: PeriodSummary, stats: readonly StatColumn[]): PeriodRecord {
  const values = [dayText(summary.start), dayText(summary.end), ...statCells(summary, stats)];
  return Object.fromEntries(periodHeader(stats).map((name, index) => [name, cliValue(values[index])]));
}

function cliValue(value: unknown): string | number {
  return typeof value === "number" || typeof value === "string" ? value : "";
}
