import type { BadRequestError } from "./bad-request-error";
import type { ConfigurationError } from "./configuration-error";
import { INDEX_DATA_ERROR_NAMES, IndexDataError, type IndexDataErrorName } from "./index-data-error";
import type { InvalidResponseError } from "./invalid-response-error";
import type { NetworkError } from "./network-error";
import type { NotFoundError } from "./not-found-error";
import type { QueueFullError } from "./queue-full-error";
import type { RateLimitedError } from "./rate-limited-error";
import type { ServerError } from "./server-error";
import type { ServiceUnavailableError } from "./service-unavailable-error";
import type { TimeoutError } from "./timeout-error";
import type { UnauthorizedError } from "./unauthorized-error";

/*
 * The taskpane, the shared runtime and dialogs may be separate JS realms, where `instanceof` fails.
 * So a guard also accepts any object whose `name` is the class's literal name.
 */

function nameOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  // `AbortSignal.timeout()` rejects with a DOMException named "TimeoutError"; that is not one of ours.
  if (typeof DOMException !== "undefined" && value instanceof DOMException) return undefined;
  return (value as { name?: unknown }).name;
}

function hasName<T>(name: IndexDataErrorName) {
  return (value: unknown): value is T => nameOf(value) === name;
}

const FAMILY: ReadonlySet<unknown> = new Set(INDEX_DATA_ERROR_NAMES);

export function isIndexDataError(value: unknown): value is IndexDataError {
  return value instanceof IndexDataError || FAMILY.has(nameOf(value));
}

export const isNotFoundError = hasName<NotFoundError>("NotFoundError");
export const isBadRequestError = hasName<BadRequestError>("BadRequestError");
export const isUnauthorizedError = hasName<UnauthorizedError>("UnauthorizedError");
export const isRateLimitedError = hasName<RateLimitedError>("RateLimitedError");
export const isServiceUnavailableError = hasName<ServiceUnavailableError>("ServiceUnavailableError");
export const isServerError = hasName<ServerError>("ServerError");
export const isNetworkError = hasName<NetworkError>("NetworkError");
export const isTimeoutError = hasName<TimeoutError>("TimeoutError");
export const isInvalidResponseError = hasName<InvalidResponseError>("InvalidResponseError");
export const isConfigurationError = hasName<ConfigurationError>("ConfigurationError");
export const isQueueFullError = hasName<QueueFullError>("QueueFullError");
