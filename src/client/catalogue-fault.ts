import type { IndexDataSource } from "./source";
import { subjectOf } from "./subject";
import { symbolMeant } from "@index-data/wire";
import { faultOf, type ErrorSubject, type Fault } from "@index-data/wire";

/**
 * Settles a 404 with the catalogue, which every Index Data Service publishes:
 * - the catalogue missing too means the base URL is not a service at all (a web server that answers 404
 *   everywhere), whatever was asked for;
 * - for a symbol: an unknown symbol, the same symbol in another case (symbols are case-sensitive, and
 *   "rtm-nwe-a-1x3" typed by hand is the commonest miss), or a known index without data (or, for an endpoint only
 *   the newer description has, without that endpoint). The older description sends a bare 404, so only the
 *   catalogue can tell.
 * The source caches the catalogue (the engine): no request when it is at hand. Any other fault, or a catalogue that
 * fails otherwise, is returned as it is.
 */
export async function faultWithCatalogue(fault: Fault, subject: ErrorSubject, source: IndexDataSource): Promise<Fault> {
  if (fault.kind !== "not-found" && fault.kind !== "unknown-symbol" && fault.kind !== "not-published") return fault;
  let symbols: string[];
  try {
    symbols = (await source.listIndexes()).data.map((entry) => entry.symbol);
  } catch (error) {
    const listed = faultOf(error, subjectOf("listIndexes", []));
    return listed.kind === "wrong-base-url" ? listed : fault;
  }
  const { symbol } = subject;
  if (symbol === undefined || fault.kind === "not-published") return fault;
  if (symbols.includes(symbol)) {
    if (fault.kind === "unknown-symbol") return fault;
    return { ...fault, kind: subject.newerOnly === true ? "not-published" : "no-data" };
  }
  const meant = symbolMeant(symbol, symbols);
  if (meant !== undefined) return { ...fault, kind: "wrong-case", details: { ...fault.details, meant } };
  return { ...fault, kind: "unknown-symbol" };
}
