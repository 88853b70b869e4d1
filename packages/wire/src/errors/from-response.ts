import { parseRetryAfter } from "../headers/response-headers";
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

function rateLimited(message: string, details: IndexDataErrorDetails, headers: Headers | undefined): RateLimitedError {
  const retryAfterSeconds = parseRetryAfter(headers?.get("retry-after") ?? null);
  return new RateLimitedError(message, { ...details, retryAfterSeconds });
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
    code,
    serviceMessage,
  };
  // Facts only: the status, the path and the service's words. Each audience's table words them (a 404 is
  // classified by `faultOf` alone, with the subject of the request).
  const message = `HTTP ${status} from ${path}${serviceMessage !== undefined ? `: ${sentence(serviceMessage)}` : ""}`;
  if (status === 404) return new NotFoundError(message, details);
  if (status === 401 || status === 403) return new UnauthorizedError(message, details);
  if (status === 429) return rateLimited(message, details, headers);
  if (status === 503) return new ServiceUnavailableError(message, details);
  if (status >= 500 && status <= 599) return new ServerError(message, details);
  if (status >= 400 && status <= 499) return new BadRequestError(message, details);
  return new InvalidResponseError(message, { ...details, problem: "unexpected-status" });
}
