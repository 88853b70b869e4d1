import type { FunctionRow } from "./rows";

/** How far an index has moved: INDEX.CHANGE. */
export const CHANGE_ROWS = [
  {
    id: "CHANGE",
    description:
      "How far an index has moved over a period: the latest fix against the daily history's value on the last day on or before the latest fix's date minus the period. A fraction by default (0.012 shows as 1.20%), or the change in USD/kg.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "period",
        type: "string",
        optional: true,
        choices: "ChangePeriod",
        description:
          '"1D" (default), "1W", "1M", "3M", "6M", "YTD" (since 31 December) or "1Y". Months and years are calendar ones, clamped to the month\'s end.',
      },
      {
        name: "mode",
        type: "string",
        optional: true,
        choices: "ChangeMode",
        description: '"pct" (default): latest ÷ base − 1, as a fraction; "abs": latest − base, in USD/kg.',
      },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: "TRUE spills the base date beside the change, under a header row. Default FALSE.",
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexChange" },
    faultSuites: true,
    docs: {
      returns:
        "The change of the latest fix over `period` (`1D`, the default, `1W`, `1M`, `3M`, `6M`, `YTD`, `1Y`): `pct` (the default) latest ÷ base − 1 as a fraction, shown as a percentage; `abs` latest − base in USD/kg. The base is the daily history's value on the last day on or before the latest fix's date minus the period; see [Change over a period](#change-over-a-period-indexchange). `headers` TRUE spills the base date beside it. A base before the index's history starts says so in words.",
      example: '`=INDEX.CHANGE("RTM-NWE-A-1x3", "1M")`',
      glance: "how far the latest fix has moved over 1D, 1W, 1M, 3M, 6M, YTD or 1Y, as a fraction or in USD/kg",
      glanceExample: '`=INDEX.CHANGE("RTM-NWE-A-1x3", "YTD")`',
    },
  },
] as const satisfies readonly FunctionRow[];
