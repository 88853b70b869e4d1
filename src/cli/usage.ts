import { isCellError } from "../excel/cell-error";
import { DATE_FORMS } from "../excel/dates";
import { describeValue } from "../excel/cell-error";
import { SYMBOL_RULE, validSymbol } from "../client/symbol";
import { UsageError } from "./args";

/** The date forms a command line can give (a cell or a serial only exist in a sheet). */
export const CLI_DATE_FORMS = 'an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "today"';

/**
 * Runs an argument parser of the excel layer (the one owner of date, choice and symbol rules) and turns
 * its `#VALUE!` into a usage error naming the option: "start: ..." becomes "--start: ...".
 */
export function withExcelRules<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (isCellError(error) && error.code === "#VALUE!") throw new UsageError(`--${error.message.replace(DATE_FORMS, CLI_DATE_FORMS)}`);
    throw error;
  }
}

/** The symbol argument of a command, by the one symbol rule of src/client/symbol.ts. */
export function symbolArgument(positionals: readonly string[], command: string): string {
  const given = positionals[0];
  if (given === undefined) throw new UsageError(`"${command}" needs a symbol, e.g. index-data ${command} RTM-NWE-A-1x3 (see index-data list).`);
  const symbol = validSymbol(given);
  if (symbol === undefined) throw new UsageError(`"${command}": give ${SYMBOL_RULE} (got ${describeValue(given)}).`);
  return symbol;
}

/** Refuses positional arguments a command does not take, naming the options to use instead. */
export function refuseSurplus(command: string, takes: readonly string[], positionals: readonly string[], instead: string | undefined): void {
  if (positionals.length <= takes.length) return;
  const surplus = positionals.slice(takes.length).map((p) => describeValue(p)).join(" ");
  const takesText = takes.length === 0 ? "takes no arguments" : `takes only ${takes.map((t) => `<${t}>`).join(" ")}`;
  const hint = instead === undefined ? "" : ` ${instead}`;
  throw new UsageError(`"${command}" ${takesText}; unexpected ${surplus}.${hint} See index-data --help.`);
}
