import { withFacts } from "./index-data-error";

/** 429: over the per-minute limit of the caller's tier. */
export class RateLimitedError extends withFacts<{
  /** From `Retry-After` (seconds or HTTP-date), when the service sent it. */
  readonly retryAfterSeconds?: number | undefined;
}>("retryAfterSeconds") {
  override readonly name = "RateLimitedError" as const;
}
