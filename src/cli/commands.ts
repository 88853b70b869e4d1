import { type ErrorSubject, type Served } from "../client";
import type { FormulaEnv } from "../excel";
import type { CliArgs } from "./args";
import { runCard } from "./card-command";
import type { CommandContext } from "./command-context";
import { runHistory } from "./history-command";
import { runPeriods } from "./periods-command";
import { served as servedOrFailure } from "./service-call";
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

function served<T>(context: CommandContext, subject: ErrorSubject, request: (env: FormulaEnv) => Promise<Served<T>>): Promise<T> {
  return servedOrFailure(context.env, subject, () => request(context.env));
}

type SymbolCall = (env: FormulaEnv, symbol: string, args: CliArgs) => Promise<Served<unknown>>;

function symbolCommand(name: string, what: string, call: SymbolCall, newerOnly = false) {
  return (context: CommandContext) => {
    const symbol = symbolArgument(context.args.positionals, name);
    return served(context, { symbol, what, ...(newerOnly ? { newerOnly } : {}) }, (env) => call(env, symbol, context.args));
  };
}

const SYMBOL_ONLY = { takes: ["symbol"] } as const;
const NO_ARGUMENTS = { takes: [] } as const;

/** Every CLI command, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  list: { ...NO_ARGUMENTS, usage: "list", summary: "the index catalogue", run: (c) => served(c, { what: "the index list" }, (e) => e.source.listIndexes()) },
  latest: { ...SYMBOL_ONLY, usage: "latest <symbol>", summary: "the latest fix of an index", run: symbolCommand("latest", "latest fix", (e, s) => e.source.latest(s)) },
  card: {
    ...SYMBOL_ONLY,
    usage: "card <symbol>",
    summary: "the latest fix as INDEX.CARD shows it: value, as-of, confidence, carried-forward date, coverage (--json: the Excel entity)",
    run: runCard,
  },
  history: {
    takes: ["symbol", "start", "end"],
    usage: "history <symbol> [START [END]] [--start DATE] [--end DATE] [--granularity daily|weekly]",
    summary: "daily or weekly values in a date range, as INDEX.HISTORY gives them (service default range without dates)",
    run: (c) => runHistory(c.env, c.args, c.now),
  },
  periods: {
    takes: ["symbol", "start", "end"],
    usage: "periods <symbol> [START [END]] [--start DATE] [--end DATE] [--period weekly|monthly|quarterly|yearly] [--stats LIST]",
    summary: "statistics per period with observed days, as INDEX.PERIODS gives them (default monthly avg,observed)",
    run: (c) => runPeriods(c.env, c.args, c.now),
  },
  vol: {
    ...SYMBOL_ONLY,
    instead: "Give the window as --window DAYS.",
    usage: "vol <symbol> [--window DAYS]",
    summary: "annualized volatility over a rolling window (default 30 days)",
    run: symbolCommand("vol", "volatility", (e, s, a) => e.source.volatility(s, a.window)),
  },
  forward: { ...SYMBOL_ONLY, usage: "forward <symbol>", summary: "the forward curve (newer description)", run: symbolCommand("forward", "forward curve", (e, s) => e.source.forward(s), true) },
  capacity: { ...SYMBOL_ONLY, usage: "capacity <symbol>", summary: "capacity utilization metrics", run: symbolCommand("capacity", "capacity metrics", (e, s) => e.source.capacity(s)) },
  health: { ...NO_ARGUMENTS, usage: "health", summary: "strict health check; exit code 1 when degraded or down", run: (c) => served(c, { what: "the service health" }, (e) => e.source.health()) },
  status: {
    ...NO_ARGUMENTS,
    usage: "status",
    summary: "public system status: ok, degraded or down (newer description)",
    run: (c) => served(c, { what: "the system status", newerOnly: true }, (e) => e.source.systemStatus()),
  },
  "benchmark-health": {
    ...NO_ARGUMENTS,
    usage: "benchmark-health",
    summary: "72-hour integrity diagnostics of the benchmark (newer description)",
    run: (c) => served(c, { what: "benchmark health", newerOnly: true }, (e) => e.source.benchmarkHealth()),
  },
  methodology: {
    ...NO_ARGUMENTS,
    usage: "methodology",
    summary: "the methodology document (older description)",
    run: (c) => served(c, { what: "the methodology", olderOnly: true }, (e) => e.source.methodology()),
  },
};
