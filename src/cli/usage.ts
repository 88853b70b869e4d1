import { DATE_FORMS, describeValue, isCellError } from "../formulas";
import { SYMBOL_RULE, validSymbol } from "@index-data/wire";
import { UsageError } from "./args";

/** The date forms a command line can give (a cell or a serial only exist in a sheet). */
export const CLI_DATE_FORMS =
  'an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "today"';

/**
 * Runs an argument parser of the excel layer (the one owner of date, choice and symbol rules) and turns its
 * `#VALUE!` into a usage error naming what the user typed: "start: ..." becomes "--start: ..." for an option, or
 * the name `given` says (e.g. "START" for a date given as an argument).
 */
export function withExcelRules<T>(parse: () => T, given: Readonly<Record<string, string>> = {}): T {
  try {
    return parse();
  } catch (error) {
    if (!isCellError(error) || error.code !== "#VALUE!") throw error;
    const message = error.message.replace(DATE_FORMS, CLI_DATE_FORMS);
    const argument = /^(\w+): /.exec(message)?.[1] ?? "";
    const label = given[argument] ?? `--${argument}`;
    throw new UsageError(argument === "" ? message : `${label}: ${message.slice(argument.length + 2)}`);
  }
}

/** Edits (insert, delete, replace, swap of neighbours) between two words: how far a typo is from a command. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The command `typed` most likely meant: one or two edits away (one for short words), or undefined. */
export function closestCommand(typed: string, commands: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  const scored = commands.map((command) => ({ command, distance: editDistance(word, command) }));
  const best = scored.sort((a, b) => a.distance - b.distance)[0];
  const allowed = word.length <= 4 ? 1 : 2;
  return best !== undefined && best.distance <= allowed ? best.command : undefined;
}

/** The symbol argument of a command, by the one symbol rule of src/client/symbol.ts. */
export function symbolArgument(positionals: readonly string[], command: string): string {
  const given = positionals[0];
  if (given === undefined)
    throw new UsageError(
      `"${command}" needs a symbol, e.g. index-data ${command} RTM-NWE-A-1x3 (see index-data list).`,
    );
  const symbol = validSymbol(given);
  if (symbol === undefined) throw new UsageError(`"${command}": give ${SYMBOL_RULE} (got ${describeValue(given)}).`);
  return symbol;
}

/** Refuses positional arguments a command does not take, naming the options to use instead. */
export function refuseSurplus(
  command: string,
  takes: readonly string[],
  positionals: readonly string[],
  instead: string | undefined,
): void {
  if (positionals.length <= takes.length) return;
  const surplus = positionals
    .slice(takes.length)
    .map((p) => describeValue(p))
    .join(" ");
  const takesText = takes.length === 0 ? "takes no arguments" : `takes only ${takes.map((t) => `<${t}>`).join(" ")}`;
  const hint = instead === undefined ? "" : ` ${instead}`;
  throw new UsageError(`"${command}" ${takesText}; unexpected ${surplus}.${hint} See index-data --help.`);
}
