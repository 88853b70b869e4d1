import {
  isNetworkError,
  isServiceUnavailableError,
  isTimeoutError,
  NetworkError,
  ServiceUnavailableError,
  TimeoutError,
  type IndexDataError,
} from "@index-data/wire";

/** The failures that say the whole service is not answering (as opposed to one resource failing, e.g. a 500). */
export function isOutageSign(error: unknown): error is NetworkError | TimeoutError | ServiceUnavailableError {
  return isNetworkError(error) || isTimeoutError(error) || isServiceUnavailableError(error);
}

/**
 * The error given to requests not sent because the service was just found down: same kind as the cause, marked
 * `notSent`, without the cause's path (each cell names only its own).
 */
function notSentError(cause: IndexDataError): IndexDataError {
  const message = "Not sent: the service failed to answer just before";
  const details = { cause, notSent: true, origin: cause.origin };
  if (isTimeoutError(cause)) return new TimeoutError(message, { ...details, timeoutMs: cause.timeoutMs });
  if (isServiceUnavailableError(cause)) return new ServiceUnavailableError(message, details);
  return new NetworkError(message, details);
}

/**
 * Whether the service is down right now. `tripAfter` failures in a row that say the service is not
 * answering (no answer in between, from any request) trip it for `holdMs`: meanwhile requests fail at once
 * instead of each waiting out its own retries, so a sheet against a dead service settles in about one
 * request's retries, not in minutes of rate budget. Any answer from the service clears it.
 */
export class Outage {
  private failuresInARow = 0;
  private until = 0;
  private notSent: IndexDataError | undefined;

  constructor(private readonly options: { readonly holdMs: number; readonly tripAfter: number }) {}

  /** Counts a failure with an outage sign; returns the error for requests not sent when it trips the outage. */
  failed(cause: IndexDataError, now: number): IndexDataError | undefined {
    this.failuresInARow += 1;
    if (this.failuresInARow < this.options.tripAfter) return undefined;
    this.until = now + this.options.holdMs;
    this.notSent = notSentError(cause);
    return this.notSent;
  }

  /** The service answered: it is up. */
  answered(): void {
    this.failuresInARow = 0;
    this.until = 0;
    this.notSent = undefined;
  }

  /** The error to fail a request with while the service is taken as down; undefined when it is not. */
  current(now: number): IndexDataError | undefined {
    return now < this.until ? this.notSent : undefined;
  }
}
