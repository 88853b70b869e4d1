import { IndexDataError } from "./index-data-error";

/** 401/403: the API key was refused. */
export class UnauthorizedError extends IndexDataError {
  override readonly name = "UnauthorizedError" as const;
}
