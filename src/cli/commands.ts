import type { IndexDataClient } from "../client/client";
import type { Granularity, HistoryQuery } from "../client/resources/history";
import { UsageError, type CliArgs } from "./args";

interface Command {
  readonly usage: string;
  readonly summary: string;
  readonly run: (client: IndexDataClient, args: CliArgs) => Promise<unknown>;
}

function symbolOf(args: CliArgs, command: string): string {
  const symbol = args.positionals[0];
  if (symbol === undefined) throw new UsageError(`"${command}" needs a symbol, e.g. index-data ${command} RTM-NWE-A-1x3 (see index-data list).`);
  return symbol;
}

function historyQuery(args: CliArgs): HistoryQuery {
  return {
    ...(args.start !== undefined ? { startDate: args.start } : {}),
    ...(args.end !== undefined ? { endDate: args.end } : {}),
    // Passed through unchecked so that the service's own answer to a wrong value is what the user sees.
    ...(args.granularity !== undefined ? { granularity: args.granularity as Granularity } : {}),
  };
}

/** Every CLI command, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  list: { usage: "list", summary: "the index catalogue", run: (c) => c.listIndexes() },
  latest: { usage: "latest <symbol>", summary: "the latest fix of an index", run: (c, a) => c.latest(symbolOf(a, "latest")) },
  history: {
    usage: "history <symbol> [--start DATE] [--end DATE] [--granularity daily|weekly]",
    summary: "daily or weekly values in a date range (service default range when no dates are given)",
    run: (c, a) => c.history(symbolOf(a, "history"), historyQuery(a)),
  },
  vol: {
    usage: "vol <symbol> [--window DAYS]",
    summary: "annualized volatility over a rolling window (default 30 days)",
    run: (c, a) => c.volatility(symbolOf(a, "vol"), a.window),
  },
  forward: { usage: "forward <symbol>", summary: "the forward curve (newer description)", run: (c, a) => c.forward(symbolOf(a, "forward")) },
  capacity: { usage: "capacity <symbol>", summary: "capacity utilization metrics", run: (c, a) => c.capacity(symbolOf(a, "capacity")) },
  health: { usage: "health", summary: "strict health check; exit code 1 when degraded or down", run: (c) => c.health() },
  status: { usage: "status", summary: "public system status: ok, degraded or down (newer description)", run: (c) => c.systemStatus() },
  "benchmark-health": {
    usage: "benchmark-health",
    summary: "72-hour integrity diagnostics of the benchmark (newer description)",
    run: (c) => c.benchmarkHealth(),
  },
  methodology: { usage: "methodology", summary: "the methodology document (older description)", run: (c) => c.methodology() },
};

export function helpText(): string {
  const commands = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return [
    "Usage: index-data <command> [args] [options]",
    "",
    "Commands:",
    ...commands,
    "",
    "Options:",
    "  --base-url URL     service root (default: $INDEX_API_BASE_URL or http://127.0.0.1:3001)",
    "  --api-key KEY      API key (default: $INDEX_API_KEY; prefer the variable, arguments show up in process lists)",
    "  --key-header STYLE x-api-key (default) or bearer",
    "  --timeout MS       per-request timeout in milliseconds (default 10000)",
    "  --json             print the result as JSON instead of a table",
    "  -h, --help         show this help",
    "",
    "Exit codes: 0 success, 1 the request failed (or health is not ok), 2 wrong command line.",
    "",
    "Example: index-data latest RTM-NWE-A-1x3 --base-url http://127.0.0.1:3001",
  ].join("\n");
}
