import { type Fault, type FaultDetails, sentence } from "@index-data/wire";
import { queueBound } from "@index-data/wire";

/*
 * What happened, said from a fault's facts (never from the client's message), for the three wording tables: the
 * cell's (service-errors.ts), the taskpane's and the terminal's. Each table adds its own audience's advice.
 */

/** The service's own words as a sentence, else what arrived: "HTTP 500 from /api/status." */
export function serviceSaid(details: FaultDetails): string {
  if (details.serviceMessage !== undefined) return sentence(details.serviceMessage);
  return details.status !== undefined ? `HTTP ${details.status} from ${details.path ?? "the service"}.` : "";
}

/** The symbol in quotes after "unknown index", where the words know it (the pane's banner may not). */
const named = (symbol: string | undefined) => (symbol === undefined ? "" : ` '${symbol}'`);

/** unknown-symbol: the one wording of a symbol the catalogue lacks; `where` is the audience's way to list every index. */
export function unknownIndex(symbol: string | undefined, where: string): string {
  return `unknown index${named(symbol)}: check the symbol (${where} shows every index; symbols are case-sensitive)`;
}

/** wrong-case: the same words as unknownIndex, with the catalogue's symbol that differs only in case. */
export function unknownIndexInCase(symbol: string | undefined, meant: string): string {
  return `unknown index${named(symbol)}; symbols are case-sensitive: did you mean '${meant}'?`;
}

/** The engine found the service down just before and did not send this request; `what` is how it failed then. */
function notSent(what: string): string {
  return `Not sent, because the service failed to answer just before (${what})`;
}

/** network: who could not be reached, why (the platform's reason), for what. */
export function unreached(details: FaultDetails): string {
  if (details.notSent === true) return notSent("it could not be reached");
  const reason = details.reason !== undefined ? ` (${details.reason})` : "";
  const path = details.path !== undefined && details.path !== "" ? ` for ${details.path}` : "";
  return `Could not reach ${details.origin ?? "the index service"}${reason}${path}`;
}

/** timeout: who did not answer, within how long, for what. */
export function noAnswerInTime(details: FaultDetails): string {
  if (details.notSent === true) return notSent("it did not answer in time");
  const within = details.timeoutMs !== undefined ? ` within ${details.timeoutMs / 1000} s` : " in time";
  const path = details.path !== undefined && details.path !== "" ? ` (${details.path})` : "";
  return `No complete answer from ${details.origin ?? "the index service"}${within}${path}`;
}

/** unavailable: the service's words and what a 503 means, or why the request was not sent. */
export function unavailable(details: FaultDetails): string {
  if (details.notSent === true) return notSent("it said it is unavailable (503)");
  return `${serviceSaid(details)} The service is degraded or down`.trimStart();
}

/** invalid-response: what was wrong with the answer, from its `problem`. */
export function invalidAnswer(details: FaultDetails): string {
  const path = details.path ?? "the request";
  switch (details.problem) {
    case "not-json":
      return `The answer to ${path} is not JSON`;
    case "too-large":
      return `The answer to ${path} is larger than ${Math.round((details.maxBytes ?? 0) / (1024 * 1024))} MB, more than any answer of an Index Data Service; it was not read`;
    case "impossible-value":
      return `The index service sent an impossible value for ${details.field ?? "a field"} (${details.sent ?? "not a number"}) in the answer to ${path}; the add-in does not show it`;
    case "wrong-shape":
      return `The answer to ${path} does not have the expected shape${details.issue !== undefined ? `: ${details.issue}` : ""}`;
    case "redirect-loop":
      return `The service redirected ${path} too many times`;
    case "redirect-nowhere":
      return `The service answered ${path} with a redirect${details.status !== undefined ? ` (HTTP ${details.status})` : ""} that says nowhere to go`;
    default:
      return details.status !== undefined
        ? `Unexpected HTTP ${details.status} from ${path}`
        : "The index service sent an invalid response";
  }
}

/** Whether an invalid answer is the service's fault to report (a value out of range), not a sign of a wrong URL. */
export const isReportable = (details: FaultDetails) => details.problem === "impossible-value";

/**
 * invalid-response, with what to do: report a value out of range; otherwise the URL is the likelier fault, so check
 * it where the audience sets it (`serviceUrl`: "the service URL in the taskpane settings", a command-line option).
 */
export function unreadableAnswer(details: FaultDetails, serviceUrl: string): string {
  const advice = isReportable(details)
    ? "Report it to the service's provider."
    : `Check that ${serviceUrl} points at an Index Data Service.`;
  return `${invalidAnswer(details)}. ${advice}`;
}

/** server-error: the service's words, and the same advice for every audience. */
export function serviceFailed(details: FaultDetails): string {
  return `${serviceSaid(details)} The service failed; try again later, and report it if it persists.`.trimStart();
}

/** unexpected: not the client's error at all; its own message, else the cause as it is. */
export function unexpectedFailure(fault: Fault, what: string): string {
  return `unexpected error getting ${what}: ${fault.details.message ?? String(fault.cause)}`;
}

/** A redirect the client refused to follow, or undefined when the configuration fault is not about one. */
export function refusedRedirect(details: FaultDetails): string | undefined {
  const path = details.path ?? "the request";
  if (details.problem === "redirect-elsewhere") {
    const target = details.redirectedTo ?? "another address";
    return `The service redirected ${path} to another address, ${target}; the add-in does not follow it, so the API key stays with the service you set. If ${target} is the service's new address, enter it as the base URL`;
  }
  if (details.problem === "redirect-hidden") {
    return `The service redirected ${path}, and the browser does not say where to; the add-in does not follow redirects there. Enter the service's final address as the base URL`;
  }
  return undefined;
}

/**
 * rate-limited and queue-full, for a cell: a request waiting for its turn under the service's limit is no fault, so
 * the cell says it waits and when asking again will find room (a 429's Retry-After, or the queue's own estimate).
 */
export function waitingTurn(details: FaultDetails): string {
  const seconds = details.retryAfterSeconds ?? details.waitSeconds;
  const when = seconds !== undefined && seconds > 0 ? `in about ${seconds} s` : "in a minute";
  return `waiting for its turn under the service's rate limit${queued(details)}; Refresh ${when} asks again`;
}

/** queue-full: how much was already queued, when the bound is known. */
export function queued(details: FaultDetails): string {
  const bound = details.maxQueueWaitMs;
  return bound === undefined || !Number.isFinite(bound) ? "" : ` (more than ${queueBound(bound)} of requests queued)`;
}
