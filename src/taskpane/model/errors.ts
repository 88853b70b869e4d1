import { faultOf, type Fault, type FaultKind } from "@index-data/wire";
import { phrase } from "../../formulas";

/** The verdict Test connection shows for a fault: a few headings, each with its own advice. */
export type VerdictKind =
  "unauthorized" | "unreachable" | "wrong-url" | "misconfigured" | "rate-limited" | "unavailable" | "failed";

/** Where the words are read: a banner anywhere in the pane, or Settings itself (Test connection, a failed Save). */
export type PanePlace = "banner" | "settings";

/** How the taskpane shows a fault: in a banner (the text), and as a Test connection verdict (all of it). */
export interface PaneWording {
  readonly intent: "warning" | "error";
  readonly verdict: VerdictKind;
  readonly title: string;
  /**
   * `service` names the service at the start of a sentence: "The service", or the base URL under test. `place`
   * says where the user reads it, so advice never sends them to Settings while they are on it. @default "banner"
   */
  readonly text: (fault: Fault, service: string, place?: PanePlace) => string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the settings are, seen from where the user reads the words. */
const settingsRef = (place: PanePlace | undefined) => (place === "settings" ? "above" : "in Settings");

/** The service said the key was revoked (its error code, or its words where it sends no code). */
const isRevoked = (fault: Fault) =>
  fault.details.code === "API_KEY_REVOKED" ||
  (fault.details.serviceMessage !== undefined && /revoked/i.test(fault.details.serviceMessage));

const status = (fault: Fault) => (fault.details.status !== undefined ? ` (HTTP ${fault.details.status})` : "");

/**
 * The error's own message, only where it is our own advice: an argument refused before any request (no status), a
 * setting refused (configuration), and what is not the client's error at all (unexpected). Never the service's doing.
 */
const ownAdvice = (fallback: string) => (fault: Fault) => fault.details.message ?? fallback;

/** A verdict's wording, shared by the kinds that give it; each kind adds its own text. */
type SharedWording = Omit<PaneWording, "text">;

const NOT_FOUND: Readonly<SharedWording> = { intent: "error", verdict: "wrong-url", title: "Not found" };
const UNREACHABLE: Readonly<SharedWording> = { intent: "error", verdict: "unreachable", title: "Unreachable" };
const UNAVAILABLE: Readonly<SharedWording> = {
  intent: "warning",
  verdict: "unavailable",
  title: "Service unavailable",
};
const WRONG_URL: Readonly<SharedWording> = { intent: "error", verdict: "wrong-url", title: "Wrong URL" };

/** The taskpane's words for every fault kind. Never includes the API key: client messages never carry it. */
export const PANE_WORDING: Readonly<Record<FaultKind, PaneWording>> = {
  // The words the cell and the command line use for the same fault, as a sentence (a banner has no symbol to name).
  "unknown-symbol": {
    ...NOT_FOUND,
    text: () => capitalised(`${phrase.unknownIndex(undefined, "the Indexes tab")}.`),
  },
  "wrong-case": {
    ...NOT_FOUND,
    text: (f) => capitalised(phrase.unknownIndexInCase(undefined, f.details.meant ?? "")),
  },
  "no-data": { ...NOT_FOUND, text: () => "This index has no data yet." },
  "not-found": { ...NOT_FOUND, text: () => "The service has no such data." },
  "not-published": {
    ...NOT_FOUND,
    text: () =>
      "This service does not publish this data: it belongs to the other description of the Index Data Service.",
  },
  "wrong-base-url": {
    ...WRONG_URL,
    text: (f, service) =>
      `${service} answered${status(f)}, but not as an Index Data Service: ${f.details.path ?? "/api/v1/indexes"} is missing. Check the base URL.`,
  },
  unauthorized: {
    intent: "error",
    verdict: "unauthorized",
    title: "Unauthorized",
    text: (f, _service, place) =>
      isRevoked(f)
        ? `The service says this API key has been revoked${status(f)}: ask for a new key, or clear it to use the public tier.`
        : `The service refused the API key${status(f)}. Check the key ${settingsRef(place)}, or clear it to use the public tier.`,
  },
  "bad-request": {
    intent: "error",
    verdict: "failed",
    title: "Failed",
    text: (f) =>
      f.details.status === undefined
        ? ownAdvice("The request was refused; check its arguments.")(f)
        : `${phrase.serviceSaid(f.details)} The service refused the request's arguments; check them and try again.`.trimStart(),
  },
  configuration: {
    intent: "error",
    verdict: "misconfigured",
    title: "Check the settings",
    text: (f, _service, place) => {
      const redirect = phrase.refusedRedirect(f.details);
      return redirect !== undefined ? `${redirect} ${settingsRef(place)}.` : ownAdvice("Check the settings.")(f);
    },
  },
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
    text: (f) => `Too many requests are waiting for the service${phrase.queued(f.details)}. Refresh to retry them.`,
  },
  unavailable: { ...UNAVAILABLE, text: () => "The service is unavailable right now. Try Refresh later." },
  "server-error": { ...UNAVAILABLE, text: () => "The service had an internal error. Try Refresh later." },
  network: {
    ...UNREACHABLE,
    text: (_f, service, place) =>
      `${service} could not be reached. Check the base URL ${settingsRef(place)} and your network.`,
  },
  timeout: { ...UNREACHABLE, text: (_f, service) => `${service} did not answer in time. Try again in a moment.` },
  "invalid-response": {
    ...WRONG_URL,
    text: (f, service) =>
      `${service} answered with data this add-in does not understand. Check that the base URL points at an Index Data Service.`,
  },
  unexpected: { intent: "error", verdict: "failed", title: "Failed", text: ownAdvice("Something went wrong.") },
};

/** A failure in words a trader can act on, for a banner, or for Settings itself (`place`). */
export function describeError(error: unknown, place: PanePlace = "banner"): string {
  const fault = faultOf(error);
  return PANE_WORDING[fault.kind].text(fault, "The service", place);
}

/** A pane action (freeze, restore) that failed: which, and the failure in the pane's words. */
export function describeActionFailure(verb: string, error: unknown): string {
  return `Could not ${verb}: ${describeError(error)}`;
}

/**
 * What the health banner says when the service publishes no system status (the older description has none), so the
 * banner's absence is explained as the forward curve's is.
 */
export const NO_SYSTEM_STATUS =
  "This service publishes no system status (only the newer description does), so the benchmark's health is not shown.";

/**
 * What the forward-curve section says when the service answers 404 (the older description has no forward
 * endpoint). Any other failure is described by `describeError`, never as "no curve".
 */
export const NO_FORWARD_CURVE = "This service publishes no forward curve for this index.";
