import { ERROR_PROBLEMS, type ErrorProblem, type IndexDataErrorName } from "./index-data-error";

/**
 * Every kind of failure a request can end in, once. Each audience (cell, taskpane, terminal) words them in
 * a table typed `Record<FaultKind, …>`, so a kind added here without wording fails the type check.
 */
export const FAULT_KINDS = [
  "unknown-symbol",
  "wrong-case",
  "no-data",
  /** A 404 for a symbol the catalogue could not tell apart: unknown index, or no data yet. */
  "not-found",
  "not-published",
  /** A 404 where every Index Data Service answers: the base URL points elsewhere. */
  "wrong-base-url",
  "unauthorized",
  "bad-request",
  "configuration",
  "rate-limited",
  /** Our own queue refused; the service refused nothing. */
  "queue-full",
  "unavailable",
  "server-error",
  "network",
  "timeout",
  "invalid-response",
  /** Not one of the client's errors. */
  "unexpected",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What a failed request was about, so the words can name it. */
export interface ErrorSubject {
  /** The symbol asked for, when the request took one. */
  readonly symbol?: string;
  /** What was asked for, in words: "history", "forward curve", "benchmark health". */
  readonly what: string;
  /** The endpoint exists only in the newer description, so a 404 may mean this service lacks it. */
  readonly newerOnly?: boolean;
  /** The endpoint exists only in the older description (the methodology document). */
  readonly olderOnly?: boolean;
}

/** What the wording tables may use; every field is read off the error by name, so other realms' errors count. */
export interface FaultDetails {
  /**
   * The error's own message. Tables read it only where the words are our own advice (an argument refused before
   * any request, a setting refused, our engine's own refusals) or for an error that is not the client's at all.
   */
  readonly message?: string;
  /** The service's own words, without the client's advice. */
  readonly serviceMessage?: string;
  readonly path?: string;
  readonly status?: number;
  readonly code?: string;
  readonly retryAfterSeconds?: number;
  readonly maxQueueWaitMs?: number;
  /** queue-full: about how long the request would have waited for its turn, in whole seconds. */
  readonly waitSeconds?: number;
  /** wrong-case: the symbol as the catalogue spells it. */
  readonly meant?: string;
  /** The service's origin, for network and timeout failures. */
  readonly origin?: string;
  /** network: the platform's reason, such as a socket error code. */
  readonly reason?: string;
  readonly timeoutMs?: number;
  /** invalid-response and redirects: what was wrong with the answer (see `ERROR_PROBLEMS`). */
  readonly problem?: ErrorProblem;
  /** invalid-response: the first schema issue, or the impossible field and the value sent; the cap passed. */
  readonly issue?: string;
  readonly field?: string;
  readonly sent?: string;
  readonly maxBytes?: number;
  /** redirect-elsewhere: the origin the service redirected to. */
  readonly redirectedTo?: string;
  /** Not sent: the engine found the service down just before. */
  readonly notSent?: boolean;
}

export interface Fault {
  readonly kind: FaultKind;
  readonly details: FaultDetails;
  /** What was thrown, for words about an unexpected failure. */
  readonly cause: unknown;
}

const KIND_OF_NAME: Readonly<Record<Exclude<IndexDataErrorName, "IndexDataError" | "NotFoundError">, FaultKind>> = {
  BadRequestError: "bad-request",
  UnauthorizedError: "unauthorized",
  RateLimitedError: "rate-limited",
  ServiceUnavailableError: "unavailable",
  ServerError: "server-error",
  NetworkError: "network",
  TimeoutError: "timeout",
  InvalidResponseError: "invalid-response",
  ConfigurationError: "configuration",
  QueueFullError: "queue-full",
};

/** Endpoints both descriptions publish: a 404 there means the base URL is not an Index Data Service. */
const ENDPOINTS_OF_BOTH: readonly string[] = ["/api/v1/indexes", "/api/health"];

/** Whether a 404 at `path` says the base URL is wrong, rather than that one resource is missing. */
function isEndpointOfBoth(path: string): boolean {
  return ENDPOINTS_OF_BOTH.includes(path.split("?")[0] ?? "");
}

/** The one place a 404 is classified: a wrong base URL, an endpoint this service lacks, or a symbol's miss. */
function notFoundKind(details: FaultDetails, subject: ErrorSubject | undefined): FaultKind {
  if (details.path !== undefined && isEndpointOfBoth(details.path)) return "wrong-base-url";
  // A request without a symbol names an endpoint: a 404 says this service does not publish it.
  if (subject !== undefined && subject.symbol === undefined) return "not-published";
  if (details.code === "UNKNOWN_SYMBOL") return "unknown-symbol";
  if (details.code === "NO_DATA") return "no-data";
  if (details.path !== undefined && details.path !== "" && !details.path.includes("/index/")) return "not-published";
  return "not-found";
}

function detailsOf(shape: Readonly<Record<string, unknown>>): FaultDetails {
  const text = (key: string) =>
    typeof shape[key] === "string" && shape[key] !== "" ? { [key]: shape[key] as string } : {};
  const number = (key: string) => (typeof shape[key] === "number" ? { [key]: shape[key] as number } : {});
  return {
    ...text("message"),
    ...text("serviceMessage"),
    ...text("path"),
    ...number("status"),
    ...text("code"),
    ...number("retryAfterSeconds"),
    ...number("maxQueueWaitMs"),
    ...number("waitSeconds"),
    ...text("origin"),
    ...text("reason"),
    ...number("timeoutMs"),
    ...(typeof shape["problem"] === "string" && (ERROR_PROBLEMS as readonly string[]).includes(shape["problem"])
      ? { problem: shape["problem"] as ErrorProblem }
      : {}),
    ...text("issue"),
    ...text("field"),
    ...text("sent"),
    ...number("maxBytes"),
    ...text("redirectedTo"),
    ...(shape["notSent"] === true ? { notSent: true } : {}),
  };
}

/**
 * The one classifier: any thrown value as a fault kind and the details its wording may use. By `name`, so
 * errors from another JS realm count. `subject`, when given, tells a missing endpoint from a missing index.
 */
export function faultOf(error: unknown, subject?: ErrorSubject): Fault {
  const shape = typeof error === "object" && error !== null ? (error as Readonly<Record<string, unknown>>) : {};
  const details = detailsOf(shape);
  const name = shape["name"];
  if (name === "NotFoundError") return { kind: notFoundKind(details, subject), details, cause: error };
  const kind =
    typeof name === "string" && Object.hasOwn(KIND_OF_NAME, name)
      ? KIND_OF_NAME[name as keyof typeof KIND_OF_NAME]
      : "unexpected";
  return { kind, details, cause: error };
}
