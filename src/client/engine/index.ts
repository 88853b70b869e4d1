/** The request engine: caching, merging, scheduling, retries and last-known values over the typed client. */
export { DEFAULT_TTLS, RESOURCE_KINDS, type ResourceKind, type TtlTable } from "./kinds";
export { type EngineOptions, type ResolvedEngineOptions } from "./engine-options";
export { LiveFeed, type LiveFeedSources, type LiveListener, type LiveUpdate } from "./live-feed";
export { type FreshnessSnapshot } from "./freshness";
export { RequestEngine } from "./request-engine";
export { type RetryOptions } from "./retry-policy";
