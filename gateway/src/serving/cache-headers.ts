import { DEFAULT_TTLS, GATEWAY_CACHE } from "@index-data/wire";
import type { CachedAnswer } from "../store/store";

/** The cache's name in Cache-Status (RFC 9211): the one the add-in looks for. */
const CACHE_NAME = GATEWAY_CACHE.name;

/**
 * How an answer was served, in the terms of RFC 9211:
 * - hit: from the cache, fresh;
 * - miss: forwarded, and stored when the answer may be kept;
 * - collapsed: another request (on this replica or another) was already fetching it; this one waited for it;
 * - stale: the upstream failed and the last answer, past its freshness, stands in (stale-if-error, RFC 5861);
 * - passed: the upstream failed with no answer kept to stand in; its own failure is passed on, unkept.
 */
export type Served =
  | { readonly how: "hit" | "collapsed"; readonly answer: CachedAnswer }
  | {
      readonly how: "miss";
      readonly answer: CachedAnswer;
      readonly stored: boolean;
      /** The answer's value as its schema read it on arrival, when its body is the upstream's own bytes. */
      readonly value?: unknown;
    }
  | { readonly how: "stale"; readonly answer: CachedAnswer; readonly upstreamStatus?: number }
  | { readonly how: "passed"; readonly status: number; readonly contentType: string; readonly body: string };

/** What the gateway tells clients to keep of past history: the add-in's own time-to-live for it. */
const PAST_HISTORY_MAX_AGE_S = DEFAULT_TTLS.historyPast / 1000;

function secondsLeft(answer: CachedAnswer, now: number): number {
  return answer.freshUntil === null ? PAST_HISTORY_MAX_AGE_S : Math.floor((answer.freshUntil - now) / 1000);
}

function cacheStatus(served: Served, now: number): string {
  if (served.how === "passed") return `${CACHE_NAME}; fwd=miss; fwd-status=${served.status}`;
  const ttl = `ttl=${secondsLeft(served.answer, now)}`;
  switch (served.how) {
    case "hit":
      return `${CACHE_NAME}; hit; ${ttl}`;
    case "collapsed":
      return `${CACHE_NAME}; fwd=miss; fwd-status=${served.answer.status}; collapsed; ${ttl}`;
    case "miss":
      return `${CACHE_NAME}; fwd=miss; fwd-status=${served.answer.status}${served.stored ? "; stored" : ""}; ${ttl}`;
    case "stale": {
      const status = served.upstreamStatus !== undefined ? `; fwd-status=${served.upstreamStatus}` : "";
      return `${CACHE_NAME}; fwd=stale${status}; ${ttl}; detail=stale-if-error`;
    }
  }
}

/** Age, Cache-Control and Cache-Status of an answer: standard headers, so any HTTP client can read them. */
export function cacheHeaders(served: Served, now: number, staleIfErrorSeconds: number): Record<string, string> {
  if (served.how === "passed") return { "cache-control": "no-store", "cache-status": cacheStatus(served, now) };
  const age = Math.max(0, Math.floor((now - served.answer.fetchedAt) / 1000));
  const maxAge = Math.max(0, secondsLeft(served.answer, now));
  // private: answers are only for holders of a desk token, so no shared cache between here and them may keep one.
  return {
    age: String(age),
    "cache-control": `private, max-age=${maxAge}, stale-if-error=${staleIfErrorSeconds}`,
    "cache-status": cacheStatus(served, now),
  };
}
