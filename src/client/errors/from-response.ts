import { parseRetryAfter } from "../response-headers";
import { BadRequestError } from "./bad-request-error";
import type { IndexDataError, IndexDataErrorDetails } from "./index-data-error";
import { InvalidResponseError } from "./invalid-response-error";
import { NotFoundError } from "./not-found-error";
import { RateLimitedError } from "./rate-limited-error";
import { ServerError } from "./server-error";
import { ServiceUnavailableError } from "./service-unavailable-error";
import { UnauthorizedError } from "./unauthorized-error";
import { readServiceErrorBody } from "./service-error-body";
import { sentence } from "./service-text";

/** Endpoints both descriptions publish: a 404 there means the base URL is not an Index Data Service. */
const ENDPOINTS_OF_BOTH = ["/api/v1/indexes", "/api/health"];

/** Whether a 404 at `path` says the base URL is wrong, rather than that one resource is missing. */
export function isEndpointOfBoth(path: string): boolean {
  return ENDPOINTS_OF_BOTH.includes(path.split("?")[0] ?? "");
}

function notFoundAdvice(path: string, code: string | undefined): string {
  if (code === "NO_DATA") return "The index exists but has no data yet; try again after its first fix, or pick another index.";
  if (path.includes("/index/")) return "Check the symbol against the index list (symbols are case-sensitive).";
  if (isEndpointOfBoth(path)) return "Check that the base URL points at an Index Data Service (its root, without /api).";
  return "This service does not publish this endpoint; it belongs to the other description of the interface.";
}

function rateLimited(detail: string, details: IndexDataErrorDetails, headers: Headers | undefined): RateLimitedError {
  const retryAfterSeconds = parseRetryAfter(headers?.get("retry-after") ?? null);
  const when = retryAfterSeconds !== undefined ? `in ${retryAfterSeconds} s` : "in a minute";
  const message = `${sentence(detail)} Too many requests for this tier; try again ${when}, or use an API key for a higher limit.`;
  return new RateLimitedError(message, { ...details, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
}

/**
 * The one place that maps an HTTP error response to the error family.
 * `body` is the parsed JSON when the body was JSON, else its text (or undefined).
 */
export function errorFromResponse(status: number, body: unknown, path: string, headers?: Headers): IndexDataError {
  const { code, message: serviceMessage } = readServiceErrorBody(body);
  const details: IndexDataErrorDetails = {
    path,
    status,
    ...(code !== undefined ? { code } : {}),
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
  };
  const detail = serviceMessage ?? `HTTP ${status} from ${path}`;
  if (status === 404) return new NotFoundError(`${sentence(detail)} ${notFoundAdvice(path, code)}`, details);
  if (status === 401 || status === 403) {
    return new UnauthorizedError(
      `${sentence(detail)} The API key was refused: check it in the settings, or clear it to use the anonymous tier.`,
      details,
    );
  }
  if (status === 429) return rateLimited(detail, details, headers);
  if (status === 503) {
    return new ServiceUnavailableError(`${sentence(detail)} The service is degraded or down; try again later.`, details);
  }
  if (status >= 500 && status <= 599) {
    return new ServerError(`${sentence(detail)} The service failed; try again later, and report it if it persists.`, details);
  }
  if (status >= 400 && status <= 499) {
    return new BadRequestError(
      `${sentence(detail)} Check the arguments: dates as ISO 8601 (e.g. 2024-01-31), granularity daily or weekly, windowDays a whole number of days.`,
      details,
    );
  }
  return new InvalidResponseError(
    `Unexpected HTTP ${status} from ${path}. Check that the base URL points at an Index Data Service.`,
    details,
  );
}
