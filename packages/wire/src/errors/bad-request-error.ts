import { IndexDataError } from "./index-data-error";

/** 400 (or an argument the client refused before sending): a date, granularity, window or symbol is not acceptable. */
export class BadRequestError extends IndexDataError {
  override readonly name = "BadRequestError" as const;
}
