import { DirectSource, IndexDataClient } from "../client";
import { escapeBidi, type Health, stripControl } from "@index-data/wire";
import { isCellError } from "../formulas";
import { parseCliArgs, UsageError, type CliArgs } from "./args";
import { COMMANDS } from "./command-table";
import { formatCsv } from "./csv";
import { formatResult } from "./result-format";
import { helpText } from "./help";
import { LastKnownAnswers } from "./last-known";
import { ServiceFailure, terminalMessage } from "./service-call";
import { closestCommand, refuseSurplus } from "./usage";

interface CliIo {
  /** Writes text exactly as given (the CLI adds the line ends). */
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Today, for relative dates. @default () => new Date() */
  readonly now?: (() => Date) | undefined;
}

const PROCESS_IO: Readonly<CliIo> = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

function isUnhealthy(command: string, result: unknown): boolean {
  return command === "health" && (result as Health).healthy === false;
}

function render(args: CliArgs, result: unknown): string {
  // JSON escapes control characters itself; directional controls it leaves as they are, so they are escaped here.
  if (args.json) return `${escapeBidi(JSON.stringify(result, null, 2))}\n`;
  if (args.csv) return formatCsv(result);
  return `${formatResult(result)}\n`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(argv, io.env);
  if (args.help || args.command === undefined) {
    io.stdout(`${helpText()}\n`);
    return args.help ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, args.command) ? COMMANDS[args.command] : undefined;
  if (command === undefined) {
    const meant = closestCommand(args.command, Object.keys(COMMANDS));
    const hint = meant === undefined ? "." : `; did you mean "${meant}"?`;
    throw new UsageError(`Unknown command "${args.command}"${hint} Run index-data --help for the list.`);
  }
  refuseSurplus(args.command, command.takes, args.positionals, command.instead);
  const client = new IndexDataClient({
    baseUrl: args.baseUrl,
    keyHeaderStyle: args.keyHeaderStyle,
    gateway: args.gateway,
    apiKey: args.apiKey,
    timeoutMs: args.timeoutMs,
  });
  const now = io.now ? io.now() : new Date();
  const lastKnown = new LastKnownAnswers();
  const env = { source: new DirectSource(client), caps: { formattedNumbers: false }, now: () => now, lastKnown };
  const result = await command.run({ env, args, now });
  io.stdout(render(args, result));
  // On stderr, so --json and --csv stay data; the value is still printed, as the card still shows it.
  const mark = lastKnown.mark();
  if (mark !== undefined) io.stderr(`index-data: ${mark}\n`);
  return isUnhealthy(args.command, result) ? 1 : 0;
}

/**
 * The message for a failure: a usage error or a service failure as it is (already in the terminal's words,
 * src/cli/terminal-wording.ts); anything else classified and worded by the same table. Never holds the key.
 */
function failureMessage(error: unknown): string {
  if (error instanceof UsageError || error instanceof ServiceFailure || isCellError(error)) return error.message;
  return terminalMessage(error, { what: "the answer" });
}

/** Runs one CLI invocation and returns its exit code. Messages lose control characters (service text). */
export async function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    io.stderr(`index-data: ${stripControl(failureMessage(error))}\n`);
    return error instanceof UsageError || (error instanceof ServiceFailure && error.commandLine) ? 2 : 1;
  }
}
