import { MAX_CATALOGUE_BYTES } from "./body-reader";
import { historyParams, symbolSegment, windowDaysParam } from "./arguments";
import { decode, requestJson, type HttpRequest } from "./http";
import type { ClientOptions } from "./options";
import { resolveOptions, type ResolvedOptions } from "./resolve-options";
import { BenchmarkHealthWire, toBenchmarkHealth, type BenchmarkHealth } from "./resources/benchmark-health";
import { CapacityMetricsWire, toCapacityMetrics, type CapacityMetrics } from "./resources/capacity";
import { ForwardCurveWire, toForwardCurve, type ForwardCurve } from "./resources/forward";
import { HealthWire, toHealth, type Health } from "./resources/health";
import { HistoryWire, toHistory, type History, type HistoryQuery } from "./resources/history";
import { IndexListWire, toIndexList, type IndexSummary } from "./resources/indexes";
import { LatestFixWire, toLatestFix, type LatestFix } from "./resources/latest";
import { MethodologyWire, toMethodology, type Methodology } from "./resources/methodology";
import { SystemStatusWire, toSystemStatus, type SystemStatus } from "./resources/system-status";
import { toVolatility, VolatilityWire, type Volatility } from "./resources/volatility";

/** Per-call options. */
export interface CallOptions {
  /** Aborts the request; the call then rejects with the signal's reason. @default undefined */
  readonly signal?: AbortSignal;
}

/**
 * The typed client of the Index Data Service: one method per endpoint, each returning a validated domain
 * value or rejecting with an IndexDataError. Immutable; `extend` derives a client with changed options.
 */
export class IndexDataClient {
  readonly options: Readonly<ClientOptions>;
  readonly #resolved: ResolvedOptions;

  /** Throws ConfigurationError for an unusable base URL, an API key over plain http, or a bad option. */
  constructor(options: ClientOptions) {
    this.#resolved = resolveOptions(options);
    this.options = Object.freeze({ ...options });
  }

  /** A new client with these options replaced; this one is unchanged. */
  extend(overrides: Partial<ClientOptions>): IndexDataClient {
    return new IndexDataClient({ ...this.options, ...overrides });
  }

  #get(path: string, init: CallOptions | undefined, extra: Partial<HttpRequest> = {}) {
    return requestJson(this.#resolved, { path, signal: init?.signal, ...extra });
  }

  #index(symbol: string, resource: string): string {
    return `/api/v1/index/${symbolSegment(symbol)}/${resource}`;
  }

  /** GET /api/v1/indexes: the catalogue (read up to 20 MB, every other answer up to 5 MB). */
  async listIndexes(init?: CallOptions): Promise<IndexSummary[]> {
    const response = await this.#get("/api/v1/indexes", init, { maxBytes: MAX_CATALOGUE_BYTES });
    return toIndexList(decode(IndexListWire, response));
  }

  /** GET /api/v1/index/{symbol}/latest: the latest fix. */
  async latest(symbol: string, init?: CallOptions): Promise<LatestFix> {
    return toLatestFix(decode(LatestFixWire, await this.#get(this.#index(symbol, "latest"), init)));
  }

  /** GET /api/v1/index/{symbol}/history with startDate, endDate and granularity when given. */
  async history(symbol: string, query?: HistoryQuery, init?: CallOptions): Promise<History> {
    const path = this.#index(symbol, "history");
    return toHistory(decode(HistoryWire, await this.#get(path, init, { query: historyParams(query) })));
  }

  /** GET /api/v1/index/{symbol}/volatility; the service's default window (30 days) when windowDays is omitted. */
  async volatility(symbol: string, windowDays?: number, init?: CallOptions): Promise<Volatility> {
    const path = this.#index(symbol, "volatility");
    const query = { windowDays: windowDaysParam(windowDays) };
    return toVolatility(decode(VolatilityWire, await this.#get(path, init, { query })));
  }

  /** GET /api/v1/index/{symbol}/forward (newer description only). */
  async forward(symbol: string, init?: CallOptions): Promise<ForwardCurve> {
    return toForwardCurve(decode(ForwardCurveWire, await this.#get(this.#index(symbol, "forward"), init)));
  }

  /** GET /api/v1/index/{symbol}/capacity-metrics. */
  async capacity(symbol: string, init?: CallOptions): Promise<CapacityMetrics> {
    const path = this.#index(symbol, "capacity-metrics");
    return toCapacityMetrics(decode(CapacityMetricsWire, await this.#get(path, init)), symbol.trim());
  }

  /** GET /api/v1/benchmark/health (newer description only). */
  async benchmarkHealth(init?: CallOptions): Promise<BenchmarkHealth> {
    return toBenchmarkHealth(decode(BenchmarkHealthWire, await this.#get("/api/v1/benchmark/health", init)));
  }

  /** GET /api/status (newer description only); always 200, the state is in `status`. */
  async systemStatus(init?: CallOptions): Promise<SystemStatus> {
    return toSystemStatus(decode(SystemStatusWire, await this.#get("/api/status", init)));
  }

  /** GET /api/health. A 503 is an answer here, not an error: it resolves with `healthy: false`. */
  async health(init?: CallOptions): Promise<Health> {
    const response = await this.#get("/api/health", init, { acceptStatuses: [503], lenientBody: true });
    const body = typeof response.body === "object" && response.body !== null ? response.body : {};
    return toHealth(decode(HealthWire, { ...response, body }), response.status);
  }

  /** GET /api/v1/methodology (older description only). */
  async methodology(init?: CallOptions): Promise<Methodology> {
    return toMethodology(decode(MethodologyWire, await this.#get("/api/v1/methodology", init)));
  }
}
