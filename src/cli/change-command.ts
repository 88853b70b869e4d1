import { measureChange, type ChangeMode, type ChangePeriod } from "@index-data/wire";
import { dayText } from "@index-data/wire/time";
import { CHOICE_MAPS, parseChoice } from "../formulas";
import type { CliArgs } from "./args";
import type { CliEnv } from "./command-context";
import { served, ServiceFailure } from "./service-call";
import { symbolArgument, withExcelRules } from "./usage";

/**
 * The change as the terminal shows it: INDEX.CHANGE's figure with its base and the latest fix beside it; where there
 * is no change (no base on or before the target, a base of 0 for a percentage), the figures are empty and `note`
 * says why, as the cell does.
 */
export interface ChangeRecord {
  readonly symbol: string;
  readonly period: ChangePeriod;
  readonly mode: ChangeMode;
  readonly change: number | null;
  readonly baseDate: string | null;
  readonly base: number | null;
  readonly latestDate: string;
  readonly latest: number;
  readonly note?: string;
}

/**
 * change <symbol> [--period P] [--mode M]: INDEX.CHANGE by its one definition (@index-data/wire's measureChange),
 * its arguments parsed by the function's own rules, and its requests: the latest fix, then one range anchored on it.
 */
export async function runChange(env: CliEnv, args: CliArgs): Promise<ChangeRecord> {
  const symbol = symbolArgument(args.positionals, "change");
  const period = withExcelRules(() => parseChoice(args.period, "period", CHOICE_MAPS.ChangePeriod, "1D"));
  const mode = withExcelRules(() => parseChoice(args.mode, "mode", CHOICE_MAPS.ChangeMode, "pct"));
  const outcome = await measureChange(
    {
      latest: () => served(env, "latestValue", [symbol]),
      history: async (query) => (await served(env, "history", [symbol, query])).values,
    },
    period,
    mode,
  );
  if (outcome.kind === "undated") throw new ServiceFailure(`${symbol}: ${outcome.reason}.`);
  const latest = { latestDate: dayText(outcome.latest.day), latest: outcome.latest.value };
  if (outcome.kind !== "change")
    return { symbol, period, mode, change: null, baseDate: null, base: null, ...latest, note: outcome.reason };
  const { base } = outcome;
  return {
    symbol,
    period,
    mode,
    change: outcome.change,
    baseDate: dayText(base.day),
    base: base.point.value,
    ...latest,
  };
}
