import { parseRateLimit, parseRetryAfter, readCapped } from "@index-data/wire";
import { JSON_TYPE, checkBodyPaced, declaredJson, statusKind, type StatusKind } from "../answers/answer-check";
import { nextTurn } from "../answers/paced-parse";
import { KeyScrubber } from "../logs/key-scrub";
import type { Resource } from "../answers/resources";
import type { BudgetReading } from "../store/store";

interface UpstreamOptions {
  /** The service's root, normalized (checkBaseUrl). */
  readonly baseUrl: string;
  /** The desk's key; never logged, never in an answer. Absent: anonymous. */
  readonly apiKey?: string | undefined;
  /** Headers and whole body, per request. @default 10000 */
  readonly timeoutMs?: number;
  /** Lets the event loop turn between the stages of checking a long answer. @default setImmediate */
  readonly pause?: () => Promise<void>;
}

/**
 * What the upstream said: an answer to keep and share (the service's data, or its JSON refusal), or a failure (with
 * its status when it answered at all). Every body in it passed answer-check.ts, with the key taken out, and is
 * typed the gateway's own JSON: nothing of the upstream's headers is in it.
 */
export type UpstreamResult =
  | {
      readonly ok: true;
      readonly status: number;
      readonly contentType: string;
      readonly body: string;
      /** The body's value as its schema read it (what the keeping rules look at: past history's values). */
      readonly value: unknown;
      /** Whether `body` is the upstream's own bytes, nothing scrubbed: `value` is then the value of `body`. */
      readonly verbatim: boolean;
      readonly reading: BudgetReading;
    }
  | {
      readonly ok: false;
      /** Absent when it did not answer (refused, dropped, timed out). */
      readonly status?: number;
      /** How the gateway takes the status; `unreachable` when there was none. */
      readonly kind: StatusKind | "unreachable";
      /** One line for the log and the health page, the gateway's own words: never the key, nothing of the body. */
      readonly reason: string;
      readonly reading: BudgetReading;
      /** The service's failure (500, 503) in its JSON error shape, written again by the gateway, key removed. */
      readonly answer?: { readonly contentType: string; readonly body: string };
    };

/** What the upstream's answer says of the desk's budget: any header form, or none (a bare 429 says the window is full). */
function readingOf(headers: Headers, status: number, now: number): BudgetReading {
  const rate = parseRateLimit(headers, now);
  const retryAfter = status === 429 ? parseRetryAfter(headers.get("retry-after"), now) : undefined;
  return {
    limit: rate?.limit,
    remaining: rate?.remaining,
    resetMs: rate?.resetSeconds === undefined ? undefined : rate.resetSeconds * 1000,
    ...(status === 429 ? { limited: true } : {}),
    retryAfterMs: retryAfter === undefined ? undefined : retryAfter * 1000,
  };
}

/** The one way requests reach the service: the desk's key in its header, nothing of the caller's. */
export class Upstream {
  private readonly scrubber: KeyScrubber | undefined;

  constructor(private readonly options: UpstreamOptions) {
    this.scrubber = options.apiKey === undefined ? undefined : new KeyScrubber(options.apiKey);
  }

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
      return { ok: false, kind: "unreachable", reason: this.failureReason(error, timeoutMs), reading: {} };
    }
    const status = response.status;
    const reading = readingOf(response.headers, status, now());
    return this.verdict(resource, status, declaredJson(response.headers.get("content-type")) ? body : "", reading);
  }

  /** What a status and body amount to; `body` is empty when the upstream declared it as something other than JSON. */
  private async verdict(
    resource: Resource,
    status: number,
    body: string,
    reading: BudgetReading,
  ): Promise<UpstreamResult> {
    const kind = statusKind(resource.endpoint, status);
    if (kind === "undocumented")
      return { ok: false, status, kind, reason: `HTTP ${status}, a status the service never sends`, reading };
    if (kind === "key-refused" || kind === "rate-limited")
      return { ok: false, status, kind, reason: `HTTP ${status}`, reading };
    const checked = await checkBodyPaced(resource.endpoint, status, body, this.options.pause ?? nextTurn);
    if (!checked.ok)
      return { ok: false, status, kind, reason: `HTTP ${status} with a body that is not the service's JSON`, reading };
    const clean = this.scrubber?.scrubJson(checked.body) ?? checked.body;
    if (kind === "failure")
      return {
        ok: false,
        status,
        kind,
        reason: `HTTP ${status}`,
        reading,
        answer: { contentType: JSON_TYPE, body: clean },
      };
    return {
      ok: true,
      status,
      contentType: JSON_TYPE,
      body: clean,
      value: checked.value,
      verbatim: clean === checked.body,
      reading,
    };
  }

  private failureReason(error: unknown, timeoutMs: number): string {
    const named = error as { name?: unknown; cause?: { code?: unknown } } | null;
    if (named?.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
    if (named?.name === "InvalidResponseError") return "an answer larger than any the service sends";
    const code = named?.cause?.code;
    return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? `unreachable (${code})` : "unreachable";
  }
}
