import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

/** No complete response (headers and body) within the client's timeout. */
export class TimeoutError extends IndexDataError {
  override readonly name = "TimeoutError" as const;
  readonly timeoutMs: number;

  constructor(message: string, details: IndexDataErrorDetails & { readonly timeoutMs: number }) {
    super(message, details);
    this.timeoutMs = details.timeoutMs;
  }
}
