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

/** What every error of the family carries besides its message. */
export interface IndexDataErrorDetails {
  /** Path and query of the request (never the key). Absent when no request was involved. */
  readonly path?: string;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** The service's machine-readable error code from the JSON body, e.g. `UNKNOWN_SYMBOL`. */
  readonly code?: string;
  /** The service's own words from the body, cleaned; the message adds advice to them. */
  readonly serviceMessage?: string;
  readonly cause?: unknown;
}

/** Base of the client's error family. Messages are written for the person who has to act on them. */
export class IndexDataError extends Error {
  override readonly name: IndexDataErrorName = "IndexDataError";
  readonly path: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;

  constructor(message: string, details: IndexDataErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.path = details.path;
    this.status = details.status;
    this.code = details.code;
    this.serviceMessage = details.serviceMessage;
  }
}
