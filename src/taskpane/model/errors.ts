import { faultOf, type Fault, type FaultKind } from "../../client/errors/fault";

/** The verdict Test connection shows for a fault: a few headings, each with its own advice. */
export type VerdictKind = "unauthorized" | "unreachable" | "wrong-url" | "misconfigured" | "rate-limited" | "unavailable" | "failed";

/** How the taskpane shows a fault: in a banner (the text), and as a Test connection verdict (all of it). */
export interface PaneWording {
  readonly intent: "warning" | "error";
  readonly verdict: VerdictKind;
  readonly title: string;
  /** `service` names the service at the start of a sentence: "The service", or the base URL under test. */
  readonly text: (fault: Fault, service: string) => string;
}

const status = (fault: Fault) => (fault.details.status !== undefined ? ` (HTTP ${fault.details.status})` : "");

/** The client's own message, for faults whose message is already the advice (settings, arguments, our queue). */
const ownMessage = (fallback: string) => (fault: Fault) => fault.details.message ?? fallback;

const NOT_FOUND: Omit<PaneWording, "text"> = { intent: "error", verdict: "wrong-url", title: "Not found" };
const UNREACHABLE: Omit<PaneWording, "text"> = { intent: "error", verdict: "unreachable", title: "Unreachable" };
const UNAVAILABLE: Omit<PaneWording, "text"> = { intent: "warning", verdict: "unavailable", title: "Service unavailable" };
const WRONG_URL: Omit<PaneWording, "text"> = { intent: "error", verdict: "wrong-url", title: "Wrong URL" };

/** The taskpane's words for every fault kind. Never includes the API key: client messages never carry it. */
export const PANE_WORDING: Readonly<Record<FaultKind, PaneWording>> = {
  "unknown-symbol": { ...NOT_FOUND, text: () => "The service has no index with this symbol (symbols are case-sensitive)." },
  "wrong-case": { ...NOT_FOUND, text: (f) => `No index with this symbol; symbols are case-sensitive: did you mean "${f.details.meant ?? ""}"?` },
  "no-data": { ...NOT_FOUND, text: () => "This index has no data yet." },
  "not-found": { ...NOT_FOUND, text: () => "The service has no such data." },
  "not-published": { ...NOT_FOUND, text: () => "This service does not publish this data." },
  "wrong-base-url": {
    ...WRONG_URL,
    text: (f, service) =>
      `${service} answered${status(f)}, but not as an Index Data Service: ${f.details.path ?? "/api/v1/indexes"} is missing. Check the base URL.`,
  },
  unauthorized: {
    intent: "error",
    verdict: "unauthorized",
    title: "Unauthorized",
    text: (f) => `The service refused the API key${status(f)}. Check the key in Settings, or clear it to use the public tier.`,
  },
  "bad-request": { intent: "error", verdict: "failed", title: "Failed", text: ownMessage("The service rejected the request.") },
  configuration: { intent: "error", verdict: "misconfigured", title: "Check the settings", text: ownMessage("Check the settings.") },
  "rate-limited": {
    intent: "warning",
    verdict: "rate-limited",
    title: "Rate limited",
    text: () => "The service's request limit was reached. Values fill in as the limit allows; try again in a minute.",
  },
  "queue-full": {
    intent: "warning",
    verdict: "rate-limited",
    title: "Too many requests waiting",
    text: ownMessage("Too many requests are waiting for the service. Refresh to retry them."),
  },
  unavailable: { ...UNAVAILABLE, text: () => "The service is unavailable right now. Try Refresh later." },
  "server-error": { ...UNAVAILABLE, text: () => "The service had an internal error. Try Refresh later." },
  network: { ...UNREACHABLE, text: (_f, service) => `${service} could not be reached. Check the base URL in Settings and your network.` },
  timeout: { ...UNREACHABLE, text: (_f, service) => `${service} did not answer in time. Try again in a moment.` },
  "invalid-response": {
    ...WRONG_URL,
    text: (f, service) =>
      `${service} answered with data this add-in does not understand. Check that the base URL points at an Index Data Service.`,
  },
  unexpected: { intent: "error", verdict: "failed", title: "Failed", text: ownMessage("Something went wrong.") },
};

/** A failure in words a trader can act on, for a banner. */
export function describeError(error: unknown): string {
  const fault = faultOf(error);
  return PANE_WORDING[fault.kind].text(fault, "The service");
}

/**
 * What the forward-curve section says when the service answers 404 (the older description has no forward
 * endpoint). Any other failure is described by `describeError`, never as "no curve".
 */
export const NO_FORWARD_CURVE = "This service publishes no forward curve for this index.";
