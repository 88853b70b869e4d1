import type { FunctionRow } from "./rows";

/** The analytics of one index: INDEX.VOL, INDEX.FORWARD, INDEX.CAPACITY. */
export const ANALYTICS_ROWS = [
  {
    id: "VOL",
    description: "Annualized volatility of an index as a fraction (0.15 means 15%), over a rolling window of days.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "windowDays",
        type: "number",
        optional: true,
        description: "Length of the rolling window in calendar days, a whole number from 2 to 365. Default 30.",
      },
    ],
    result: "scalar",
    options: { requiresAddress: true },
    binding: { adapter: "scalar", formula: "indexVol" },
    cli: "vol",
    faultSuites: true,
    docs: {
      returns:
        "The annualized volatility as a fraction (0.15 = 15%). `windowDays` is a whole number from 2 to 365 (default 30), checked before any request.",
      example: '`=INDEX.VOL("RTM-NWE-A-1x3", 90)`',
      glance: "annualized volatility as a fraction",
      glanceExample: '`=INDEX.VOL("RTM-NWE-A-1x3", 90)`',
    },
  },
  {
    id: "FORWARD",
    description:
      "The forward curve of an index: tenor in months, tenor label, forward price and spread in basis points. Spills.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: "TRUE (default) puts a header row on top; FALSE leaves it out.",
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexForward" },
    cli: "forward",
    faultSuites: true,
    docs: {
      returns:
        "The forward curve, one row per tenor: tenorMonths, tenorLabel, forwardPrice, spreadBps. The header row is on by default. Newer description only; the older one gives `#N/A`.",
      example: '`=INDEX.FORWARD("RTM-NWE-A-1x3")` → 6 tenors, 1M to 12M',
      glance: "the forward curve, one row per tenor",
      glanceExample: '`=INDEX.FORWARD("RTM-NWE-A-1x3")` → 6 tenors, 1M to 12M',
    },
  },
  {
    id: "CAPACITY",
    description: "Capacity utilization of an index: one figure, or the whole record as field/value rows.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "field",
        type: "string",
        optional: true,
        choices: "CapacityField",
        description:
          'One figure: "fillRatio", "bookedKg", "availableKg", "contributors", "avgLeadTimeDays", "modelVersion", "horizonDays", "fillRatioSource", "recordedAt". Leave empty for the whole record.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexCapacity" },
    cli: "capacity",
    faultSuites: true,
    docs: {
      returns:
        "One figure (`fillRatio`, `bookedKg`, `availableKg`, `contributors`, `avgLeadTimeDays`, `modelVersion`, `horizonDays`, `fillRatioSource`, `recordedAt`). Without a field, the whole record as field/value rows.",
      example: '`=INDEX.CAPACITY("RTM-NWE-A-1x3", "fillRatio")`',
      glance: "capacity utilization: one figure or the whole record",
      glanceExample: '`=INDEX.CAPACITY("RTM-NWE-A-1x3", "fillRatio")`',
    },
  },
] as const satisfies readonly FunctionRow[];
