import type { ChoiceList } from "./rows";

/**
 * AutoComplete's lists (functions.json's `enums`): each kept once, here; test/functions/enums.test.ts holds them to
 * the field tables of src/formulas.
 */
export const CHOICE_LISTS = [
  {
    id: "CapacityField",
    values: [
      { value: "fillRatio", tooltip: "Booked share of capacity, as a fraction." },
      { value: "bookedKg", tooltip: "Capacity booked, in kg." },
      { value: "availableKg", tooltip: "Capacity available, in kg." },
      { value: "contributors", tooltip: "Contributors to the capacity figures." },
      { value: "avgLeadTimeDays", tooltip: "Average lead time, in days." },
      { value: "modelVersion", tooltip: "The capacity model's version." },
      { value: "horizonDays", tooltip: "The model's horizon, in days." },
      { value: "fillRatioSource", tooltip: "Where the fill ratio comes from." },
      { value: "recordedAt", tooltip: "When the figures were recorded, as a date." },
      { value: "symbol", tooltip: "The index symbol." },
    ],
  },
  {
    id: "LatestField",
    values: [
      { value: "value", tooltip: "The index value (the default)." },
      { value: "asOf", tooltip: "The date and time of the fix, as a date." },
      { value: "symbol", tooltip: "The index symbol." },
      { value: "currency", tooltip: "The currency of the value." },
      { value: "unit", tooltip: "The unit of the value, e.g. USD/kg." },
      { value: "confidence", tooltip: "Confidence in the fix, 0 to 100." },
      { value: "status", tooltip: "The fix's publication status." },
      { value: "methodologyVersion", tooltip: "The methodology version the fix was computed under." },
      { value: "derivationMethod", tooltip: "How the value was derived (newer service only)." },
      { value: "publicationMode", tooltip: "How the value was published (newer service only)." },
      {
        value: "carriedForwardFrom",
        tooltip: "The date a carried-forward value was first published; empty when fresh.",
      },
      { value: "contributors", tooltip: "Contributors behind the fix." },
      { value: "executedTrades", tooltip: "Executed trades behind the fix." },
      { value: "firmQuotes", tooltip: "Firm quotes behind the fix." },
      { value: "indicatives", tooltip: "Indicative quotes behind the fix." },
      { value: "totalMassKg", tooltip: "Total mass behind the fix, in kg." },
      { value: "topContributorShare", tooltip: "The largest contributor's share of the fix, as a fraction." },
      { value: "stale", tooltip: "TRUE when the service could not answer and this is the last-known value." },
      { value: "fetchedAt", tooltip: "When the add-in received the fix, as a date." },
    ],
  },
  {
    id: "Granularity",
    values: [
      { value: "daily", tooltip: "One row per day with a value (the default)." },
      { value: "weekly", tooltip: "One row per ISO week, shown by its last freshly published value." },
    ],
  },
  {
    id: "SortOrder",
    values: [
      { value: "asc", tooltip: "Oldest first (the default)." },
      { value: "desc", tooltip: "Newest first." },
    ],
  },
  {
    id: "HistoryColumn",
    values: [
      { value: "confidence", tooltip: "The day's confidence, 0 to 100." },
      { value: "status", tooltip: "The day's publication status." },
      { value: "publicationMode", tooltip: "How the value was published (newer service only)." },
      { value: "derivationMethod", tooltip: "How the value was derived (newer service only)." },
      {
        value: "carriedForwardFrom",
        tooltip: "The date a carried-forward value was first published; empty on fresh days.",
      },
    ],
  },
  {
    id: "Period",
    values: [
      { value: "weekly", tooltip: "ISO weeks, Monday to Sunday, as INDEX.HISTORY's weekly rows." },
      { value: "monthly", tooltip: "Calendar months (INDEX.PERIODS' default)." },
      { value: "quarterly", tooltip: "Calendar quarters." },
      { value: "yearly", tooltip: "Calendar years." },
    ],
  },
  {
    id: "PeriodStat",
    values: [
      { value: "avg", tooltip: "Mean of the freshly published values." },
      { value: "low", tooltip: "Lowest fresh value." },
      { value: "high", tooltip: "Highest fresh value." },
      { value: "first", tooltip: "First fresh value of the period." },
      { value: "last", tooltip: "Last fresh value of the period." },
      { value: "observed", tooltip: "Days with a freshly published value." },
      { value: "carried", tooltip: "Days with a carried-forward value." },
      { value: "confidence", tooltip: "Mean confidence of the fresh days." },
      { value: "change", tooltip: "Last value minus the previous row's last." },
      { value: "pctchange", tooltip: "The change as a fraction of the previous row's last." },
    ],
  },
  {
    id: "PanelFill",
    values: [
      { value: "blank", tooltip: "An empty cell (the default)." },
      { value: "previous", tooltip: "The index's last value before that day." },
      { value: "na", tooltip: "#N/A, so charts skip the day." },
    ],
  },
  {
    id: "HealthField",
    values: [
      { value: "benchmarkStatus", tooltip: "The benchmark's status (the default)." },
      { value: "reasons", tooltip: "The reason codes, one per row." },
      { value: "asOf", tooltip: "When the health was assessed, as a date." },
      { value: "activeIndexCount", tooltip: "Indexes active now." },
      { value: "avgConfidence", tooltip: "Mean confidence across the indexes." },
      { value: "carryForwardShare", tooltip: "Share of carried-forward values, as a fraction." },
      { value: "approvedRealData72h", tooltip: "Fixes approved on real data in the last 72 hours." },
      { value: "flagshipFlatHours", tooltip: "Hours the flagship index has not moved." },
      { value: "flagshipTopContributorShare", tooltip: "The flagship's largest contributor share, as a fraction." },
      { value: "all", tooltip: "Every field, as field/value rows." },
    ],
  },
  {
    id: "MethodologyField",
    values: [
      { value: "version", tooltip: "The methodology version in force (the default)." },
      { value: "publishedAt", tooltip: "When this methodology was published, as a date." },
      { value: "changelog", tooltip: "The changelog, as a table." },
      { value: "productDefinition", tooltip: "What the index measures." },
      { value: "calculationMethod", tooltip: "How the value is calculated." },
      { value: "normalizationRules", tooltip: "How contributions are normalized." },
      { value: "confidenceScoring", tooltip: "How confidence is scored." },
    ],
  },
] as const satisfies readonly ChoiceList[];
