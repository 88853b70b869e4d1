import { BadRequestError } from "../errors/bad-request-error";
import { SYMBOL_RULE, validSymbol } from "./symbol";

/** Refuses an argument before any request: a BadRequestError whose code says which argument. */
export function refuseArgument(message: string, code: string): never {
  // No request was sent, so there is no path and no status; the code says which argument.
  throw new BadRequestError(message, { code });
}

/**
 * The symbol as a path segment, by the one rule of `symbol.ts`: trimmed, and refused before any URL is
 * built unless it is a valid symbol, so ".", "..", slashes and the like can never reach another path.
 * The text is not echoed back: it may hold control characters, and the cell shows the argument anyway.
 */
export function symbolSegment(symbol: unknown): string {
  const valid = validSymbol(symbol);
  if (valid === undefined) refuseArgument(`Not a valid index symbol: give ${SYMBOL_RULE}.`, "INVALID_SYMBOL");
  // A valid symbol needs no encoding; encoding anyway keeps the segment safe if the rule is ever widened.
  return encodeURIComponent(valid);
}
