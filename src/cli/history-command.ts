import { pointTime, type Granularity, type History } from "@index-data/wire";
import {
  type DateRange,
  CHOICE_MAPS,
  historyQuery,
  inRange,
  parseChoice,
  parseDateRange,
  weeklyFromDaily,
} from "../formulas";
import { UsageError, type CliArgs } from "./args";
import type { CliEnv } from "./command-context";
import { served } from "./service-call";
import { symbolArgument, withExcelRules } from "./usage";

/** `history` as the user asked for it, parsed by the same rules as INDEX.HISTORY's arguments. */
export interface CliHistoryRequest {
  readonly symbol: string;
  readonly range: DateRange;
  readonly granularity: Granularity;
}

function dateOf(option: string | undefined, positional: string | undefined, name: "start" | "end"): string | undefined {
  if (option !== undefined && positional !== undefined) {
    throw new UsageError(`the ${name} date is given twice (--${name} ${option} and "${positional}"); give it once.`);
  }
  return option ?? positional;
}

/** history <symbol> [start] [end]: dates as positionals or as --start/--end, relative to `now`. */
export function parseHistoryRequest(args: CliArgs, now: Date): CliHistoryRequest {
  const symbol = symbolArgument(args.positionals, "history");
  const start = dateOf(args.start, args.positionals[1], "start");
  const end = dateOf(args.end, args.positionals[2], "end");
  // A date given as an argument is named as the usage line names it, not as the option the user did not type.
  const given = {
    ...(args.start === undefined && start !== undefined ? { start: "START" } : {}),
    ...(args.end === undefined && end !== undefined ? { end: "END" } : {}),
  };
  return {
    symbol,
    range: withExcelRules(() => parseDateRange(start, end, now), given),
    granularity: withExcelRules(() => parseChoice(args.granularity, "granularity", CHOICE_MAPS.Granularity, "daily")),
  };
}

/**
 * What INDEX.HISTORY shows: the values inside the asked range; weekly ones computed locally by the
 * function's own rule (src/formulas/weekly.ts) when the service answered with daily values.
 */
function shapeHistory(history: History, request: CliHistoryRequest): History {
  const inside = history.values.filter((point) => inRange(request.range, pointTime(point)));
  const values = request.granularity === "weekly" && history.granularity === "daily" ? weeklyFromDaily(inside) : inside;
  return { ...history, granularity: request.granularity, values };
}

export async function runHistory(env: CliEnv, args: CliArgs, now: Date): Promise<History> {
  const request = parseHistoryRequest(args, now);
  const query = historyQuery(request.range, request.granularity === "weekly" ? "weekly" : undefined);
  const history = await served(env, "history", [request.symbol, query]);
  return shapeHistory(history, request);
}
