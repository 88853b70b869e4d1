import type { IndexDataSource } from "../source";
import type { ErrorSubject, Fault } from "./fault";

/**
 * Settles a symbol's 404 with the catalogue: an unknown symbol, the same symbol in another case (symbols
 * are case-sensitive, and "rtm-nwe-a-1x3" typed by hand is the commonest miss), or a known index without
 * data (or, for an endpoint only the newer description has, without that endpoint). The older description
 * sends a bare 404, so only the catalogue can tell. The source caches the catalogue (the engine): no request
 * when it is at hand. Any other fault, or an unreadable catalogue, is returned as it is.
 */
export async function faultWithCatalogue(fault: Fault, subject: ErrorSubject, source: IndexDataSource): Promise<Fault> {
  const { symbol } = subject;
  if ((fault.kind !== "not-found" && fault.kind !== "unknown-symbol") || symbol === undefined) return fault;
  let symbols: string[];
  try {
    symbols = (await source.listIndexes()).data.map((entry) => entry.symbol);
  } catch {
    return fault;
  }
  if (symbols.includes(symbol)) {
    if (fault.kind === "unknown-symbol") return fault;
    return { ...fault, kind: subject.newerOnly === true ? "not-published" : "no-data" };
  }
  const wanted = symbol.toLowerCase();
  const meant = symbols.find((known) => known.toLowerCase() === wanted);
  if (meant !== undefined) return { ...fault, kind: "wrong-case", details: { ...fault.details, meant } };
  return { ...fault, kind: "unknown-symbol" };
}
