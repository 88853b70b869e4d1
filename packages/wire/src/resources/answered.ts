import type { RateLimitInfo } from "../headers/response-headers";
import type { DerivedValues } from "./derived-values";

/**
 * The facts of the response an answer came in, kept beside the data rather than on it (as openai-node's
 * `.withResponse()` does): whatever is made of the data (a slice, a spread, a cell's value) carries them only
 * where a reader passes them on, in plain sight.
 */
export interface AnswerMeta {
  /** When the service produced the data (ISO 8601): when it was received, less the age a cache reported. */
  readonly producedAt: string;
  /**
   * True when a cache stood in for a failing service with an older answer: the desk gateway (RFC 9211
   * `Cache-Status`, stale-if-error) or the engine's last-known store. Shown as a last-known value, never as fresh.
   */
  readonly servedStale: boolean;
  /** The rate limit the response announced. @default absent when the response had no rate-limit headers */
  readonly rateLimit?: RateLimitInfo | undefined;
}

/** One resource's data with the facts of its response. */
export interface Answered<T> {
  readonly data: T;
  readonly meta: AnswerMeta;
  /**
   * What is derived from this answer, kept with it by the cache that holds it (derived-values.ts).
   * @default absent: nothing is kept (an answer no cache holds, from the client or a direct source)
   */
  readonly derived?: DerivedValues;
}
