import { IndexDataError, type IndexDataErrorDetails } from "./index-data-error";

/** 429: over the per-minute limit of the caller's tier. */
export class RateLimitedError extends IndexDataError {
  override readonly name = "RateLimitedError" as const;
  /** From `Retry-After` (seconds or HTTP-date), when the service sent it. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, details: IndexDataErrorDetails & { readonly retryAfterSeconds?: number }) {
    super(message, details);
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
