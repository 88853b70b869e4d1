import { IndexDataError } from "./index-data-error";

/** Any other 5xx: the service failed. */
export class ServerError extends IndexDataError {
  override readonly name = "ServerError" as const;
}
