import type { z } from "zod";
import { refuseKeyOverHttp } from "@index-data/wire";
import { MAX_ANSWER_BYTES, readCapped } from "@index-data/wire";
import { errorFromResponse } from "@index-data/wire";
import { IndexDataError } from "@index-data/wire";
import { InvalidResponseError } from "@index-data/wire";
import { ConfigurationError } from "@index-data/wire";
import { NetworkError } from "@index-data/wire";
import { stripControl } from "@index-data/wire";
import { TimeoutError } from "@index-data/wire";
import type { QueryValue } from "@index-data/wire";
import { fetchSameOrigin } from "./redirects";
import type { ResolvedOptions } from "./resolve-options";
import { servedStaleAgeMs } from "@index-data/wire";
import { parseRateLimit, responseInfo, type RateLimitInfo } from "@index-data/wire";

interface HttpRequest {
  /** Path below the base URL, starting with `/`; dynamic segments already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Non-2xx statuses answered with their body instead of an error (the health check's 503). */
  readonly acceptStatuses?: readonly number[];
  /** Treat a body that is not JSON as absent instead of failing (the health check's body is not specified). */
  readonly lenientBody?: boolean;
  /** Largest body read, in bytes; a larger answer is an InvalidResponseError. @default MAX_ANSWER_BYTES (5 MB) */
  readonly maxBytes?: number | undefined;
}

interface HttpResponse {
  readonly status: number;
  /** Parsed JSON; `undefined` only for an empty body (or any non-JSON body when `lenientBody`). */
  readonly body: unknown;
  /** Path and query, for error messages and logs; never carries the key. */
  readonly path: string;
  /** Set when the desk gateway served the answer stale (the service failed): how old it was (servedStaleAgeMs). */
  readonly servedStaleAgeMs?: number | undefined;
  /** The rate limit the response announced, when it carried the headers. */
  readonly rateLimit?: RateLimitInfo | undefined;
}

/** Path plus query string; undefined query values are left out. */
export function pathWithQuery(path: string, query: HttpRequest["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
}

function requestHeaders(options: ResolvedOptions, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  // A sign-in token names the user to the gateway; the desk token (the key) is the fallback when there is none.
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
  else if (options.apiKey === undefined) return headers;
  else if (options.keyHeaderStyle === "bearer") headers["authorization"] = `Bearer ${options.apiKey}`;
  else headers["x-api-key"] = options.apiKey;
  return headers;
}

/**
 * The sign-in token for this request, if the options ask for one: checked like a key (https, or plain http to
 * loopback) before it can leave. A provider that fails is a ConfigurationError that names no token.
 */
async function signInToken(options: ResolvedOptions, path: string): Promise<string | undefined> {
  if (options.bearerToken === undefined) return undefined;
  let token: string | undefined;
  try {
    token = await options.bearerToken();
  } catch (error) {
    throw new ConfigurationError(
      `Could not sign in to ${new URL(options.baseUrl).origin} for ${path}; sign in again from Settings, or use a desk token.`,
      { path, cause: error },
    );
  }
  if (token === undefined || token === "") return undefined;
  refuseKeyOverHttp(options.baseUrl, token, path);
  return token;
}

function failureFrom(error: unknown, timedOut: boolean, timeoutMs: number, path: string, origin: string): unknown {
  if (error instanceof IndexDataError) return error;
  if (timedOut) {
    return new TimeoutError(`No complete answer from ${origin} within ${timeoutMs / 1000} s (${path})`, {
      path,
      origin,
      timeoutMs,
      cause: error,
    });
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const detail = typeof cause?.code === "string" ? cause.code : cause?.message;
  // Only a short reason (a socket error code, a one-line message) is kept: it is shown to the user as it is.
  const reason = typeof detail === "string" && detail.length < 80 ? stripControl(detail) : undefined;
  return new NetworkError(`Could not reach ${origin}${reason !== undefined ? ` (${reason})` : ""} for ${path}`, {
    path,
    origin,
    reason,
    cause: error,
  });
}

interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The rate limit its headers announced: read once, for the listener and the answer alike. */
  readonly rateLimit: RateLimitInfo | undefined;
}

/** Tells the listener about `response`; returns the rate limit its headers announced (read once per response). */
function notify(options: ResolvedOptions, path: string, response: Response): RateLimitInfo | undefined {
  const listener = options.onResponse;
  if (listener === undefined) return parseRateLimit(response.headers);
  const info = responseInfo(path, response.status, response.headers);
  try {
    listener(info);
  } catch (error) {
    // A listener's bug must not turn a good answer into a failed request.
    options.diagnostics.note({ where: "response listener", error });
  }
  return info.rateLimit;
}

/** One fetch with a deadline that covers the headers and the whole body, and an optional caller's signal. */
async function fetchWithDeadline(
  options: ResolvedOptions,
  url: string,
  path: string,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<RawResponse> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  const fetchSignal = controller.signal;
  // Raced against each step so that a fetch which ignores its signal still cannot outlive the deadline. Only the
  // two aborts below abort the controller, and each rejects this too: no listener on the signal is needed.
  let rejectAborted: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  // Expected: the races below hand its reason on.
  aborted.catch(() => undefined);
  const abort = (reason?: unknown) => {
    controller.abort(reason);
    rejectAborted(fetchSignal.reason);
  };
  let timedOut = false;
  const timer = options.timeoutClock.setTimer(() => {
    timedOut = true;
    abort();
  }, options.timeoutMs);
  const onCallerAbort = () => abort(signal?.reason);
  signal?.addEventListener("abort", onCallerAbort, { once: true });
  // The rate limit of the last response seen: the one handed back (every redirect hop is told to the listener).
  let rateLimit: RateLimitInfo | undefined;
  try {
    // Without a sign-in there is no token to wait for: no race, no turn of the event loop.
    const token =
      options.bearerToken === undefined ? undefined : await Promise.race([signInToken(options, path), aborted]);
    const init: RequestInit = {
      method: "GET",
      headers: requestHeaders(options, token),
      signal: fetchSignal,
      credentials: "omit",
    };
    const response = await Promise.race([
      fetchSameOrigin(options.fetch, url, path, init, (r) => {
        rateLimit = notify(options, path, r);
      }),
      aborted,
    ]);
    const text = await Promise.race([readCapped(response, maxBytes, path), aborted]);
    return { status: response.status, headers: response.headers, text, rateLimit };
  } catch (error) {
    // The caller gave up: hand back its own reason, as fetch does.
    if (signal?.aborted === true && !timedOut) throw signal.reason;
    throw failureFrom(error, timedOut, options.timeoutMs, path, new URL(url).origin);
  } finally {
    options.timeoutClock.clearTimer(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }
}

const NOT_JSON = Symbol("not JSON");

/**
 * Every string in a body (object keys too) with the key replaced. A service may echo the key it was sent, in an
 * error or in a successful answer (a description, a status), and any of that text reaches cells, the pane, a
 * frozen workbook and logs. The walk is linear in the body, which is capped (5 MB, 20 MB for the catalogue).
 */
function withoutKey(value: unknown, apiKey: string | undefined): unknown {
  if (apiKey === undefined) return value;
  if (typeof value === "string") return value.replaceAll(apiKey, "[API key]");
  if (Array.isArray(value)) return value.map((item) => withoutKey(item, apiKey));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [withoutKey(name, apiKey), withoutKey(inner, apiKey)]),
    );
  }
  return value;
}

/**
 * The parsed body with the key redacted (withoutKey), walking it only when the key could be in it: every string of
 * a JSON text without a backslash is a verbatim part of that text, so a text with neither a backslash nor the key
 * holds no string that spells the key, and is returned as parsed (the common case, at no cost per value).
 */
function redacted(text: string, parsed: unknown, apiKey: string | undefined): unknown {
  if (apiKey === undefined || (!text.includes("\\") && !text.includes(apiKey))) return parsed;
  return withoutKey(parsed, apiKey);
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Expected: a body that is not JSON is refused by its caller, which says so.
    return NOT_JSON;
  }
}

/**
 * Sends one GET and returns the parsed JSON body of a successful (or accepted) response.
 * Every failure is an IndexDataError, except a caller's abort, which rejects with the signal's reason.
 */
export async function requestJson(options: ResolvedOptions, request: HttpRequest): Promise<HttpResponse> {
  const path = pathWithQuery(request.path, request.query);
  // Checked again here (the constructor checks too) because this is the last point before a key leaves.
  refuseKeyOverHttp(options.baseUrl, options.apiKey, path);
  const url = `${options.baseUrl}${path}`;
  const raw = await fetchWithDeadline(options, url, path, request.signal, request.maxBytes ?? MAX_ANSWER_BYTES);
  const accepted = (raw.status >= 200 && raw.status < 300) || (request.acceptStatuses ?? []).includes(raw.status);
  if (!accepted) {
    // A service may echo the key it refused; its text goes into messages that reach cells and logs. Redacted
    // after parsing too, since JSON may spell the key with escapes (`\/`, `\u0061`) that the raw text hides.
    const body = parseJson(raw.text);
    const readable = body === NOT_JSON ? raw.text : body;
    throw errorFromResponse(raw.status, redacted(raw.text, readable, options.apiKey), path, raw.headers);
  }
  // Redacted after parsing, for the same reason as above: JSON may spell the key with escapes.
  const parsed = redacted(raw.text, parseJson(raw.text), options.apiKey);
  if (parsed === NOT_JSON && request.lenientBody !== true) {
    throw new InvalidResponseError(`The answer to ${path} is not JSON`, {
      path,
      status: raw.status,
      problem: "not-json",
    });
  }
  return {
    status: raw.status,
    body: parsed === NOT_JSON ? undefined : parsed,
    path,
    servedStaleAgeMs: servedStaleAgeMs(raw.headers, options.gateway),
    rateLimit: raw.rateLimit,
  };
}

/** Validates a body against a resource's wire schema; a mismatch is an InvalidResponseError carrying the zod issues. */
export function decode<S extends z.ZodType>(schema: S, response: HttpResponse): z.output<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const details = { path: response.path, status: response.status, issues: result.error.issues };
  const impossible = first !== undefined ? impossibleValue(first, response.body) : undefined;
  if (impossible !== undefined) {
    throw new InvalidResponseError(
      `Impossible value for ${impossible.field} (${impossible.sent}) in the answer to ${response.path}`,
      {
        ...details,
        problem: "impossible-value",
        ...impossible,
      },
    );
  }
  const where = first !== undefined && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
  const issue = first !== undefined ? `${first.message}${where}` : undefined;
  throw new InvalidResponseError(
    `The answer to ${response.path} does not have the expected shape${issue !== undefined ? `: ${issue}` : ""}`,
    {
      ...details,
      problem: "wrong-shape",
      issue,
    },
  );
}

const NUMBER_LIKE = /^(?:[-+]?(?:\d[\d.eE+-]*|\.\d[\d.eE+-]*)|[-+]?(?:NaN|Infinity))$/i;

const RANGE_CODES: ReadonlySet<string> = new Set(["too_big", "too_small", "not_multiple_of"]);

/**
 * The field and the value sent, when the issue is a number out of its possible range (or a number sent as
 * text, such as "NaN"), as opposed to a missing field or a different shape.
 */
function impossibleValue(issue: z.core.$ZodIssue, body: unknown): { field: string; sent: string } | undefined {
  const numeric =
    RANGE_CODES.has(issue.code) ||
    (issue.code === "invalid_type" && (issue.expected === "number" || issue.expected === "int"));
  if (!numeric || issue.path.length === 0) return undefined;
  let value: unknown = body;
  for (const key of issue.path)
    value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  if (value === undefined || value === null) return undefined;
  // Only number-like text is echoed: anything else the service put there (even the key) stays out of messages.
  const text =
    typeof value === "number"
      ? String(value)
      : typeof value === "string" && NUMBER_LIKE.test(value)
        ? JSON.stringify(value)
        : "not a number";
  return { field: issue.path.map(String).join("."), sent: text.length > 40 ? `${text.slice(0, 40)}…` : text };
}
