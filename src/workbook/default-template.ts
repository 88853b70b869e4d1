import type { PricingTemplate } from "./pricing-template";

/** Fills of Excel's own "bad" and "neutral" cell styles, so the marks read as Excel's do. */
const BAD = { fill: "#FFC7CE", font: "#9C0006" } as const;
const NEUTRAL = { fill: "#FFEB9C", font: "#9C5700" } as const;

/** A fix this many days old (or more) is stale on the sheet: past a weekend and a holiday. */
const STALE_AFTER_DAYS = 3;
/** Below this confidence a value is marked: the benchmark's own alarm (benchmark_avg_confidence_below_50). */
const LOW_CONFIDENCE = 50;

const change = (period: string) => ({
  key: `chg${period}`,
  header: period,
  formula: `=INDEX.CHANGE({symbol},"${period}")`,
  numberFormat: "0.00%",
});

/**
 * The pricing sheet the builder makes unless a desk loads its own: per index the latest value and its date, its
 * change over 1D, 1W, 1M and YTD, confidence, status and the day a carried value comes from, 30-day volatility and
 * the 1M and 3M forward; stale values (a fix 3 days old, or STALE), carried values and low confidence marked; under
 * the table the list's last 90 days on one date column, charted. Every cell a formula of ours.
 */
export const DEFAULT_TEMPLATE: Readonly<PricingTemplate> = {
  kind: "index-data-pricing-template",
  version: 1,
  name: "Pricing sheet",
  indexHeader: "Index",
  columns: [
    {
      key: "latest",
      header: "Latest",
      formula: "=INDEX.LATEST({symbol})",
      numberFormat: "0.0000",
      rules: [
        { when: "olderThanDays", column: "asOf", value: STALE_AFTER_DAYS, ...BAD, meaning: "stale" },
        { when: "notBlank", column: "carriedFrom", ...NEUTRAL, meaning: "carried" },
      ],
    },
    {
      key: "asOf",
      header: "As of",
      formula: '=INDEX.LATEST({symbol},"asOf")',
      numberFormat: "yyyy-mm-dd",
      rules: [{ when: "olderThanDays", value: STALE_AFTER_DAYS, ...BAD, meaning: "stale" }],
    },
    change("1D"),
    change("1W"),
    change("1M"),
    change("YTD"),
    {
      key: "confidence",
      header: "Confidence",
      formula: '=INDEX.LATEST({symbol},"confidence")',
      numberFormat: "0",
      rules: [{ when: "below", value: LOW_CONFIDENCE, ...BAD, meaning: "low confidence" }],
    },
    {
      key: "status",
      header: "Status",
      formula: '=INDEX.LATEST({symbol},"status")',
      rules: [{ when: "equals", value: "STALE", ...BAD, meaning: "stale" }],
    },
    {
      key: "carriedFrom",
      header: "Carried from",
      formula: '=INDEX.LATEST({symbol},"carriedForwardFrom")',
      numberFormat: "yyyy-mm-dd",
      rules: [{ when: "notBlank", ...NEUTRAL, meaning: "carried" }],
    },
    { key: "vol30", header: "Vol 30D", formula: "=INDEX.VOL({symbol},30)", numberFormat: "0.0%" },
    { key: "fwd1M", header: "Fwd 1M", formula: '=INDEX.FORWARD({symbol},,"1M")', numberFormat: "0.0000" },
    { key: "fwd3M", header: "Fwd 3M", formula: '=INDEX.FORWARD({symbol},,"3M")', numberFormat: "0.0000" },
  ],
  panel: { days: 90, chart: true },
};
