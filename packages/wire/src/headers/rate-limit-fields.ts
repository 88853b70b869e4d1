import { parseList, Token, type BareItem, type List } from "structured-headers";

/** A limit, what remains of it and when it resets (seconds, unchecked), as one response states them. */
export interface RateLimitFigures {
  readonly limit: number;
  readonly remaining: number;
  readonly reset: number | undefined;
}

/** A structured list (RFC 9651), or undefined when the field is absent or is not one. */
function listOf(field: string | null): List | undefined {
  if (field === null) return undefined;
  try {
    return parseList(field);
  } catch {
    // Expected: a field that is not a structured list says nothing; the other forms are read instead.
    return undefined;
  }
}

/** A policy's name: a string, or a token from a sender that spelled it without quotes. */
function policyName(value: BareItem | unknown[]): string | undefined {
  if (typeof value === "string") return value;
  return value instanceof Token ? value.toString() : undefined;
}

/** A count a parameter may carry: a non-negative integer (an sf-integer, never a decimal or text), else undefined. */
function count(value: BareItem | undefined): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "default";q=100;w=60`
 * names each quota policy and its quota `q`; `RateLimit: "default";r=50;t=30` says what `r` remains of the named
 * policy and in how many seconds `t` it resets. Each `RateLimit` member is matched to its policy by name; of
 * several, the one with the least left binds first, so it is the one reported. Undefined unless a member and its
 * policy give both figures as integers.
 */
export function ietfRateLimit(headers: Headers): RateLimitFigures | undefined {
  const quotas = new Map<string, number>();
  for (const [name, parameters] of listOf(headers.get("ratelimit-policy")) ?? []) {
    const policy = policyName(name);
    const quota = count(parameters.get("q"));
    if (policy !== undefined && quota !== undefined && !quotas.has(policy)) quotas.set(policy, quota);
  }
  let tightest: RateLimitFigures | undefined;
  for (const [name, parameters] of listOf(headers.get("ratelimit")) ?? []) {
    const policy = policyName(name);
    const limit = policy === undefined ? undefined : quotas.get(policy);
    const remaining = count(parameters.get("r"));
    if (limit === undefined || remaining === undefined) continue;
    if (tightest === undefined || remaining < tightest.remaining)
      tightest = { limit, remaining, reset: count(parameters.get("t")) };
  }
  return tightest;
}
