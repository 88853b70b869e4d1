import { IndexDataError } from "./index-data-error";

/** No HTTP response: DNS, refused or dropped connection, CORS, or the body was cut off. */
export class NetworkError extends IndexDataError {
  override readonly name = "NetworkError" as const;
}
