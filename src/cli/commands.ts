import type { CliArgs } from "./args";
import { runCard } from "./card-command";
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
const NO_ARGUMENTS = { takes: [] } as const;

/** Every CLI command, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  list: {
    ...NO_ARGUMENTS,
    usage: "list",
    summary: "the index catalogue",
    run: (c) => served(c.env, "listIndexes", []),
  },
  latest: {
    ...SYMBOL_ONLY,
    usage: "latest <symbol>",
    summary: "the latest fix of an index",
    run: symbolCommand("latest", (c, s) => served(c.env, "latest", [s])),
  },
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
  vol: {
    ...SYMBOL_ONLY,
    instead: "Give the window as --window DAYS.",
    usage: "vol <symbol> [--window DAYS]",
    summary: "annualized volatility over a rolling window (default 30 days)",
    run: symbolCommand("vol", (c, s, a) => served(c.env, "volatility", a.window === undefined ? [s] : [s, a.window])),
  },
  forward: {
    ...SYMBOL_ONLY,
    usage: "forward <symbol>",
    summary: "the forward curve (newer description)",
    run: symbolCommand("forward", (c, s) => served(c.env, "forward", [s])),
  },
  capacity: {
    ...SYMBOL_ONLY,
    usage: "capacity <symbol>",
    summary: "capacity utilization metrics",
    run: symbolCommand("capacity", (c, s) => served(c.env, "capacity", [s])),
  },
  health: {
    ...NO_ARGUMENTS,
    usage: "health",
    summary: "strict health check; exit code 1 when degraded or down",
    run: (c) => served(c.env, "health", []),
  },
  status: {
    ...NO_ARGUMENTS,
    usage: "status",
    summary: "public system status: ok, degraded or down (newer description)",
    run: (c) => served(c.env, "systemStatus", []),
  },
  "benchmark-health": {
    ...NO_ARGUMENTS,
    usage: "benchmark-health",
    summary: "72-hour integrity diagnostics of the benchmark (newer description)",
    run: (c) => served(c.env, "benchmarkHealth", []),
  },
  methodology: {
    ...NO_ARGUMENTS,
    usage: "methodology",
    summary: "the methodology document (older description)",
    run: (c) => served(c.env, "methodology", []),
  },
};
