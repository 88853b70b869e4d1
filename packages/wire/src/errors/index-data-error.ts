/** Every name the error family uses; guards match on these so errors from another JS realm still count. */
export const INDEX_DATA_ERROR_NAMES = [
  "IndexDataError",
  "NotFoundError",
  "BadRequestError",
  "UnauthorizedError",
  "RateLimitedError",
  "ServiceUnavailableError",
  "ServerError",
  "NetworkError",
  "TimeoutError",
  "InvalidResponseError",
  "ConfigurationError",
  "QueueFullError",
] as const;
export type IndexDataErrorName = (typeof INDEX_DATA_ERROR_NAMES)[number];

/**
 * What went wrong, where the class alone does not say: an answer the client cannot use (InvalidResponseError), or a
 * redirect it would not follow (InvalidResponseError, ConfigurationError).
 */
export const ERROR_PROBLEMS = [
  "not-json",
  "wrong-shape",
  "impossible-value",
  "too-large",
  "unexpected-status",
  "redirect-loop",
  "redirect-nowhere",
  "redirect-elsewhere",
  "redirect-hidden",
] as const;
export type ErrorProblem = (typeof ERROR_PROBLEMS)[number];

/**
 * What every error of the family carries besides its message: facts, which each audience's wording table turns into
 * its own sentences (src/formulas/service-errors.ts, src/taskpane/model/errors.ts, src/cli/terminal-wording.ts).
 */
export interface IndexDataErrorDetails {
  /** Path and query of the request (never the key). Absent when no request was involved. */
  readonly path?: string | undefined;
  /** HTTP status, when a response arrived. */
  readonly status?: number | undefined;
  /** The service's machine-readable error code from the JSON body, e.g. `UNKNOWN_SYMBOL`. */
  readonly code?: string | undefined;
  /** The service's own words from the body, cleaned; the message adds advice to them. */
  readonly serviceMessage?: string | undefined;
  /** The service's origin (scheme, host, port; never a key), when the failure is about reaching it. */
  readonly origin?: string | undefined;
  readonly problem?: ErrorProblem | undefined;
  /** Not sent: the engine found the service down just before, and failed the request at once. */
  readonly notSent?: boolean | undefined;
  readonly cause?: unknown;
}

/** Base of the client's error family. The message states the facts plainly, for library users; the audiences word them. */
export class IndexDataError extends Error {
  override readonly name: IndexDataErrorName = "IndexDataError";
  readonly path: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly origin: string | undefined;
  readonly problem: ErrorProblem | undefined;
  readonly notSent: boolean;

  constructor(message: string, details: IndexDataErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.path = details.path;
    this.status = details.status;
    this.code = details.code;
    this.serviceMessage = details.serviceMessage;
    this.origin = details.origin;
    this.problem = details.problem;
    this.notSent = details.notSent === true;
  }
}

/** The facts a class adds, as its instances hold them: an optional fact is `undefined` where it was not given. */
type HeldFacts<Facts> = {
  readonly [K in keyof Facts]-?: object extends Pick<Facts, K> ? Facts[K] | undefined : Facts[K];
};

/**
 * The base of an error class with facts of its own beyond the family's (a 429's Retry-After, a socket's reason):
 * each of `keys` is copied from the details it is made with. The class itself still gives its literal `name`.
 */
export function withFacts<Facts extends object>(...keys: readonly (keyof Facts & string)[]) {
  class WithFacts extends IndexDataError {
    constructor(message: string, details: IndexDataErrorDetails & Facts) {
      super(message, details);
      for (const key of keys) Object.assign(this, { [key]: details[key] });
    }
  }
  // The class cannot declare keys it is given at run time; the constructor above sets every one of them.
  return WithFacts as unknown as new (
    message: string,
    details: IndexDataErrorDetails & Facts,
  ) => IndexDataError & HeldFacts<Facts>;
}
