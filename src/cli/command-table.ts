import type { SourceArgs, SourceName } from "../client";
import { runCard } from "./card-command";
import { runChange } from "./change-command";
import type { CommandContext } from "./command-context";
import { FUNCTION_COMMANDS } from "./commands.generated";
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

type Run = (context: CommandContext) => Promise<unknown>;

/** The source's methods that take no argument (service-wide resources), and those that take only a symbol. */
type ServiceWide = { [N in SourceName]: SourceArgs<N> extends [] ? N : never }[SourceName];
type OfSymbol = { [N in SourceName]: SourceArgs<N> extends [string] ? N : never }[SourceName];

type FunctionCommand = keyof typeof FUNCTION_COMMANDS;
/** The commands whose row names no resource it prints: each has its run below. */
type OwnRun = {
  [C in FunctionCommand]: (typeof FUNCTION_COMMANDS)[C] extends { prints: string } ? never : C;
}[FunctionCommand];

/** The function commands' own runs, by command (a row without `prints` does not compile until it has one here). */
const RUNS: Readonly<{ [C in OwnRun]: Run }> = {
  card: runCard,
  history: (c) => runHistory(c.env, c.args, c.now),
  periods: (c) => runPeriods(c.env, c.args, c.now),
  change: (c) => runChange(c.env, c.args),
  vol: (c) => {
    const symbol = symbolArgument(c.args.positionals, "vol");
    return served(c.env, "volatility", c.args.window === undefined ? [symbol] : [symbol, c.args.window]);
  },
};

/** The run of a command that prints one resource as it is: of the symbol it is given, or service-wide. */
function printing(command: string, prints: ServiceWide | OfSymbol, takes: readonly string[]): Run {
  return (c) =>
    takes.length === 0
      ? served(c.env, prints as ServiceWide, [])
      : served(c.env, prints as OfSymbol, [symbolArgument(c.args.positionals, command)]);
}

/** A command of the function table's rows (commands.generated.ts), with its run. */
function functionCommand(command: FunctionCommand): Command {
  const row: {
    readonly usage: string;
    readonly summary: string;
    readonly takes: readonly string[];
    readonly instead?: string;
    readonly prints?: ServiceWide | OfSymbol;
  } = FUNCTION_COMMANDS[command];
  const run = row.prints === undefined ? RUNS[command as OwnRun] : printing(command, row.prints, row.takes);
  return { ...row, run };
}

/** Every CLI command, in the order `--help` lists them: the function table's, then the command line's own. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  ...Object.fromEntries(
    (Object.keys(FUNCTION_COMMANDS) as FunctionCommand[]).map((command) => [command, functionCommand(command)]),
  ),
  health: {
    takes: [],
    usage: "health",
    summary: "strict health check; exit code 1 when degraded or down",
    run: (c) => served(c.env, "health", []),
  },
};
