import { parseList, Token, type BareItem, type Parameters } from "structured-headers";
import { DAY_MS } from "../time";
import { RESOURCES } from "./table";

/**
 * The desk gateway as it names itself in RFC 9211's `Cache-Status` (gateway/src/serving/cache-headers.ts), and how long
 * it keeps an answer past its freshness to stand in while the service fails (stale-if-error, RFC 5861).
 */
export const GATEWAY_CACHE = { name: "IndexDataGateway", staleIfErrorMs: DAY_MS } as const;

/** The longest any answer stays fresh: the longest time-to-live of any resource row (the methodology's day). */
const LONGEST_TTL_MS = Math.max(...Object.values(RESOURCES).flatMap((row) => Object.values(row.ttls)));

/**
 * The oldest an answer the gateway serves stale can be, in seconds: past its freshness for at most the
 * stale-if-error window, after at most the longest time-to-live. An `Age` or a `ttl` beyond it is not believed.
 */
export const MAX_BELIEVED_AGE_S = (GATEWAY_CACHE.staleIfErrorMs + LONGEST_TTL_MS) / 1000;

/** RFC 9111's delta-seconds: digits only, so "1e300", "-5", "0x10" or two values joined by a comma are not ages. */
const DELTA_SECONDS = /^\d{1,15}$/;

/** `Age` in seconds when it is a sane figure the gateway could send, else undefined. */
function believedAge(value: string | null): number | undefined {
  const text = value?.trim() ?? "";
  if (!DELTA_SECONDS.test(text)) return undefined;
  const seconds = Number(text);
  return seconds <= MAX_BELIEVED_AGE_S ? seconds : undefined;
}

/** A member's cache name: a token or a string (RFC 9211 allows both). */
function cacheName(value: BareItem): string | undefined {
  if (typeof value === "string") return value;
  return value instanceof Token ? value.toString() : undefined;
}

/** The parameters of the gateway's own member of `Cache-Status` (the nearest, if it appears more than once). */
function gatewayMember(field: string | null): Parameters | undefined {
  if (field === null) return undefined;
  let members;
  try {
    members = parseList(field);
  } catch {
    // Expected: not a structured field at all, so nobody's mark is read from it.
    return undefined;
  }
  let found: Parameters | undefined;
  for (const [value, parameters] of members) {
    // An inner list is no cache (RFC 9211 members are items).
    if (!Array.isArray(value) && cacheName(value) === GATEWAY_CACHE.name) found = parameters;
  }
  return found;
}

/**
 * How old an answer was when the desk gateway served it stale (ms), from RFC 9211's `Cache-Status` and `Age`;
 * undefined for a fresh answer, for one without the gateway's mark, and always unless `fromGateway` (the settings
 * say the base URL is the desk's gateway). The field is parsed as a structured list (RFC 9651), the gateway's member
 * found by its name wherever a proxy put its own, and a negative integer `ttl` is the mark (RFC 9211: the answer
 * was served past its freshness). `Age` is believed only as whole seconds within MAX_BELIEVED_AGE_S; otherwise the
 * age is the least the gateway's own `ttl` implies (age ≥ −ttl).
 */
export function servedStaleAgeMs(headers: Headers, fromGateway: boolean): number | undefined {
  if (!fromGateway) return undefined;
  const ttl = gatewayMember(headers.get("cache-status"))?.get("ttl");
  if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl >= 0 || -ttl > MAX_BELIEVED_AGE_S) return undefined;
  return (believedAge(headers.get("age")) ?? -ttl) * 1000;
}
