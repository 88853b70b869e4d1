import type { SourceArgs, SourceName } from "../client";
import type { CliArgs } from "./args";
import { runCard } from "./card-command";
import { runChange } from "./change-command";
import { runCorrections } from "./corrections-command";
import type { CommandContext } from "./command-context";
import { runHistory } from "./history-command";
import { runPeriods } from "./periods-command";
import { served } from "./service-call";
import { symbolArgument } from "./usage";

interface Command {
  readonly usage: string;
  readonly summary: string;
  /** Names of the positional arguments after the command; more are refused. */
  readonly takes: readonly string[];
  /** Said when surplus positionals are refused: what to use instead. */
  readonly instead?: string;
  readonly run: (context: CommandContext) => Promise<unknown>;
}

/** A command about one symbol: the symbol read off the command line, then the request `call` makes with it. */
function symbolCommand(
  name: string,
  call: (context: CommandContext, symbol: string, args: CliArgs) => Promise<unknown>,
) {
  return (context: CommandContext) => call(context, symbolArgument(context.args.positionals, name), context.args);
}

const SYMBOL_ONLY = { takes: ["symbol"] } as const;

/** The source's methods that take no argument: the service-wide resources. */
type ServiceWide = { [N in SourceName]: SourceArgs<N> extends [] ? N : never }[SourceName];

/** A command that prints one service-wide resource: no argument, and its usage is its own name. */
function serviceWideCommand(usage: string, resource: ServiceWide, summary: string): Command {
  return { takes: [], usage, summary, run: (c) => served(c.env, resource, []) };
}

/** A command that prints one resource of the symbol it is given, and takes nothing else. */
function symbolResourceCommand(usage: string, resource: "latest" | "forward" | "capacity", summary: string): Command {
  return {
    ...SYMBOL_ONLY,
    usage: `${usage} <symbol>`,
    summary,
    run: symbolCommand(usage, (c, s) => served(c.env, resource, [s])),
  };
}

/** Every CLI command, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  list: serviceWideCommand("list", "listIndexes", "the index catalogue"),
  latest: symbolResourceCommand("latest", "latest", "the latest fix of an index"),
  card: {
    ...SYMBOL_ONLY,
    usage: "card <symbol>",
    summary:
      "the latest fix as INDEX.CARD shows it: value, as-of, confidence, carried-forward date, coverage (--json: the Excel entity)",
    run: runCard,
  },
  history: {
    takes: ["symbol", "start", "end"],
    usage: "history <symbol> [START [END]] [--start DATE] [--end DATE] [--granularity daily|weekly]",
    summary:
      "daily or weekly values in a date range, as INDEX.HISTORY gives them (service default range without dates)",
    run: (c) => runHistory(c.env, c.args, c.now),
  },
  periods: {
    takes: ["symbol", "start", "end"],
    usage:
      "periods <symbol> [START [END]] [--start DATE] [--end DATE] [--period weekly|monthly|quarterly|yearly] [--stats LIST]",
    summary: "statistics per period with observed days, as INDEX.PERIODS gives them (default monthly avg,observed)",
    run: (c) => runPeriods(c.env, c.args, c.now),
  },
  change: {
    ...SYMBOL_ONLY,
    instead: "Give the period as --period P and the mode as --mode pct|abs.",
    usage: "change <symbol> [--period 1D|1W|1M|3M|6M|1Y|WTD|MTD|QTD|YTD] [--mode pct|abs]",
    summary: "how far the latest fix has moved over a period, as INDEX.CHANGE gives it, with its base (default 1D pct)",
    run: (c) => runChange(c.env, c.args),
  },
  corrections: {
    takes: ["symbol", "since"],
    usage: "corrections <symbol> [SINCE] [--start DATE] --gateway",
    summary:
      "the days the service published again differently, from the desk gateway's archive, as INDEX.CORRECTIONS lists them (default the last 30 days)",
    run: (c) => runCorrections(c.env, c.args, c.now),
  },
  vol: {
    ...SYMBOL_ONLY,
    instead: "Give the window as --window DAYS.",
    usage: "vol <symbol> [--window DAYS]",
    summary: "annualized volatility over a rolling window (default 30 days)",
    run: symbolCommand("vol", (c, s, a) => served(c.env, "volatility", a.window === undefined ? [s] : [s, a.window])),
  },
  forward: symbolResourceCommand("forward", "forward", "the forward curve (newer description)"),
  capacity: symbolResourceCommand("capacity", "capacity", "capacity utilization metrics"),
  health: serviceWideCommand("health", "health", "strict health check; exit code 1 when degraded or down"),
  status: serviceWideCommand(
    "status",
    "systemStatus",
    "public system status: ok, degraded or down (newer description)",
  ),
  "benchmark-health": serviceWideCommand(
    "benchmark-health",
    "benchmarkHealth",
    "72-hour integrity diagnostics of the benchmark (newer description)",
  ),
  methodology: serviceWideCommand("methodology", "methodology", "the methodology document (older description)"),
};
