import { RATE_WINDOW_MS, marginOf, openingBurstOf, tierLimit } from "@index-data/wire";
import { systemClock, type Clock } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { CLIENT_DEFAULTS } from "../client";
import type { KeyValueStorage } from "../settings";
import { DEFAULT_TTLS, type TtlTable } from "@index-data/wire";
import type { RetryOptions } from "./sending/retry-policy";
import type { BudgetChannel } from "./budget/shared-budget";

/**
 * Options of the request engine. Production (EngineHost, for the shared runtime) sets only `storage`; every other
 * option is here because a test or the benchmark varies it, and production uses its default, which suits a sheet in
 * Excel. The engine's other figures are fixed (ResolvedEngineOptions).
 */
export interface EngineOptions {
  /** Where last-known values are kept; production passes OfficeRuntime.storage. @default a MemoryStorage */
  readonly storage?: KeyValueStorage;
  /**
   * Requests per window until the service's headers say otherwise. Set by tests to a few (5, 6) so the budget runs
   * out within a test; production uses the default. @default 60 (anonymous), 100 with an API key
   */
  readonly initialLimit?: number | undefined;
  /**
   * The service's rate-limit window. Set by tests and the benchmark to a compressed window (1.5 to 6 s) so
   * windows turn within a run; production uses the default, the service's. @default 60000
   */
  readonly rateWindowMs?: number;
  /**
   * Longest a request waits for a free slot before its cells get a clear error. Set by a test to 2 s to see the
   * queue-full error; production uses the default. @default 5 windows (5 min)
   */
  readonly maxQueueWaitMs?: number;
  /**
   * How long latest-value and history requests are collected before going out together. Set by tests to 1 or 5 ms;
   * production uses the default. @default 8
   */
  readonly batchWindowMs?: number;
  /**
   * Time-to-live per kind, in ms. Set by tests to 1 ms (or a few hundred) so answers go stale within a test;
   * production uses the default. @default DEFAULT_TTLS
   */
  readonly ttls?: Partial<TtlTable>;
  /**
   * Backoff limits. Set by tests to a few ms so retries finish within a test; production uses the defaults. The
   * attempt count is fixed (3 attempts); a 429 is no failure, its request waits its turn within its bound.
   * @default see RetryOptions
   */
  readonly retry?: Partial<Pick<RetryOptions, "baseDelayMs" | "maxDelayMs">>;
  /** Where every engine timer and "now" comes from. Set by tests to a FakeClock; production uses the default. @default systemClock */
  readonly clock?: Clock | undefined;
  /** Where failures the engine swallows (a refused storage write) are reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics;
  /**
   * The channel the add-in's runtimes on this machine share the rate budget through; `null` for none (the header
   * rule alone then guards it). Set to `null` by tests and the benchmark, whose engines in one process must not
   * share a budget; production uses the default. @default a BroadcastChannel per service and caller, where there is one
   */
  readonly budgetChannel?: BudgetChannel | null;
}

/** The options resolved, with the engine's fixed figures beside them. */
export interface ResolvedEngineOptions {
  readonly initialLimit: number;
  readonly rateWindowMs: number;
  /** Slack added to every window edge: the rate rule's marginOf (max(250, 2% of the window)). */
  readonly rateMarginMs: number;
  readonly maxQueueWaitMs: number;
  /** Requests sent in a window before its first answer tells what is left of the budget (the rate rule's openingBurstOf). */
  readonly openingBurst: number;
  /** Requests in flight at once (a first wave of a sheet goes out together): 512. */
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
  readonly diagnostics: Diagnostics;
  readonly timeoutMs: number;
  /** Longest one request (queue wait, attempts, backoffs) may take before its cells are answered. */
  readonly requestBoundMs: number;
  /** Longest any engine call may take, so the functions' one deadline per formula: what Excel is handed settles within it. */
  readonly settleBoundMs: number;
}

export function resolveEngineOptions(
  options: EngineOptions,
  client: { readonly timeoutMs?: number | undefined; readonly apiKey?: string | undefined },
): ResolvedEngineOptions {
  const rateWindowMs = options.rateWindowMs ?? RATE_WINDOW_MS;
  const timeoutMs = client.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs;
  const maxQueueWaitMs = options.maxQueueWaitMs ?? 5 * rateWindowMs;
  const batchWindowMs = options.batchWindowMs ?? 8;
  const retry: RetryOptions = {
    maxAttempts: 3,
    baseDelayMs: 250,
    maxDelayMs: 4000,
    ...options.retry,
  };
  // Queue wait, then every attempt's timeout, then one window of 429 waits; the last attempt may start late.
  const requestBoundMs = maxQueueWaitMs + retry.maxAttempts * timeoutMs + rateWindowMs;
  const initialLimit = options.initialLimit ?? tierLimit(client.apiKey !== undefined ? "api-key" : "anonymous");
  return {
    initialLimit,
    rateWindowMs,
    rateMarginMs: marginOf(rateWindowMs),
    maxQueueWaitMs,
    openingBurst: openingBurstOf(initialLimit),
    // The budget decides what goes, not this figure: behind a desk gateway that holds a sheet (its answers tell a
    // share the sheet fits in, hits costing no upstream send), a sheet of 300 distinct resources goes in one wave
    // after the opening burst: two round trips, where a cap of 48 made it eight. Against the service itself the
    // tiers' limits (100, 1,000 a minute) keep far fewer in flight.
    maxInFlight: 512,
    batchWindowMs,
    ttls: { ...DEFAULT_TTLS, ...options.ttls },
    retry,
    failureTtlMs: 5000,
    maxHistorySpanDays: 1100,
    lastKnown: { maxEntries: 400, maxChars: 4_000_000 },
    liveShare: 0.5,
    clock: options.clock ?? systemClock,
    diagnostics: options.diagnostics ?? noDiagnostics,
    timeoutMs,
    requestBoundMs,
    settleBoundMs: requestBoundMs + timeoutMs + 2 * batchWindowMs + 1000,
  };
}
