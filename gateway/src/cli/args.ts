import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError, type Given, type OptionTable, type OptionsOf } from "../options/option-rows";
import {
  SERVE_OPTIONS,
  flagOf,
  newTokenUsage,
  serveCommand,
  type ServeCommand,
  type ServeOptions,
} from "../options/serve-options";

export { UsageError } from "../options/option-rows";
export type { ServeCommand } from "../options/serve-options";

interface HelpCommand {
  readonly command: "help";
}

interface NewTokenCommand {
  readonly command: "new-token";
  readonly name: string;
  readonly tokensFile: string;
}

/** What the key would be given as, were it a flag: refused, since flags show in ps. */
const KEY_FLAGS = /^--(upstream-key|api-key|key)(=|$)/;

/** parseArgs' options for a table's rows: a switch, a value, or a value given as often as needed. */
function parserOptions(table: OptionTable): NonNullable<ParseArgsConfig["options"]> {
  return Object.fromEntries(
    Object.values(table).map((row) => [
      row.flag.slice(2),
      row.value === undefined
        ? { type: "boolean" as const }
        : { type: "string" as const, ...(row.repeated === true ? { multiple: true } : {}) },
    ]),
  );
}

/** Each option of `table` read from `argv` by its row; an option its row reads as undefined is left out. */
export function readOptions<S extends OptionTable>(argv: readonly string[], table: S): OptionsOf<S> {
  const { values } = parseArgs({ args: [...argv], options: parserOptions(table), strict: true });
  const given = values as Record<string, Given>;
  const read = Object.entries(table).flatMap(([name, row]) => {
    const value = row.read(given[row.flag.slice(2)]);
    return value === undefined ? [] : [[name, value] as const];
  });
  // The rows' own types make the object's: OptionsOf says what each row's read gives.
  return Object.fromEntries(read) as OptionsOf<S>;
}

function newTokenCommand(argv: readonly string[], program: string): NewTokenCommand {
  const tokens = flagOf("tokensFile").slice(2);
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { [tokens]: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [name, ...extra] = positionals;
  const tokensFile = values[tokens];
  if (name === undefined || extra.length > 0)
    throw new UsageError(`new-token takes one NAME: ${newTokenUsage(program, "alice", "tokens.txt")}`);
  if (typeof tokensFile !== "string")
    throw new UsageError(`new-token needs ${flagOf("tokensFile")} FILE: the file the token's hash is appended to.`);
  return { command: "new-token", name, tokensFile };
}

/** The command line, or a UsageError saying what to change (naming `program`, the command as it was started). */
export function parseCommandLine(
  argv: readonly string[],
  program = "index-data-gateway",
): ServeCommand | NewTokenCommand | HelpCommand {
  if (argv.includes("--help") || argv.includes("-h")) return { command: "help" };
  if (argv.some((arg) => KEY_FLAGS.test(arg))) {
    throw new UsageError(
      `The upstream key is never given as a flag (flags show in ps): set INDEX_GATEWAY_UPSTREAM_KEY, or give ${flagOf("upstreamKeyFile")} FILE.`,
    );
  }
  try {
    if (argv[0] === "new-token") return newTokenCommand(argv.slice(1), program);
    const options: ServeOptions = readOptions(argv, SERVE_OPTIONS);
    return serveCommand(options, program);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
