import { TIER_LIMITS } from "../contract";

/** The limits tiers of the spec's section 8. */
export type Tier = "anonymous" | "api-key" | "enterprise" | "unknown";

/**
 * The tier a per-minute limit (from `x-ratelimit-limit`) most likely means. Newer description: 60 anonymous,
 * 100 API key, 1000 enterprise. Ambiguous at 100: the older description's anonymous limit is also 100, so
 * when the caller knows it sent no key (`keySent === false`), 100 means anonymous.
 */
export function tierFromLimit(limit: number, keySent?: boolean): Tier {
  const limits = TIER_LIMITS.newer;
  if (limit === limits.anonymous) return "anonymous";
  if (limit === limits["api-key"]) return keySent === false ? "anonymous" : "api-key";
  if (limit === limits.enterprise) return "enterprise";
  return "unknown";
}
