import {
  isBadRequestError,
  isConfigurationError,
  isInvalidResponseError,
  isNetworkError,
  isNotFoundError,
  isRateLimitedError,
  isServerError,
  isServiceUnavailableError,
  isTimeoutError,
  isUnauthorizedError,
} from "../../client/errors/guards";

/** A failure in words a trader can act on. Never includes the API key: client messages never carry it. */
export function describeError(error: unknown): string {
  if (isUnauthorizedError(error))
    return "The service refused the API key. Check the key in Settings, or clear it to use the public tier.";
  if (isNetworkError(error))
    return "The service could not be reached. Check the base URL in Settings and your network.";
  if (isTimeoutError(error)) return "The service did not answer in time. Try Refresh in a moment.";
  if (isRateLimitedError(error))
    return "The service's request limit was reached. Values fill in as the limit allows; try again in a minute.";
  if (isServiceUnavailableError(error)) return "The service is unavailable right now. Try Refresh later.";
  if (isServerError(error)) return "The service had an internal error. Try Refresh later.";
  if (isInvalidResponseError(error))
    return "The service answered with data this add-in does not understand. Check that the base URL points at an Index Data Service.";
  if (isNotFoundError(error)) return "The service has no such data.";
  if (isBadRequestError(error) || isConfigurationError(error)) return error.message;
  return error instanceof Error ? error.message : "Something went wrong.";
}

/**
 * What the forward-curve section says when the service answers 404 (the older description has no forward
 * endpoint). Any other failure is described by `describeError`, never as "no curve".
 */
export const NO_FORWARD_CURVE = "This service publishes no forward curve for this index.";
