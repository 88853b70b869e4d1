import type { IndexDataSource } from "../client/source";
import { notAvailable, type CellError } from "./cell-error";
import type { ErrorSubject } from "./service-errors";

/**
 * Symbols are case-sensitive in the service, and "rtm-nwe-a-1x3" typed by hand is the commonest miss.
 * When a symbol is not found and the catalogue holds the same symbol in another case, the cell says so.
 */
export function wrongCaseIndex(symbol: string, meant: string): CellError {
  return notAvailable(`Index "${symbol}" not found; symbols are case-sensitive: did you mean "${meant}"?`);
}

/**
 * The wrong-case hint for a not-found failure, or undefined (no hint: not a not-found, no symbol, the
 * index exists but has no data, or the catalogue could not be read). The catalogue comes from the source,
 * which caches it (the engine): no request when it is at hand.
 */
export async function symbolCaseHint(error: unknown, subject: ErrorSubject, source: IndexDataSource): Promise<CellError | undefined> {
  const shape = typeof error === "object" && error !== null ? (error as { name?: unknown; code?: unknown }) : {};
  const { symbol } = subject;
  if (shape.name !== "NotFoundError" || symbol === undefined || shape.code === "NO_DATA") return undefined;
  let symbols: string[];
  try {
    symbols = (await source.listIndexes()).data.map((entry) => entry.symbol);
  } catch {
    return undefined;
  }
  if (symbols.includes(symbol)) return undefined;
  const wanted = symbol.toLowerCase();
  const meant = symbols.find((known) => known.toLowerCase() === wanted);
  return meant === undefined ? undefined : wrongCaseIndex(symbol, meant);
}
