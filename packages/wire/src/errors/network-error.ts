import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

/** No HTTP response: DNS, refused or dropped connection, CORS, or the body was cut off. */
export class NetworkError extends IndexDataError {
  override readonly name = "NetworkError" as const;
  /** Why, in a word or two, when the platform said: a socket error code such as `ECONNREFUSED`. */
  readonly reason: string | undefined;

  constructor(message: string, details: IndexDataErrorDetails & { readonly reason?: string }) {
    super(message, details);
    this.reason = details.reason;
  }
}
