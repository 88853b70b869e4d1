/**
 * Figures of the Index Data Service's contract (spec sections 5 and 8) that the add-in and the reference
 * service must agree on. Both import them from here; neither imports the other.
 */

/** Inclusive bounds of `windowDays` on /volatility, and the window used when none is asked for. */
export const WINDOW_DAYS = { min: 2, max: 365, default: 30 } as const;

/** The rate-limit window: limits are per minute. */
export const RATE_WINDOW_MS = 60_000;

/** The two descriptions of the service in the wild: they differ in the anonymous limit. */
export type DescriptionFlavor = "newer" | "older";
export type ServiceTier = "anonymous" | "api-key" | "enterprise";

/** Requests per window, per IP for anonymous callers, per key otherwise. */
export const TIER_LIMITS: Readonly<Record<DescriptionFlavor, Readonly<Record<ServiceTier, number>>>> = {
  newer: { anonymous: 60, "api-key": 100, enterprise: 1000 },
  older: { anonymous: 100, "api-key": 100, enterprise: 1000 },
};
