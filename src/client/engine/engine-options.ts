import { RATE_WINDOW_MS, TIER_LIMITS } from "../../contract";
import { systemClock, type Clock } from "../../time";
import { CLIENT_DEFAULTS } from "../options";
import type { KeyValueStorage } from "../storage";
import { DEFAULT_TTLS, type TtlTable } from "./kinds";
import type { RetryOptions } from "./retry-policy";
import { openingBurstOf } from "./header-rule";
import type { BudgetChannel } from "./shared-budget";

/** Options of the request engine. Every one has a default; the defaults suit a sheet in Excel. */
export interface EngineOptions {
  /** Where last-known values are kept (OfficeRuntime.storage in Office). @default a MemoryStorage */
  readonly storage?: KeyValueStorage;
  /** Requests per window until the service's headers say otherwise. @default 60 (anonymous), 100 with an API key */
  readonly initialLimit?: number;
  /** The service's rate-limit window; tests and the benchmark compress it. @default 60000 */
  readonly rateWindowMs?: number;
  /** Longest a request waits for a free slot before its cells get a clear error. @default 5 windows (5 min) */
  readonly maxQueueWaitMs?: number;
  /** How long latest-value and history requests are collected before going out together. @default 8 */
  readonly batchWindowMs?: number;
  /** Time-to-live per kind, in ms. @default DEFAULT_TTLS */
  readonly ttls?: Partial<TtlTable>;
  /** Retry limits and backoff. @default see RetryOptions */
  readonly retry?: Partial<RetryOptions>;
  /** Where every engine timer and "now" comes from; tests pass a fake one. @default systemClock */
  readonly clock?: Clock;
  /**
   * The channel the add-in's runtimes on this machine share the rate budget through; `null` for none (the
   * header rule alone then guards it). @default a BroadcastChannel per service and caller, where there is one
   */
  readonly budgetChannel?: BudgetChannel | null;
}

/** The options resolved, with the engine's fixed figures beside them. */
export interface ResolvedEngineOptions {
  readonly initialLimit: number;
  readonly rateWindowMs: number;
  /** Slack added to every window edge: max(250, 2% of the window). */
  readonly rateMarginMs: number;
  readonly maxQueueWaitMs: number;
  /** Requests sent in a window before its first answer tells what is left of the budget (openingBurstOf). */
  readonly openingBurst: number;
  /** Requests in flight at once (a first wave of a sheet goes out together). */
  readonly maxInFlight: number;
  readonly batchWindowMs: number;
  readonly ttls: TtlTable;
  readonly retry: RetryOptions;
  /**
   * How long a failure (or a last-known value served instead) is reused before asking again; also how long
   * the service is taken as down, failing requests at once, after `retry.maxAttempts` failures in a row said so.
   */
  readonly failureTtlMs: number;
  /** Widest union of history ranges sent as one request, in days. */
  readonly maxHistorySpanDays: number;
  /** Bounds of the last-known store. */
  readonly lastKnown: { readonly maxEntries: number; readonly maxChars: number };
  /** Share of the budget INDEX.LIVE polling may use. */
  readonly liveShare: number;
  readonly clock: Clock;
  readonly timeoutMs: number;
  /** Longest one request (queue wait, attempts, backoffs) may take before its cells are answered. */
  readonly requestBoundMs: number;
  /** Longest any engine call may take, so the functions' one deadline per formula: what Excel is handed settles within it. */
  readonly settleBoundMs: number;
}

export function resolveEngineOptions(
  options: EngineOptions,
  client: { readonly timeoutMs?: number; readonly apiKey?: string },
): ResolvedEngineOptions {
  const rateWindowMs = options.rateWindowMs ?? RATE_WINDOW_MS;
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
  const initialLimit = options.initialLimit ?? TIER_LIMITS.newer[client.apiKey !== undefined ? "api-key" : "anonymous"];
  return {
    initialLimit,
    rateWindowMs,
    rateMarginMs: Math.max(250, Math.round(rateWindowMs * 0.02)),
    maxQueueWaitMs,
    openingBurst: openingBurstOf(initialLimit),
    maxInFlight: 48,
    batchWindowMs,
    ttls: { ...DEFAULT_TTLS, ...options.ttls },
    retry,
    failureTtlMs: 5000,
    maxHistorySpanDays: 1100,
    lastKnown: { maxEntries: 400, maxChars: 4_000_000 },
    liveShare: 0.5,
    clock: options.clock ?? systemClock,
    timeoutMs,
    requestBoundMs,
    settleBoundMs: requestBoundMs + timeoutMs + 2 * batchWindowMs + 1000,
  };
}
