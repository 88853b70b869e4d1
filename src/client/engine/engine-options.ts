import { CLIENT_DEFAULTS } from "../options";
import type { KeyValueStorage } from "../storage";
import { DEFAULT_TTLS, type TtlTable } from "./kinds";
import type { RetryOptions } from "./retry-policy";

/** Options of the request engine. Every one has a default; the defaults suit a sheet in Excel. */
export interface EngineOptions {
  /** Where last-known values are kept (OfficeRuntime.storage in Office). @default a MemoryStorage */
  readonly storage?: KeyValueStorage;
  /** Requests per window until the service's headers say otherwise. @default 60 (anonymous), 100 with an API key */
  readonly initialLimit?: number;
  /** The service's rate-limit window; tests and the benchmark compress it. @default 60000 */
  readonly rateWindowMs?: number;
  /** Slack added to every window edge. @default max(250, 2% of the window) */
  readonly rateMarginMs?: number;
  /** Longest a request waits for a free slot before its cells get a clear error. @default 5 windows (5 min) */
  readonly maxQueueWaitMs?: number;
  /**
   * Requests sent before the service's first answer tells us what is left of the budget. 1 (a probe)
   * never trips the limit, even when the same IP or key spent budget elsewhere. @default 1
   */
  readonly openingBurst?: number;
  /** Requests in flight at once (a first wave of a sheet goes out together). @default 48 */
  readonly maxInFlight?: number;
  /** How long latest-value and history requests are collected before going out together. @default 8 */
  readonly batchWindowMs?: number;
  /** Time-to-live per kind, in ms. @default DEFAULT_TTLS */
  readonly ttls?: Partial<TtlTable>;
  /** Retry limits and backoff. @default see RetryOptions */
  readonly retry?: Partial<RetryOptions>;
  /**
   * How long a failure (or a last-known value served instead) is reused before asking again; also how long
   * the service is taken as down, failing requests at once, after `retry.maxAttempts` failures in a row said so. @default 5000
   */
  readonly failureTtlMs?: number;
  /** Widest union of history ranges sent as one request. @default 1100 days */
  readonly maxHistorySpanDays?: number;
  /** Bounds of the last-known store. @default 400 entries, 4,000,000 characters */
  readonly lastKnown?: { readonly maxEntries?: number; readonly maxChars?: number };
  /** Share of the budget INDEX.LIVE polling may use. @default 0.5 */
  readonly liveShare?: number;
}

export type ResolvedEngineOptions = Required<Omit<EngineOptions, "storage" | "initialLimit" | "ttls" | "retry" | "lastKnown">> & {
  readonly initialLimit: number;
  readonly ttls: TtlTable;
  readonly retry: RetryOptions;
  readonly lastKnown: { readonly maxEntries: number; readonly maxChars: number };
  readonly timeoutMs: number;
  /** Longest one request (queue wait, attempts, backoffs) may take before its cells are answered. */
  readonly requestBoundMs: number;
  /** Longest any engine call may take: the promise handed to Excel settles within this. */
  readonly settleBoundMs: number;
};

export const DAY_MS = 86_400_000;

export function resolveEngineOptions(
  options: EngineOptions,
  client: { readonly timeoutMs?: number; readonly apiKey?: string },
): ResolvedEngineOptions {
  const rateWindowMs = options.rateWindowMs ?? 60_000;
  const timeoutMs = client.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
  const maxQueueWaitMs = options.maxQueueWaitMs ?? 5 * rateWindowMs;
  const batchWindowMs = options.batchWindowMs ?? 8;
  const retry: RetryOptions = {
    maxAttempts: 3,
    maxRateLimitRetries: 3,
    baseDelayMs: 250,
    maxDelayMs: 4000,
    maxRateLimitDelayMs: rateWindowMs,
    ...options.retry,
  };
  // Queue wait, then every attempt's timeout, then one window of 429 waits; the last attempt may start late.
  const requestBoundMs = maxQueueWaitMs + retry.maxAttempts * timeoutMs + rateWindowMs;
  return {
    initialLimit: options.initialLimit ?? (client.apiKey !== undefined ? 100 : 60),
    rateWindowMs,
    rateMarginMs: options.rateMarginMs ?? Math.max(250, Math.round(rateWindowMs * 0.02)),
    maxQueueWaitMs,
    openingBurst: options.openingBurst ?? 1,
    maxInFlight: options.maxInFlight ?? 48,
    batchWindowMs,
    ttls: { ...DEFAULT_TTLS, ...options.ttls },
    retry,
    failureTtlMs: options.failureTtlMs ?? 5000,
    maxHistorySpanDays: options.maxHistorySpanDays ?? 1100,
    lastKnown: { maxEntries: options.lastKnown?.maxEntries ?? 400, maxChars: options.lastKnown?.maxChars ?? 4_000_000 },
    liveShare: options.liveShare ?? 0.5,
    timeoutMs,
    requestBoundMs,
    settleBoundMs: requestBoundMs + timeoutMs + 2 * batchWindowMs + 1000,
  };
}
