import { IndexDataClient } from "../client/client";
import { isIndexDataError } from "../client/errors/guards";
import type { Health } from "../client/resources/health";
import { parseCliArgs, UsageError } from "./args";
import { COMMANDS, helpText } from "./commands";
import { formatResult } from "./format";

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
}

const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
};

function isUnhealthy(command: string, result: unknown): boolean {
  return command === "health" && (result as Health).healthy === false;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(argv, io.env);
  if (args.help || args.command === undefined) {
    io.stdout(helpText());
    return args.help ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, args.command) ? COMMANDS[args.command] : undefined;
  if (command === undefined) throw new UsageError(`Unknown command "${args.command}". Run index-data --help for the list.`);
  const client = new IndexDataClient({
    baseUrl: args.baseUrl,
    keyHeaderStyle: args.keyHeaderStyle,
    ...(args.apiKey !== undefined ? { apiKey: args.apiKey } : {}),
    ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
  });
  const result = await command.run(client, args);
  io.stdout(args.json ? JSON.stringify(result, null, 2) : formatResult(result));
  return isUnhealthy(args.command, result) ? 1 : 0;
}

/** Runs one CLI invocation and returns its exit code. Errors are printed as their message (never with the key). */
export async function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`index-data: ${error.message}`);
      return 2;
    }
    if (isIndexDataError(error)) {
      io.stderr(`index-data: ${error.name}: ${error.message}`);
      return 1;
    }
    io.stderr(`index-data: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
