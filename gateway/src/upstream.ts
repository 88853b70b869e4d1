import { parseRateLimit, parseRetryAfter, readCapped } from "../../src/client";
import type { Resource } from "./resources";
import type { BudgetReading } from "./store/store";

interface UpstreamOptions {
  /** The service's root, normalized (checkBaseUrl). */
  readonly baseUrl: string;
  /** The desk's key; never logged, never in an answer. Absent: anonymous. */
  readonly apiKey?: string;
  /** Headers and whole body, per request. @default 10000 */
  readonly timeoutMs?: number;
}

/** What the upstream said: an answer to keep and share, or a failure (with its status when it answered at all). */
export type UpstreamResult =
  | {
      readonly ok: true;
      readonly status: number;
      readonly contentType: string;
      readonly body: string;
      readonly reading: BudgetReading;
    }
  | {
      readonly ok: false;
      /** Absent when it did not answer (refused, dropped, timed out). */
      readonly status?: number;
      /** One line for the log and the health page; never the key. */
      readonly reason: string;
      readonly reading: BudgetReading;
      /** The upstream's own answer, key removed, when there was one (a 5xx, an answer of the wrong shape). */
      readonly answer?: { readonly contentType: string; readonly body: string };
    };

const JSON_TYPE = "application/json; charset=utf-8";

/** Every string in a JSON value with `key` replaced; `undefined` when none held it. */
function scrubbed(value: unknown, key: string): unknown {
  if (typeof value === "string") return value.includes(key) ? value.replaceAll(key, "[upstream key]") : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  let changed = false;
  const walk = (inner: unknown) => {
    const clean = scrubbed(inner, key);
    if (clean === undefined) return inner;
    changed = true;
    return clean;
  };
  const copy = Array.isArray(value)
    ? value.map(walk)
    : Object.fromEntries(Object.entries(value).map(([name, inner]) => [walk(name), walk(inner)]));
  return changed ? copy : undefined;
}

/**
 * A body with the upstream key taken out, wherever an upstream (buggy or hostile) echoed it: in the raw text,
 * and in JSON strings, where escapes such as `\u0061` would hide it from a plain search.
 */
function withoutKey(body: string, key: string | undefined): string {
  if (key === undefined) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body.replaceAll(key, "[upstream key]");
  }
  const clean = scrubbed(parsed, key);
  return clean === undefined ? body.replaceAll(key, "[upstream key]") : JSON.stringify(clean);
}

function readingOf(headers: Headers, status: number, now: number): BudgetReading {
  const rate = parseRateLimit(headers, now);
  const retryAfter = status === 429 ? parseRetryAfter(headers.get("retry-after"), now) : undefined;
  return {
    ...(rate !== undefined ? { limit: rate.limit, remaining: rate.remaining } : {}),
    ...(rate?.resetSeconds !== undefined ? { resetMs: rate.resetSeconds * 1000 } : {}),
    // A 429 without Retry-After still holds every send: one second, then the bucket paces again.
    ...(status === 429 ? { retryAfterMs: (retryAfter ?? 1) * 1000 } : {}),
  };
}

/** Whether the body is the answer the endpoint promises: JSON of the client's own wire schema. */
function validAnswer(resource: Resource, status: number, body: string): boolean {
  if (status !== 200) return true; // 400, 404 and the health check's 503 are passed on as the service wrote them
  try {
    return resource.endpoint.schema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

/** The one way requests reach the service: the desk's key in its header, nothing of the caller's. */
export class Upstream {
  constructor(private readonly options: UpstreamOptions) {}

  get origin(): string {
    return new URL(this.options.baseUrl).origin;
  }

  async get(resource: Resource, now: () => number): Promise<UpstreamResult> {
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "index-data-gateway" };
    if (this.options.apiKey !== undefined) headers["x-api-key"] = this.options.apiKey;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    let response: Response;
    let body: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      response = await fetch(`${this.options.baseUrl}${resource.path}`, { headers, signal, redirect: "manual" });
      body = await readCapped(response, resource.endpoint.maxBytes, resource.path);
    } catch (error) {
      return { ok: false, reason: this.failureReason(error, timeoutMs), reading: {} };
    }
    const status = response.status;
    const reading = readingOf(response.headers, status, now());
    const contentType = response.headers.get("content-type") ?? JSON_TYPE;
    const answer = { contentType, body: withoutKey(body, this.options.apiKey) };
    const answers =
      status === 200 || status === 400 || status === 404 || (resource.endpoint.answers ?? []).includes(status);
    if (answers && validAnswer(resource, status, body)) return { ok: true, status, reading, ...answer };
    const reason = answers ? "an answer that is not the service's JSON" : `HTTP ${status}`;
    return { ok: false, status, reason, reading, answer };
  }

  private failureReason(error: unknown, timeoutMs: number): string {
    const named = error as { name?: unknown; cause?: { code?: unknown } } | null;
    if (named?.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
    if (named?.name === "InvalidResponseError") return "an answer larger than any the service sends";
    const code = named?.cause?.code;
    return typeof code === "string" ? `unreachable (${code})` : "unreachable";
  }
}
