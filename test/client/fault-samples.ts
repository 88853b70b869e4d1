import {
  BadRequestError,
  ConfigurationError,
  type IndexDataError,
  type IndexDataErrorDetails,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  QueueFullError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  UnauthorizedError,
} from "@index-data/wire/errors";

type Extra = Partial<{
  retryAfterSeconds: number;
  timeoutMs: number;
  maxQueueWaitMs: number;
  waitSeconds: number;
  reason: string;
  issue: string;
  redirectedTo: string;
}>;
type Make = (message: string, details: IndexDataErrorDetails & Extra) => IndexDataError;

/** Every concrete class of the client's error family, by its literal name. */
const MAKERS = {
  NotFoundError: (m, d) => new NotFoundError(m, d),
  BadRequestError: (m, d) => new BadRequestError(m, d),
  UnauthorizedError: (m, d) => new UnauthorizedError(m, d),
  RateLimitedError: (m, d) => new RateLimitedError(m, d),
  ServiceUnavailableError: (m, d) => new ServiceUnavailableError(m, d),
  ServerError: (m, d) => new ServerError(m, d),
  NetworkError: (m, d) => new NetworkError(m, d),
  TimeoutError: (m, d) => new TimeoutError(m, { ...d, timeoutMs: d.timeoutMs ?? 1 }),
  InvalidResponseError: (m, d) => new InvalidResponseError(m, d),
  ConfigurationError: (m, d) => new ConfigurationError(m, d),
  QueueFullError: (m, d) =>
    new QueueFullError(m, { ...d, maxQueueWaitMs: d.maxQueueWaitMs ?? 2000, waitSeconds: d.waitSeconds ?? 3 }),
} satisfies Record<string, Make>;

export type ErrorClassName = keyof typeof MAKERS;
export const ERROR_CLASS_NAMES = Object.keys(MAKERS) as ErrorClassName[];

/** A real instance of the named class: the tests of every audience build their errors here. */
export function errorNamed(
  name: ErrorClassName,
  message = "m",
  details: Partial<IndexDataErrorDetails> & Extra = {},
): IndexDataError {
  return MAKERS[name](message, { path: "", ...details });
}
