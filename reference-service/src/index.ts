import { RATE_WINDOW_MS } from "@index-data/wire/contract";
import type { AddressInfo } from "node:net";
import { systemClock, type Clock } from "@index-data/wire/time";
import { BODY_TIMEOUT_MS } from "./body-deadline";
import { buildApp, type RequestLogEntry } from "./app";
import type { ServiceContext } from "./context";
import { buildDataset, type Dataset, type LatestAges } from "./dataset/dataset";
import type { ExtraIndex } from "./dataset/definitions";
import { disabledFaultController, faultController, type FaultController } from "./faults";
import { Restatements, type Restatement } from "./restatements";
import { ServiceState, type LatencyTimer } from "./state";
import { TIER_LIMITS, type Flavor, type Tier } from "./tiers";
import { RATE_HEADER_FORMS, type RateHeaders } from "./rate-limit";
import { RATE_WINDOWS, RateWindows, type RateWindow } from "./rate-windows";
import { RATE_COUNTS, type RateCount } from "./rate-counting";

export { DEMO_KEYS, TIER_LIMITS, type Flavor, type Tier } from "./tiers";
export type { FaultController } from "./faults";
export { parseRestatement, type Restatement } from "./restatements";
export { FAULT_KINDS, type FaultKind, type LatencyTimer } from "./state";
export { buildDataset, Dataset, type LatestAges } from "./dataset/dataset";
export { DEFAULT_INDEXES, FLAGSHIP_SYMBOL, type ExtraIndex, type IndexDefinition } from "./dataset/definitions";
export { DATA_EPOCH } from "./dataset/calendar";
export { DEFAULT_HISTORY_DAYS } from "./routes/history";
export { REASON_CODES, type HealthState } from "./health";
export type { ErrorCode } from "./service-error";
export type { RequestLogEntry } from "./app";
export { RATE_HEADER_FORMS, type RateHeaders } from "./rate-limit";
export { RATE_WINDOWS, type RateWindow } from "./rate-windows";
export { RATE_COUNTS, type RateCount } from "./rate-counting";

export interface ReferenceServiceOptions {
  /** Which published description to serve. @default "newer" */
  flavor?: Flavor;
  /** @default "127.0.0.1" */
  host?: string;
  /** 0 picks a free port. @default 0 (the CLI defaults to 3001) */
  port?: number;
  /** Enables the fault controller. Tests only; the CLI never sets it. @default false */
  testFaults?: boolean;
  /** Length of the rate-limit window; the benchmark compresses it. @default 60_000 */
  rateLimitWindowMs?: number;
  /** Requests per window per tier, overriding the description's limits. @default TIER_LIMITS[flavor] */
  rateLimits?: Partial<Record<Tier, number>>;
  /** The service clock: "today" and the latest fix follow it. @default () => new Date() */
  now?: () => Date;
  /** What waits out `faults.setLatency`; tests pass a fake one to hold and release requests. @default setTimeout */
  latencyTimer?: LatencyTimer;
  /** Fastify's request logging (never logs API keys). @default false */
  logger?: boolean;
  /** The data served. @default buildDataset() */
  dataset?: Dataset;
  /** Indexes appended to the dataset, e.g. with markup in a description. @default [] */
  extraIndexes?: readonly ExtraIndex[];
  /**
   * How many days old the latest fixes are (the command line's `--latest-age`): a number for every index, or days by
   * symbol. An index publishes nothing after that many days before today. @default 0 (today's fix)
   */
  latestAgeDays?: LatestAges | undefined;
  /** How long a request body may take to arrive before the answer is 408. @default 60_000 (Node's headersTimeout) */
  bodyTimeoutMs?: number;
  /** What times request bodies; tests pass a fake clock. @default systemClock */
  requestClock?: Clock;
  /** What times the rate-limit windows; tests pass a fake clock, so a slow burst never straddles two. @default systemClock */
  rateLimitClock?: Pick<Clock, "now">;
  /**
   * What the service says about its limit: `full` (X-RateLimit-Limit, -Remaining, -Reset, Retry-After on each 429),
   * `partial` (Limit and Remaining only, Retry-After on every other 429), `ietf` (RateLimit-Policy and RateLimit
   * only) or `none` (a bare 429). The spec promises none of them. @default "full"
   */
  rateHeaders?: RateHeaders;
  /**
   * How the window is counted: from the first request after the last window ended, on the clock's grid (every
   * minute on the minute), or as a sliding log. @default "first-request"
   */
  rateWindow?: RateWindow;
  /**
   * Where the `minute` grid turns: windows begin at this offset from the clock's zero, and every window length after
   * (taken modulo the window). Only a `minute` window has a grid to shift. @default 0 (on the minute)
   */
  rateWindowPhaseMs?: number | undefined;
  /**
   * When a request counts against its window: as it arrives, or once it has been answered (a burst in flight is
   * then not yet counted, and its answers say so). @default "arrival"
   */
  rateCount?: RateCount;
  /**
   * Holds each answer back a whole number of ms from 1 to this, drawn from `jitterSeed` by the order the requests
   * arrived in, so answers come back out of order and every run alike; waits on `latencyTimer`. @default 0 (none)
   */
  answerJitterMs?: number | undefined;
  /** The jitter's seed. @default 1 */
  jitterSeed?: number | undefined;
  /** Published days restated (the command line's `--corrections`); each may take effect later (`from`). @default [] */
  corrections?: readonly Restatement[];
}

export interface RunningReferenceService {
  /** e.g. "http://127.0.0.1:43121", no trailing slash. */
  readonly url: string;
  readonly flavor: Flavor;
  /** Throws a clear Error on use unless started with `testFaults: true`. */
  readonly faults: FaultController;
  /** Every request received, in order (path includes the query; status 0 for a dropped connection). */
  readonly requests: ReadonlyArray<RequestLogEntry>;
  resetRequestLog(): void;
  close(): Promise<void>;
}

let sharedDefault: Dataset | undefined;
/** Services in one process share the default dataset, and with it the memoised price walks. */
function defaultDataset(): Dataset {
  sharedDefault ??= buildDataset();
  return sharedDefault;
}

function checkOptions(options: ReferenceServiceOptions): void {
  const { flavor, port, rateLimitWindowMs, rateHeaders, rateWindow } = options;
  if (rateHeaders !== undefined && !RATE_HEADER_FORMS.includes(rateHeaders)) {
    throw new RangeError(`rateHeaders must be one of ${RATE_HEADER_FORMS.join(", ")}, got "${String(rateHeaders)}".`);
  }
  if (rateWindow !== undefined && !RATE_WINDOWS.includes(rateWindow)) {
    throw new RangeError(`rateWindow must be one of ${RATE_WINDOWS.join(", ")}, got "${String(rateWindow)}".`);
  }
  checkRateCounting(options);
  if (flavor !== undefined && flavor !== "newer" && flavor !== "older") {
    throw new RangeError(`flavor must be "newer" or "older", got "${String(flavor)}".`);
  }
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535)) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${port}.`);
  }
  if (rateLimitWindowMs !== undefined && !(Number.isFinite(rateLimitWindowMs) && rateLimitWindowMs >= 1)) {
    throw new RangeError(`rateLimitWindowMs must be a positive number of milliseconds, got ${rateLimitWindowMs}.`);
  }
}

/** The options that say how the limit counts: the count, the jitter and the phase. */
function checkRateCounting(options: ReferenceServiceOptions): void {
  const { rateCount, answerJitterMs, jitterSeed, rateWindowPhaseMs } = options;
  if (rateCount !== undefined && !RATE_COUNTS.includes(rateCount)) {
    throw new RangeError(`rateCount must be one of ${RATE_COUNTS.join(", ")}, got "${String(rateCount)}".`);
  }
  if (answerJitterMs !== undefined && !(Number.isInteger(answerJitterMs) && answerJitterMs >= 0)) {
    throw new RangeError(`answerJitterMs must be a whole number of milliseconds, 0 or more, got ${answerJitterMs}.`);
  }
  if (jitterSeed !== undefined && !Number.isInteger(jitterSeed)) {
    throw new RangeError(`jitterSeed must be a whole number, got ${jitterSeed}.`);
  }
  if (rateWindowPhaseMs === undefined) return;
  if (!(Number.isFinite(rateWindowPhaseMs) && rateWindowPhaseMs >= 0)) {
    throw new RangeError(`rateWindowPhaseMs must be a number of milliseconds, 0 or more, got ${rateWindowPhaseMs}.`);
  }
  if ((options.rateWindow ?? "first-request") !== "minute") {
    throw new RangeError(
      `rateWindowPhaseMs shifts the grid of a "minute" window; a "${options.rateWindow ?? "first-request"}" window has none (set rateWindow: "minute", or turn the window from a test with faults.turnWindow()).`,
    );
  }
}

/** Starts the reference Index Data Service and resolves once it listens. */
export async function startReferenceService(options: ReferenceServiceOptions = {}): Promise<RunningReferenceService> {
  checkOptions(options);
  const flavor = options.flavor ?? "newer";
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? (() => new Date());
  const extraIndexes = options.extraIndexes ?? [];
  const built =
    extraIndexes.length === 0
      ? (options.dataset ?? defaultDataset())
      : buildDataset({ ...(options.dataset ? { indexes: options.dataset.indexes } : {}), extraIndexes });
  const dataset = options.latestAgeDays === undefined ? built : built.aged(options.latestAgeDays);
  const state = new ServiceState(options.latencyTimer);
  const restatements = new Restatements(dataset, options.corrections ?? []);
  const context: ServiceContext = { flavor, dataset, now, state, restatements };
  const requestLog: RequestLogEntry[] = [];
  const rateLimitWindowMs = options.rateLimitWindowMs ?? RATE_WINDOW_MS;
  const rateWindows = new RateWindows(
    options.rateWindow ?? "first-request",
    rateLimitWindowMs,
    options.rateLimitClock ?? systemClock,
    options.rateWindowPhaseMs ?? 0,
  );
  const jitterMs = options.answerJitterMs ?? 0;
  const app = await buildApp({
    context,
    limits: { ...TIER_LIMITS[flavor], ...options.rateLimits },
    rateLimitWindowMs,
    requestLog,
    logger: options.logger ?? false,
    bodyTimeoutMs: options.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
    requestClock: options.requestClock ?? systemClock,

    rateHeaders: options.rateHeaders ?? "full",
    rateWindows,
    rateCount: options.rateCount ?? "arrival",
    ...(jitterMs > 0 ? { answerJitter: { maxMs: jitterMs, seed: options.jitterSeed ?? 1 } } : {}),
  });
  await app.listen({ host, port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const faults =
    options.testFaults === true
      ? faultController(state, dataset, now, restatements, rateWindows)
      : disabledFaultController();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    flavor,
    faults,
    requests: requestLog,
    resetRequestLog: () => void requestLog.splice(0, requestLog.length),
    close: () => {
      state.close();
      closing ??= app.close();
      return closing;
    },
  };
}
