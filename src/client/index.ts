/** Public API of the typed client. No Office imports: runs in the add-in and in Node. */
export { IndexDataClient, type CallOptions } from "./client";
export { testConnection, type ConnectionReport } from "./connection-test";
export { tierFromLimit, type Tier } from "./tier";
export { checkBaseUrl, isLoopbackHost } from "./base-url";
export { API_KEY_MAX_LENGTH, checkApiKey, keyTransportAllowed } from "./api-key";
export { parseRateLimit, parseRetryAfter } from "./response-headers";
export { GATEWAY_CACHE, MAX_BELIEVED_AGE_S, servedStaleAgeMs } from "./cache-status";
export { symbolMeant } from "./symbol";
export * from "./errors";
export * from "./settings";
export {
  CLIENT_DEFAULTS,
  KEY_HEADER_STYLES,
  type ClientOptions,
  type KeyHeaderStyle,
  type RateLimitInfo,
  type ResponseInfo,
} from "./options";
export type { IndexDataSource, LatestValue, Served } from "./source";
export { DirectSource } from "./direct-source";
export { queueBound } from "./errors/queue-full-error";
export { historyTimeline, pointsWithin, pointTime, type HistoryTimeline } from "./resources/history";
export { derivedFrom } from "./answer-memo";
// The request engine, as the shared runtime, the taskpane and the preview drive it.
export { cellCall, isPreviewMiss, NO_CELL, USER_ACTION, type CallContext } from "./engine/call-context";
export type { CellSource } from "./engine/cell-source";
export { EngineHost } from "./engine/engine-host";
export type { FreshnessSnapshot } from "./engine/freshness";
export type { LiveFeed, LiveUpdate } from "./engine/live-feed";
export type { RequestEngine } from "./engine/request-engine";
export type { Provenance } from "./engine/address-index";
export { WINDOW_DAYS } from "../contract";
export { type Volatility } from "./resources/volatility";
export { type Granularity, type History, type HistoryPoint, type HistoryQuery } from "./resources/history";
export type { IndexSummary } from "./resources/indexes";
export type { LatestFix } from "./resources/latest";
export type { ForwardCurve } from "./resources/forward";
export type { CapacityMetrics } from "./resources/capacity";
export type { BenchmarkHealth } from "./resources/benchmark-health";
export { SYSTEM_STATES, type SystemState, type SystemStatus } from "./resources/system-status";
export type { Health } from "./resources/health";
export type { Methodology } from "./resources/methodology";
export type { BenchmarkSummary, DataCoverage } from "./resources/wire";
// For servers that speak the service's API on its behalf (gateway/): the rules they must share with the add-in.
export { SYMBOL_RULE, validSymbol } from "./symbol";
export { MAX_ANSWER_BYTES, readCapped } from "./body-reader";
export { DEFAULT_TTLS, type ResourceKind, type TtlTable } from "./engine/kinds";
export { RESOURCES, type ArgsOf, type DataOf, type ResourceName } from "./resources/table";
export { ask, subjectOf, type SourceArgs, type SourceData, type SourceName } from "./resources/subject";
export { checkSentQuery, type SentQueryCheck } from "./resources/sent-query";
