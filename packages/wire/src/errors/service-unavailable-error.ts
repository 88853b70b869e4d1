import { IndexDataError } from "./index-data-error";

/** 503: the service says it is degraded or down. */
export class ServiceUnavailableError extends IndexDataError {
  override readonly name = "ServiceUnavailableError" as const;
}
