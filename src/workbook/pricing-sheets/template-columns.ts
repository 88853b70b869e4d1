import changePeriods from "../change-periods.generated.json";
import type { PricingTemplate, TemplateColumn, TemplateRule } from "./template";

/**
 * The columns a desk picks a pricing sheet from, each a template column with its number format and the marks a
 * trader expects on it: a fix 3 days old or more, or STALE, in Excel's "bad" red; a carried value in its "neutral"
 * amber; confidence under 50 (the benchmark's own alarm) in red; a change in Excel's "good" green when up and red
 * when down. The change columns are INDEX.CHANGE's periods as its AutoComplete list names them
 * (change-periods.generated.json, written by `npm run generate` from the function table), so a period the function
 * gains is a column the picker offers. The default template and the starter templates are made of these columns.
 */
export const MARKS = {
  bad: { fill: "#FFC7CE", font: "#9C0006" },
  neutral: { fill: "#FFEB9C", font: "#9C5700" },
  good: { fill: "#C6EFCE", font: "#006100" },
} as const;

/** A fix is stale on the sheet once it is this many days old: past a weekend and a holiday. */
export const STALE_AFTER_DAYS = 3;
/** Below this confidence a value is marked: the benchmark's own alarm (benchmark_avg_confidence_below_50). */
const LOW_CONFIDENCE = 50;
/** The forward tenors offered, in months. */
const FORWARD_TENORS = ["1M", "2M", "3M", "6M", "9M", "12M"] as const;

export type ColumnGroup = "Latest fix" | "Change" | "Volatility" | "Forward";

export interface ColumnChoice {
  readonly group: ColumnGroup;
  /** What the picker says of it. */
  readonly description: string;
  readonly column: TemplateColumn;
}

// "More than 2 days old" is 3 days old or more: the docs' "stale" (a date of today minus 3 is marked).
const stale = (column?: string): TemplateRule => ({
  when: "olderThanDays",
  value: STALE_AFTER_DAYS - 1,
  column,
  ...MARKS.bad,
  meaning: "stale",
});
const carried = (column?: string): TemplateRule => ({
  when: "notBlank",
  column,
  ...MARKS.neutral,
  meaning: "carried",
});
/** Up in green, down in red: on the change's own cell. */
const UP_DOWN: readonly TemplateRule[] = [
  { when: "above", value: 0, ...MARKS.good, meaning: "up" },
  { when: "below", value: 0, ...MARKS.bad, meaning: "down" },
];

/** A field of the latest fix (INDEX.LATEST's `field`) as a column, with its marks. */
function latest(
  column: { key: string; header: string; field: string; numberFormat?: string },
  description: string,
  rules?: readonly TemplateRule[],
): ColumnChoice {
  const { key, header, field, numberFormat } = column;
  return {
    group: "Latest fix",
    description,
    column: {
      key,
      header,
      formula: `=INDEX.LATEST({symbol},"${field}")`,
      numberFormat,
      rules: rules?.slice(),
    },
  };
}

/** Every column the picker offers, in the order a sheet shows them. */
export const COLUMN_CHOICES: readonly ColumnChoice[] = [
  {
    group: "Latest fix",
    description: "The latest value, in USD/kg.",
    column: {
      key: "latest",
      header: "Latest",
      formula: "=INDEX.LATEST({symbol})",
      numberFormat: "0.0000",
      rules: [stale("asOf"), carried("carriedFrom")],
    },
  },
  latest({ key: "asOf", header: "As of", field: "asOf", numberFormat: "yyyy-mm-dd" }, "The date of the latest fix.", [
    stale(),
  ]),
  ...changePeriods.map(({ period, description }): ColumnChoice => ({
    group: "Change",
    description: `Change ${period}: ${description}`,
    column: {
      key: `chg${period}`,
      header: period,
      formula: `=INDEX.CHANGE({symbol},"${period}")`,
      numberFormat: "0.00%",
      rules: [...UP_DOWN],
    },
  })),
  latest(
    { key: "confidence", header: "Confidence", field: "confidence", numberFormat: "0" },
    "Confidence in the fix, 0 to 100.",
    [{ when: "below", value: LOW_CONFIDENCE, ...MARKS.bad, meaning: "low confidence" }],
  ),
  latest({ key: "status", header: "Status", field: "status" }, "The fix's publication status.", [
    { when: "equals", value: "STALE", ...MARKS.bad, meaning: "stale" },
  ]),
  latest(
    { key: "carriedFrom", header: "Carried from", field: "carriedForwardFrom", numberFormat: "yyyy-mm-dd" },
    "The date a carried-forward value comes from.",
    [carried()],
  ),
  latest(
    { key: "contributors", header: "Contributors", field: "contributors", numberFormat: "0" },
    "Contributors behind the fix.",
  ),
  latest(
    { key: "trades", header: "Trades", field: "executedTrades", numberFormat: "0" },
    "Executed trades behind the fix.",
  ),
  ...[30, 90].map((days): ColumnChoice => ({
    group: "Volatility",
    description: `Annualized volatility over ${days} days.`,
    column: {
      key: `vol${days}`,
      header: `Vol ${days}D`,
      formula: `=INDEX.VOL({symbol},${days})`,
      numberFormat: "0.0%",
    },
  })),
  ...FORWARD_TENORS.map((tenor): ColumnChoice => ({
    group: "Forward",
    description: `The ${tenor} forward price, in USD/kg.`,
    column: {
      key: `fwd${tenor}`,
      header: `Fwd ${tenor}`,
      formula: `=INDEX.FORWARD({symbol},,"${tenor}")`,
      numberFormat: "0.0000",
    },
  })),
];

/** The picker's columns by key. */
export const COLUMN_BY_KEY: ReadonlyMap<string, TemplateColumn> = new Map(
  COLUMN_CHOICES.map((choice) => [choice.column.key, choice.column]),
);

/** The key of every offered change column, in the function's order. */
export const CHANGE_KEYS: readonly string[] = changePeriods.map(({ period }) => `chg${period}`);

/**
 * A template of the offered columns `keys` (in the picker's order), named `name`, with `panel` under the table. A
 * column's mark that tests a column not picked is left out: Latest marks stale values only beside an As of column.
 */
export function templateOf(name: string, keys: readonly string[], panel?: PricingTemplate["panel"]): PricingTemplate {
  const picked = new Set(keys);
  const columns = COLUMN_CHOICES.map((choice) => choice.column)
    .filter((column) => picked.has(column.key))
    .map((column) => {
      const rules = (column.rules ?? []).filter((rule) => rule.column === undefined || picked.has(rule.column));
      const { rules: _all, ...rest } = column;
      return rules.length === 0 ? rest : { ...rest, rules };
    });
  return {
    kind: "index-data-pricing-template",
    version: 1,
    name,
    indexHeader: "Index",
    columns,
    panel,
  };
}

/** The keys of a template's columns that the picker offers, in its order (a loaded template's own columns are not). */
export function pickedKeys(template: PricingTemplate): string[] {
  const own = new Set(template.columns.map((column) => column.key));
  return COLUMN_CHOICES.map((choice) => choice.column.key).filter((key) => own.has(key));
}
