/**
 * The request engine: what stands between a sheet's hundreds of cells and the service. It answers each distinct
 * resource once (answers/), batches what one request can carry (batching/), spends the service's window without a
 * 429 (budget/), sends in lanes, the user's own first (sending/), and knows which cell read what (cells/).
 * It speaks to the service only through the client, and keeps what it learns in the settings' storage.
 */
export { RequestEngine } from "./request-engine";
export { resolveEngineOptions, type EngineOptions, type ResolvedEngineOptions } from "./engine-options";
export type { FreshnessSnapshot } from "./answers/freshness";
export { keepKnownLimit, readKnownLimit } from "./budget/known-limit";
export { RateBudget } from "./budget/rate-budget";
export { LaneHints } from "./sending/lane-hints";
export { Scheduler } from "./sending/scheduler";
export type { Provenance } from "./cells/address-index";
export { cellCall, isPreviewMiss, NO_CELL, USER_ACTION, type CallContext } from "./cells/call-context";
export { CellSource } from "./cells/cell-source";
export { LiveFeed, type LiveUpdate } from "./cells/live-feed";
