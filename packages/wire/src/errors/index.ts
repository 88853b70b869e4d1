export { BadRequestError } from "./bad-request-error";
export { ConfigurationError } from "./configuration-error";
export { errorFromResponse } from "./from-response";
export * from "./guards";
export {
  ERROR_PROBLEMS,
  INDEX_DATA_ERROR_NAMES,
  IndexDataError,
  type ErrorProblem,
  type IndexDataErrorDetails,
  type IndexDataErrorName,
} from "./index-data-error";
export { InvalidResponseError } from "./invalid-response-error";
export { NetworkError } from "./network-error";
export { NotFoundError } from "./not-found-error";
export { QueueFullError } from "./queue-full-error";
export { RateLimitedError } from "./rate-limited-error";
export { ServerError } from "./server-error";
export { ServiceUnavailableError } from "./service-unavailable-error";
export { TimeoutError } from "./timeout-error";
export { UnauthorizedError } from "./unauthorized-error";
export { FAULT_KINDS, faultOf, type ErrorSubject, type Fault, type FaultDetails, type FaultKind } from "./fault";
export { escapeBidi, sentence, stripControl } from "./service-text";
