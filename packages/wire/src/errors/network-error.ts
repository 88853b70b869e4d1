import { withFacts } from "./index-data-error";

/** No HTTP response: DNS, refused or dropped connection, CORS, or the body was cut off. */
export class NetworkError extends withFacts<{
  /** Why, in a word or two, when the platform said: a socket error code such as `ECONNREFUSED`. */
  readonly reason?: string | undefined;
}>("reason") {
  override readonly name = "NetworkError" as const;
}
