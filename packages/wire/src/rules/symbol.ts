/**
 * The one rule for an index symbol, for every entry point (functions, taskpane, CLI, client).
 *
 * A symbol becomes a path segment, so it may hold only characters that percent-encoding leaves alone and
 * that no URL parser treats specially: letters, digits, `.`, `_` and `-`, starting with a letter or digit
 * (which also rules out the dot-segments `.` and `..`), at most {@link MAX_SYMBOL_LENGTH} characters.
 * Slashes, control characters, spaces, `:`, `%` and anything non-ASCII are refused before a request is built.
 */
export const MAX_SYMBOL_LENGTH = 64;

const SYMBOL_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${MAX_SYMBOL_LENGTH - 1}}$`);

/** How the rule reads to a user, for messages: "give <SYMBOL_RULE>". */
export const SYMBOL_RULE = `an index symbol such as "RTM-NWE-A-1x3" (letters, digits, ".", "_" and "-", at most ${MAX_SYMBOL_LENGTH} characters)`;

/** The trimmed symbol when `value` is a valid symbol, otherwise undefined. */
export function validSymbol(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return SYMBOL_PATTERN.test(trimmed) ? trimmed : undefined;
}

/**
 * The "did you mean" rule: the catalogue's symbol that `typed` names in another case, or undefined. Symbols are
 * case-sensitive, and "rtm-nwe-a-1x3" typed by hand is the commonest miss; a 404's message and Convert to Index
 * both use this rule, so they agree on what a symbol meant.
 */
export function symbolMeant(typed: string, symbols: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  return symbols.find((known) => known !== typed && known.toLowerCase() === wanted);
}
