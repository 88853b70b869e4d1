import type { FunctionRow } from "./rows";

/** A history and what is made of it: INDEX.HISTORY, INDEX.PANEL, INDEX.PERIODS. */
export const HISTORY_ROWS = [
  {
    id: "HISTORY",
    description:
      'Daily or weekly history of an index: dates and values, oldest first. Spills; add columns such as "confidence" or "status".',
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "start",
        type: "any",
        optional: true,
        description:
          'First date: a date cell, TODAY()-90, "2024-01-31", or relative "-30D", "-6W", "-6M", "-1Y". Default: the service\'s own default range (30 days up to the latest value on the reference service).',
      },
      {
        name: "end",
        type: "any",
        optional: true,
        description: "Last date, included; same forms as start. Default: the latest value.",
      },
      {
        name: "granularity",
        type: "string",
        optional: true,
        choices: "Granularity",
        description:
          '"daily" (default) or "weekly" (each week shown by its last freshly published value). 0 and 1 also work, as in STOCKHISTORY.',
      },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: "TRUE puts a header row on top. Default FALSE.",
      },
      {
        name: "sort",
        type: "string",
        optional: true,
        choices: "SortOrder",
        description: '"asc" (default, oldest first) or "desc" (newest first). 0 and 1 also work, as in STOCKHISTORY.',
      },
      {
        name: "fields",
        type: "string",
        optional: true,
        repeating: true,
        choices: "HistoryColumn",
        description:
          'Extra columns after date and value: "confidence", "status", "publicationMode", "derivationMethod", "carriedForwardFrom". One per argument, or a list "confidence,status".',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrixOfList", formula: "indexHistory" },
    cli: "history",
    faultSuites: true,
    docs: {
      returns:
        "Date and value columns, oldest first, with no header row. `granularity` is `daily` (the default) or `weekly`; STOCKHISTORY's 0/1 also work. `sort` is `asc` (the default) or `desc`; 0/1 also work. Extra columns: `confidence`, `status`, `publicationMode`, `derivationMethod`, `carriedForwardFrom`, one per argument or as one list, `\"confidence,status\"`. Without dates you get the service's default range, the last 30 days of data. `end` includes its whole day.",
      example: '`=INDEX.HISTORY("RTM-NWE-A-1x3", "2025-01-06", "2025-01-10")` → 5 rows, see below',
      glance: "dates and values, daily or weekly, with optional audit columns",
      glanceExample: '`=INDEX.HISTORY("RTM-NWE-A-1x3", "2025-01-06", "2025-01-10")` → 5 rows, first `1.8459`',
    },
  },
  {
    id: "PANEL",
    description: "Several indexes side by side on one shared date column, aligned by day. Spills.",
    parameters: [
      {
        name: "symbols",
        type: "string",
        dimensionality: "matrix",
        description: 'The index symbols: a range of cells, {"A","B"}, or one text "A,B". Up to 20.',
      },
      {
        name: "start",
        type: "any",
        optional: true,
        description:
          'First date: a date cell, "2024-01-31", or relative "-30D", "-6M", "-1Y". Default: the service\'s default range.',
      },
      {
        name: "end",
        type: "any",
        optional: true,
        description: "Last date, included; same forms as start. Default: the latest value.",
      },
      {
        name: "fill",
        type: "string",
        optional: true,
        choices: "PanelFill",
        description:
          'How a day without a value shows: "blank" (default), "previous" (the index\'s last value) or "na" (#N/A).',
      },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: "TRUE (default) puts a header row with the symbols on top; FALSE leaves it out.",
      },
      {
        name: "period",
        type: "string",
        optional: true,
        choices: "Period",
        description:
          'Statistics per period instead of daily values: "weekly", "monthly", "quarterly" or "yearly" (as INDEX.PERIODS). Default: daily values.',
      },
      {
        name: "stats",
        type: "string",
        optional: true,
        choices: "PeriodStat",
        description:
          'With a period: the stats, as INDEX.PERIODS takes them (default "avg,observed"). Columns: period start, period end, then per symbol one column per stat ("A avg", "A observed", "B avg"…).',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexPanel" },
    faultSuites: true,
    docs: {
      returns:
        'Several indexes side by side on one shared date column, aligned by UTC day. With `period`, one row per period instead: period start, period end, then for each symbol one column per stat (`A avg, A observed, B avg, …`); a period with no value for a symbol is empty, or `#N/A` with fill `na`; `stats` without `period` is `#VALUE!`. Days missing for one index show as `blank` (the default), `previous` (that index\'s last value) or `na` (#N/A). `symbols` can be a range, an array `{"A";"B"}` or a text `"A,B"`, up to 20 symbols. The header row (date plus the symbols) is on by default; without it a panel would not say which column is which.',
      example: '`=INDEX.PANEL(A2:A4, "-6M", , "previous")`',
      glance: "several indexes on one date column, or per period",
      glanceExample: '`=INDEX.PANEL(A2:A4, "-6M", , "previous")`',
    },
  },
  {
    id: "PERIODS",
    description:
      'Weekly, monthly, quarterly or yearly statistics of an index, with how many days were observed. Spills one row per period, oldest first. Only freshly published values count; carried-forward days count in "carried" only. Where the service does not mark carried-forward days (older services), every value counts as observed.',
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "start",
        type: "any",
        optional: true,
        description:
          'First date: a date cell, TODAY()-90, "2024-01-31", or relative "-30D", "-6M", "-1Y". Default: the service\'s own default range. A period cut by the range shows the cut dates.',
      },
      {
        name: "end",
        type: "any",
        optional: true,
        description: "Last date, included; same forms as start. Default: the latest value.",
      },
      {
        name: "period",
        type: "string",
        optional: true,
        choices: "Period",
        description:
          '"weekly" (ISO weeks, Monday to Sunday, as INDEX.HISTORY), "monthly" (default), "quarterly" or "yearly".',
      },
      {
        name: "stats",
        type: "string",
        optional: true,
        choices: "PeriodStat",
        description:
          'Comma-separated list, default "avg,observed". Any of avg, low, high, first, last, observed (fresh days), carried (carried-forward days), confidence (mean of fresh days), change (last minus the previous row\'s last), pctchange (change as a fraction).',
      },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description:
          'TRUE puts a header row on top: "period start", "period end", then the stats as typed. Default FALSE.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrixOfList", formula: "indexPeriods" },
    cli: "periods",
    faultSuites: true,
    docs: {
      returns:
        "One row per period with at least one value, oldest first: period start, period end (dates), then the stats in the order given. See [Period statistics](#period-statistics-indexperiods).",
      example: '`=INDEX.PERIODS("RTM-NWE-A-1x3", "2025-01-01", "2025-06-30")` → 6 monthly rows',
      glance: "weekly, monthly, quarterly or yearly statistics with the days actually fixed",
      glanceExample: '`=INDEX.PERIODS("RTM-NWE-A-1x3", "2025-01-01", "2025-06-30", "monthly", "avg,observed")`',
    },
  },
] as const satisfies readonly FunctionRow[];
