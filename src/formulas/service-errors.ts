import { type ErrorSubject, type Fault, type FaultKind, faultOf, symbolMeant } from "@index-data/wire";
import { faultWithCatalogue, type IndexDataSource } from "../client";
import { CellError, isCellError, notAvailable, type CellErrorCode } from "./cell-error";
import * as phrase from "./fault-phrases";

/** How a cell shows a fault: the Excel error, and a message that says what to do at the sheet. */
interface CellWording {
  /** `#VALUE!` for what the person at the sheet fixes in the setup (key, URL, arguments); else `#N/A`. */
  readonly code: CellErrorCode;
  readonly text: (fault: Fault, subject: ErrorSubject) => string;
}

/**
 * The error's own message, for the kinds whose message is our own advice rather than the service's: an argument
 * refused before any request (bad-request without a status: the words name the argument and its rule), and a setting
 * refused (configuration: base URL, key over http, options). Never for what the service said or did.
 */
const ownAdvice = (fault: Fault, fallback: string) => fault.details.message ?? fallback;

/** Where a cell's user changes the service URL and the key. */
const SETTINGS = "in the taskpane settings";

/** A 404 about a symbol; without one, the subject itself is what this service lacks. */
function aboutSymbol(text: (symbol: string, what: string, fault: Fault) => string): CellWording {
  return {
    code: "#N/A",
    text: (fault, { symbol, what }) =>
      symbol === undefined ? `${what} is not published by this service` : text(symbol, what, fault),
  };
}

const CELL_WORDING: Readonly<Record<FaultKind, CellWording>> = {
  "unknown-symbol": aboutSymbol((symbol) => phrase.unknownIndex(symbol, "INDEX.LIST()")),
  "wrong-case": aboutSymbol((symbol, _what, fault) => phrase.unknownIndexInCase(symbol, fault.details.meant ?? symbol)),
  "no-data": aboutSymbol((symbol, what) => `no data: '${symbol}' has no ${what} yet`),
  "not-found": aboutSymbol((symbol, what) => `no ${what} for '${symbol}': unknown index or no data`),
  "not-published": aboutSymbol(
    (symbol, what) =>
      `no ${what} for '${symbol}': this service does not publish one (only the newer description does), or the index has no data yet`,
  ),
  // Every Index Data Service publishes these endpoints: the URL, not the service, is what to fix.
  "wrong-base-url": {
    code: "#VALUE!",
    text: (_fault, { what }) =>
      `${what} was not found at the service URL: check the service URL in the taskpane settings (the service's root, without /api)`,
  },
  unauthorized: {
    code: "#VALUE!",
    text: ({ details }) =>
      `${phrase.serviceSaid(details)} The API key was refused: check it ${SETTINGS}, or clear it to use the anonymous tier.`.trimStart(),
  },
  "bad-request": {
    code: "#VALUE!",
    text: (fault) =>
      fault.details.status === undefined
        ? ownAdvice(fault, "the request was refused; check the arguments")
        : `${phrase.serviceSaid(fault.details)} Check the arguments: dates as ISO 8601 (e.g. 2024-01-31), granularity daily or weekly, windowDays a whole number of days.`.trimStart(),
  },
  configuration: {
    code: "#VALUE!",
    text: (fault) => {
      const redirect = phrase.refusedRedirect(fault.details);
      return redirect !== undefined
        ? `${redirect} ${SETTINGS}.`
        : ownAdvice(fault, `the add-in's service settings are invalid; fix them ${SETTINGS}`);
    },
  },
  // A request waiting its turn under the limit is no fault, whether the service's 429 or our own queue said so (the
  // engine queues a 429's request again; only a request still waiting at its bound, or one sent without the engine,
  // comes here): the cell says when asking again finds room, never the service's refusal as if it were a failure.
  "rate-limited": {
    code: "#N/A",
    text: ({ details }) =>
      `${phrase.waitingTurn(details)}${details.retryAfterSeconds === undefined ? ", or use an API key for a higher limit" : ""}`,
  },
  "queue-full": { code: "#N/A", text: ({ details }) => phrase.waitingTurn(details) },
  unavailable: {
    code: "#N/A",
    text: ({ details }) =>
      `${phrase.unavailable(details)}; ${details.notSent === true ? "recalculate in a few seconds" : "try again later"}.`,
  },
  "server-error": { code: "#N/A", text: ({ details }) => phrase.serviceFailed(details) },
  network: {
    code: "#N/A",
    text: ({ details }) =>
      `${phrase.unreached(details)}; ${details.notSent === true ? "recalculate in a few seconds" : `check the service URL ${SETTINGS} and the network connection`}.`,
  },
  timeout: {
    code: "#N/A",
    text: ({ details }) =>
      `${phrase.noAnswerInTime(details)}; ${details.notSent === true ? "recalculate in a few seconds" : "the service may be busy: Refresh in a moment"}.`,
  },
  "invalid-response": {
    code: "#N/A",
    text: ({ details }) => phrase.unreadableAnswer(details, `the service URL ${SETTINGS}`),
  },
  unexpected: { code: "#N/A", text: (fault, { what }) => phrase.unexpectedFailure(fault, what) },
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

/**
 * The error a cell shows for a symbol the catalogue does not list, in the words of the service's 404 once settled
 * with the catalogue (unknown, or another case: "did you mean"), so refusing it without a request reads the same.
 */
export function unlistedSymbolError(symbol: string, listed: readonly string[], what: string): CellError {
  const meant = symbolMeant(symbol, listed);
  const fault: Fault =
    meant === undefined
      ? { kind: "unknown-symbol", details: {}, cause: undefined }
      : { kind: "wrong-case", details: { meant }, cause: undefined };
  return cellErrorOf(fault, { symbol, what });
}

/** A formula still unsettled at its bound (`evaluate`): no fault was seen, only no answer yet. */
export function unsettled(what: string, boundMs: number): CellError {
  const bound = boundMs >= 1000 ? `${Math.round(boundMs / 1000)} s` : `${boundMs} ms`;
  return notAvailable(
    `no answer for ${what} within ${bound}; the service may be slow or rate limited; try Refresh later`,
  );
}

/** A function called before the shared runtime could build its context (src/functions/cell-evaluator.ts). */
export function notReady(error: unknown): CellError {
  const reason = error instanceof Error ? error.message : String(error);
  return notAvailable(`the add-in is not ready (${reason}); recalculate in a moment`);
}

/**
 * What a value preview shows when the cache holds no answer for that exact resource: Excel previews a formula while
 * it is typed, and a preview sends nothing (src/functions/cell-evaluator.ts).
 */
export const PREVIEW_TEXT = "preview: press Enter to fetch";
