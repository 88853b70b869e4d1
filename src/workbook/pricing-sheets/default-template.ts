import type { PricingTemplate } from "./template";
import { CHANGE_KEYS, templateOf } from "./template-columns";

/**
 * The pricing sheet the builder makes unless a desk picks or loads its own: per index the latest value and its date,
 * its change over 1D, 1W, 1M and YTD (up in green, down in red), confidence, status and the day a carried value comes
 * from, 30-day volatility and the 1M and 3M forward; stale values (a fix 3 days old or more, or STALE), carried
 * values and low confidence marked; under the table the list's last 90 days on one date column, charted. Every cell
 * a formula of ours.
 */
export const DEFAULT_TEMPLATE: Readonly<PricingTemplate> = templateOf(
  "Pricing sheet",
  [
    "latest",
    "asOf",
    "chg1D",
    "chg1W",
    "chg1M",
    "chgYTD",
    "confidence",
    "status",
    "carriedFrom",
    "vol30",
    "fwd1M",
    "fwd3M",
  ],
  { days: 90, chart: true },
);

/**
 * Starting points a desk downloads and makes its own, besides the default: a fixes sheet (the latest fix and what
 * stands behind it, the last 30 days charted), a changes sheet (every period INDEX.CHANGE takes, the last 180 days
 * charted) and a forward-curves sheet (the curve's tenors side by side).
 */
export const STARTER_TEMPLATES: readonly PricingTemplate[] = [
  DEFAULT_TEMPLATE,
  templateOf("Fixes", ["latest", "asOf", "confidence", "status", "carriedFrom", "contributors", "trades"], {
    days: 30,
    chart: true,
  }),
  templateOf("Changes", ["latest", "asOf", ...CHANGE_KEYS], { days: 180, chart: true }),
  templateOf("Forward curves", ["latest", "asOf", "fwd1M", "fwd2M", "fwd3M", "fwd6M", "fwd9M", "fwd12M"]),
];
