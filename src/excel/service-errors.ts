import { CellError, isCellError, notAvailable } from "./cell-error";
import { queueBound } from "../client/errors/queue-full-error";
import type { IndexDataSource } from "../client/source";

/** What a failed request was about, so the message can name it. */
export interface ErrorSubject {
  /** The symbol asked for, when the request took one. */
  readonly symbol?: string;
  /** What was asked for, in words: "history", "forward curve", "benchmark health". */
  readonly what: string;
  /** The endpoint exists only in the newer description, so a 404 may mean this service lacks it. */
  readonly newerOnly?: boolean;
}

interface ErrorShape {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly code?: unknown;
  readonly retryAfterSeconds?: unknown;
  readonly maxQueueWaitMs?: unknown;
}

/** Errors the person at the sheet fixes in the setup (key, URL, arguments): `#VALUE!`. The rest: `#N/A`. */
const VALUE_ERRORS = new Set(["BadRequestError", "UnauthorizedError", "ConfigurationError"]);

const FALLBACK_ADVICE: Readonly<Record<string, string>> = {
  UnauthorizedError: "unauthorized: the service refused the API key; check or clear it in the taskpane settings",
  RateLimitedError: "rate limited by the service; the value comes back after the limit resets (Refresh)",
  // Our own queue refused: the service said nothing, so the cell must not blame it.
  QueueFullError: "too many cells waiting for the service; Refresh retries them",
  ServiceUnavailableError: "the index service is unavailable; try again later",
  ServerError: "the index service failed; try again later",
  NetworkError: "cannot reach the index service; check the service URL in the settings and your connection",
  TimeoutError: "the index service did not answer in time; try again later",
  InvalidResponseError: "the index service sent an invalid response",
  BadRequestError: "the service rejected the request; check the arguments",
  ConfigurationError: "the add-in's service settings are invalid; fix them in the taskpane settings",
};

/**
 * Maps any failure to the error a cell shows, by the error's `name` (the client's classes may come from
 * another realm). A 404 without a service code is left to `cellErrorFor`, which can ask the catalogue.
 */
export function cellErrorFromFailure(error: unknown, subject: ErrorSubject): CellError {
  if (isCellError(error)) return error;
  const shape: ErrorShape = typeof error === "object" && error !== null ? (error as ErrorShape) : {};
  const name = typeof shape.name === "string" ? shape.name : "";
  const message = typeof shape.message === "string" && shape.message !== "" ? shape.message : undefined;
  if (name === "NotFoundError") return notFound(subject, typeof shape.code === "string" ? shape.code : undefined);
  const advice = FALLBACK_ADVICE[name];
  if (advice === undefined) return notAvailable(`unexpected error getting ${subject.what}: ${message ?? String(error)}`);
  const text =
    name === "RateLimitedError"
      ? rateLimitedText(shape.retryAfterSeconds, message)
      : name === "QueueFullError"
        ? queueFullText(shape.maxQueueWaitMs)
        : (message ?? advice);
  return new CellError(VALUE_ERRORS.has(name) ? "#VALUE!" : "#N/A", text);
}

function rateLimitedText(retryAfter: unknown, message: string | undefined): string {
  if (typeof retryAfter === "number") return `rate limited by the service; try again in ${retryAfter} s (Refresh)`;
  return message ?? (FALLBACK_ADVICE["RateLimitedError"] as string);
}

function queueFullText(maxQueueWaitMs: unknown): string {
  if (typeof maxQueueWaitMs !== "number" || !Number.isFinite(maxQueueWaitMs)) return FALLBACK_ADVICE["QueueFullError"] as string;
  return `too many cells waiting for the service (more than ${queueBound(maxQueueWaitMs)} of requests queued); Refresh retries them`;
}

function notFound(subject: ErrorSubject, code: string | undefined): CellError {
  const { symbol, what } = subject;
  if (symbol === undefined) return notAvailable(`${what} is not published by this service`);
  if (code === "UNKNOWN_SYMBOL") return unknownIndex(symbol);
  if (code === "NO_DATA") return noData(symbol, what);
  return notAvailable(`no ${what} for '${symbol}': unknown index or no data`);
}

export function unknownIndex(symbol: string): CellError {
  return notAvailable(`unknown index '${symbol}': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)`);
}

export function noData(symbol: string, what: string): CellError {
  return notAvailable(`no data: '${symbol}' has no ${what} yet`);
}

/**
 * Like `cellErrorFromFailure`, but tells an unknown symbol from an index without data when the service
 * sent a bare 404 (the older description): the catalogue decides.
 */
export async function cellErrorFor(error: unknown, subject: ErrorSubject, source: IndexDataSource): Promise<CellError> {
  const mapped = cellErrorFromFailure(error, subject);
  const shape = typeof error === "object" && error !== null ? (error as ErrorShape) : {};
  if (shape.name !== "NotFoundError" || subject.symbol === undefined) return mapped;
  if (shape.code === "UNKNOWN_SYMBOL" || shape.code === "NO_DATA") return mapped;
  try {
    const catalogue = await source.listIndexes();
    const known = catalogue.data.some((entry) => entry.symbol === subject.symbol);
    if (!known) return unknownIndex(subject.symbol);
    if (subject.newerOnly) {
      return notAvailable(`no ${subject.what} for '${subject.symbol}': this service does not publish one (only the newer description does), or the index has no data yet`);
    }
    return noData(subject.symbol, subject.what);
  } catch {
    return mapped;
  }
}
