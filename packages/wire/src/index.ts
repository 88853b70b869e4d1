/**
 * The wire contract: what anything that speaks the Index Data Service's API must agree on, whichever side it is on.
 * The resources (paths, queries, answer schemas, time-to-live), the error vocabulary, the response headers, and the
 * rules for a symbol, a base URL and a key. The add-in's client, the gateway and the CLI all read it; it reads only
 * the calendar (time/) and the bounded memo (memo/, which it passes on to the floors above). Its `contract/` corner is
 * all the reference service shares with the add-in.
 */
export * from "./contract";
export { BoundedMemo } from "./memo";
export { definedOnly, type DefinedOnly } from "./records/defined-only";
export * from "./errors";
export { queueBound } from "./errors/queue-full-error";
export {
  API_KEY_MAX_LENGTH,
  checkApiKey,
  keyTransportAllowed,
  keyTransportProblem,
  refuseKeyOverHttp,
} from "./rules/api-key";
export { refuseArgument, symbolSegment } from "./rules/arguments";
export { checkSignIn, type SignInConfig, type SignInInput } from "./rules/sign-in";
export { keyFingerprint, sha256Hex } from "./rules/fingerprint";
export { checkBaseUrl, isLoopbackHost, resolveBaseUrl } from "./rules/base-url";
export { MAX_ANSWER_BYTES, readCapped } from "./rules/body-reader";
export { MAX_SYMBOL_LENGTH, SYMBOL_RULE, symbolMeant, validSymbol } from "./rules/symbol";
export { tierFromLimit, type Tier } from "./rules/tier";
export {
  parseRateLimit,
  parseRetryAfter,
  responseInfo,
  type RateLimitInfo,
  type ResponseInfo,
} from "./headers/response-headers";
export * from "./rate";
export { GATEWAY_CACHE, MAX_BELIEVED_AGE_S, servedStaleAgeMs } from "./resources/cache-status";
export { DEFAULT_TTLS, survivesRefresh, type ResourceKind, type TtlTable } from "./resources/kinds";
export {
  canonicalArgs,
  kindOf,
  keyOf,
  keyPrefixOf,
  RESOURCES,
  resourceOf,
  type ArgsOf,
  type DataOf,
  type ResourceName,
} from "./resources/table";
export { AnsweredMethods, ResourceMethods } from "./resources/methods.generated";
export type { AnswerMeta, Answered } from "./resources/answered";
export { checkSentQuery, type SentQueryCheck } from "./resources/sent-query";
export { symbolKey, type QueryValue } from "./resources/resource";
export type { BenchmarkHealth } from "./resources/benchmark-health";
export type { CapacityMetrics } from "./resources/capacity";
export type { ForwardCurve } from "./resources/forward";
export type { Health } from "./resources/health";
export {
  historyKind,
  historyTimeline,
  pointsWithin,
  seedTimeline,
  type HistoryTimeline,
  type Granularity,
  type History,
  type HistoryPoint,
  type HistoryQuery,
} from "./resources/history";
export type { IndexSummary } from "./resources/indexes";
export type { LatestFix } from "./resources/latest";
export type { Methodology } from "./resources/methodology";
export type { BenchmarkSummary, DataCoverage } from "./resources/shapes";
export { SYSTEM_STATES, type SystemState, type SystemStatus } from "./resources/system-status";
export type { Volatility } from "./resources/volatility";
export { pointTime } from "./resources/point-time";
export { derivedKey, derivedOf, DerivedValues, type DerivedKey } from "./resources/derived-values";
export {
  isObservation,
  PERIOD_STATS,
  PERIODS,
  periodLastDay,
  periodStart,
  summarisePeriods,
  type DayBounds,
  type Period,
  type PeriodStat,
  type PeriodSummary,
} from "./resources/period-stats";
export {
  baseOn,
  CHANGE_LOOKBACK_DAYS,
  CHANGE_MODES,
  CHANGE_PERIODS,
  changeQuery,
  changeRange,
  changeValue,
  measureChange,
  targetDay,
  type ChangeBase,
  type ChangeMode,
  type ChangeOutcome,
  type ChangePeriod,
  type ChangeRange,
  type ChangeReads,
} from "./resources/change";
