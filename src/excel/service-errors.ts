import { type ErrorSubject, type Fault, type FaultKind, faultOf, faultWithCatalogue, type IndexDataSource, queueBound } from "../client";
import { CellError, isCellError, type CellErrorCode } from "./cell-error";

/** How a cell shows a fault: the Excel error, and a message that says what to do at the sheet. */
interface CellWording {
  /** `#VALUE!` for what the person at the sheet fixes in the setup (key, URL, arguments); else `#N/A`. */
  readonly code: CellErrorCode;
  readonly text: (fault: Fault, subject: ErrorSubject) => string;
}

/** The client's own message (which carries the service's words and the advice), else `fallback`. */
function ownMessage(code: CellErrorCode, fallback: string): CellWording {
  return { code, text: (fault) => fault.details.message ?? fallback };
}

/** A 404 about a symbol; without one, the subject itself is what this service lacks. */
function aboutSymbol(text: (symbol: string, what: string, fault: Fault) => string): CellWording {
  return {
    code: "#N/A",
    text: (fault, { symbol, what }) => (symbol === undefined ? `${what} is not published by this service` : text(symbol, what, fault)),
  };
}

const RATE_LIMITED = "rate limited by the service; the value comes back after the limit resets (Refresh)";
const QUEUE_FULL = "too many cells waiting for the service; Refresh retries them";

/** The cell's words for every fault kind. */
const CELL_WORDING: Readonly<Record<FaultKind, CellWording>> = {
  "unknown-symbol": aboutSymbol((symbol) => `unknown index '${symbol}': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)`),
  "wrong-case": aboutSymbol((symbol, _what, fault) => `Index "${symbol}" not found; symbols are case-sensitive: did you mean "${fault.details.meant ?? symbol}"?`),
  "no-data": aboutSymbol((symbol, what) => `no data: '${symbol}' has no ${what} yet`),
  "not-found": aboutSymbol((symbol, what) => `no ${what} for '${symbol}': unknown index or no data`),
  "not-published": aboutSymbol(
    (symbol, what) => `no ${what} for '${symbol}': this service does not publish one (only the newer description does), or the index has no data yet`,
  ),
  // Every Index Data Service publishes these endpoints: the URL, not the service, is what to fix.
  "wrong-base-url": {
    code: "#VALUE!",
    text: (_fault, { what }) => `${what} was not found at the service URL: check the service URL in the taskpane settings (the service's root, without /api)`,
  },
  unauthorized: ownMessage("#VALUE!", "unauthorized: the service refused the API key; check or clear it in the taskpane settings"),
  "bad-request": ownMessage("#VALUE!", "the service rejected the request; check the arguments"),
  configuration: ownMessage("#VALUE!", "the add-in's service settings are invalid; fix them in the taskpane settings"),
  "rate-limited": {
    code: "#N/A",
    text: ({ details }) =>
      details.retryAfterSeconds !== undefined
        ? `rate limited by the service; try again in ${details.retryAfterSeconds} s (Refresh)`
        : (details.message ?? RATE_LIMITED),
  },
  // Our own queue refused: the service said nothing, so the cell must not blame it.
  "queue-full": {
    code: "#N/A",
    text: ({ details: { maxQueueWaitMs } }) =>
      maxQueueWaitMs === undefined || !Number.isFinite(maxQueueWaitMs)
        ? QUEUE_FULL
        : `too many cells waiting for the service (more than ${queueBound(maxQueueWaitMs)} of requests queued); Refresh retries them`,
  },
  unavailable: ownMessage("#N/A", "the index service is unavailable; try again later"),
  "server-error": ownMessage("#N/A", "the index service failed; try again later"),
  network: ownMessage("#N/A", "cannot reach the index service; check the service URL in the settings and your connection"),
  timeout: ownMessage("#N/A", "the index service did not answer in time; try again later"),
  "invalid-response": ownMessage("#N/A", "the index service sent an invalid response"),
  unexpected: { code: "#N/A", text: (fault, { what }) => `unexpected error getting ${what}: ${fault.details.message ?? String(fault.cause)}` },
};

function cellErrorOf(fault: Fault, subject: ErrorSubject): CellError {
  const wording = CELL_WORDING[fault.kind];
  return new CellError(wording.code, wording.text(fault, subject));
}

/** The error a cell shows for any failure, without asking the catalogue (see `cellErrorFor`). */
export function cellErrorFromFailure(error: unknown, subject: ErrorSubject): CellError {
  return isCellError(error) ? error : cellErrorOf(faultOf(error, subject), subject);
}

/** Like `cellErrorFromFailure`, but a symbol's 404 is settled with the catalogue first (see `faultWithCatalogue`). */
export async function cellErrorFor(error: unknown, subject: ErrorSubject, source: IndexDataSource): Promise<CellError> {
  if (isCellError(error)) return error;
  return cellErrorOf(await faultWithCatalogue(faultOf(error, subject), subject, source), subject);
}
