/**
 * The typed HTTP client: one call per resource of the wire contract, validated by its schema, with the key sent
 * only where it may go. No Office imports: it runs in the add-in, the CLI and Node.
 */
export { IndexDataClient, type CallOptions } from "./client";
export { testConnection, type ConnectionReport } from "./connection-test";
export { CLIENT_DEFAULTS, KEY_HEADER_STYLES, type ClientOptions, type KeyHeaderStyle } from "./options";
export type { IndexDataSource, LatestValue } from "./source";
export type { Correction, SeenValue } from "./correction-wire";
/** A source answers data with the facts of its response (defined by the wire contract). */
export type { Answered, AnswerMeta } from "@index-data/wire";
export { DirectSource } from "./direct-source";
export { ask, subjectOf, type SourceAnswer, type SourceArgs, type SourceData, type SourceName } from "./subject";
export { faultWithCatalogue } from "./catalogue-fault";
