import { IndexDataError } from "./index-data-error";

/** 404: the symbol names no index, the index has no data (older description), or the service does not publish this endpoint. */
export class NotFoundError extends IndexDataError {
  override readonly name = "NotFoundError" as const;
}
