import type { FunctionRow } from "./rows";

/** The service and the benchmark as a whole, and the live value: INDEX.HEALTH, INDEX.STATUS, INDEX.METHODOLOGY, INDEX.LIVE. */
export const SERVICE_ROWS = [
  {
    id: "HEALTH",
    description:
      "Integrity of the benchmark as a whole over the last 72 hours: its status, the reason codes, or a summary figure.",
    parameters: [
      {
        name: "field",
        type: "string",
        optional: true,
        choices: "HealthField",
        description:
          '"benchmarkStatus" (default), "reasons" (the reason codes, one per row), "asOf", "activeIndexCount", "avgConfidence", "carryForwardShare", "approvedRealData72h", "flagshipFlatHours", "flagshipTopContributorShare", or "all" for every field.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexHealth" },
    cli: "benchmark-health",
    faultSuites: true,
    docs: {
      returns:
        "The benchmark status by default. `reasons` spills the reason codes, one per row (an empty cell when there are none). Any summary figure (`activeIndexCount`, `avgConfidence`, `carryForwardShare`, `approvedRealData72h`, `flagshipFlatHours`, `flagshipTopContributorShare`) or `asOf` can be asked for, and `all` gives every field. Newer description only.",
      example: '`=INDEX.HEALTH("reasons")` → an empty cell while healthy',
      glance: "the benchmark's status, reasons and summary figures",
      glanceExample: '`=INDEX.HEALTH("reasons")`',
    },
  },
  {
    id: "STATUS",
    description: 'The state of the index service: "ok", "degraded" or "down".',
    parameters: [],
    result: "scalar",
    options: { requiresAddress: true },
    binding: { adapter: "scalar", formula: "indexStatus" },
    cli: "status",
    faultSuites: true,
    docs: {
      returns:
        "`ok`, `degraded` or `down`, from `/api/status`. A service without that endpoint (the older description) is judged by `/api/health`: healthy is `ok`, otherwise the state its body names, or `degraded`.",
      example: "`=INDEX.STATUS()` → `ok`",
      glance: "`ok`, `degraded` or `down`",
      glanceExample: "`=INDEX.STATUS()` → `ok`",
    },
  },
  {
    id: "METHODOLOGY",
    description:
      "The methodology in force: its version by default, or a part of the methodology document. Where the service publishes no methodology document, the version is the methodologyVersion of the latest fixes.",
    parameters: [
      {
        name: "field",
        type: "string",
        optional: true,
        choices: "MethodologyField",
        description:
          '"version" (default), "publishedAt", "changelog", "productDefinition", "calculationMethod", "normalizationRules" or "confidenceScoring". Only "version" is available where the service has no methodology document.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexMethodology" },
    cli: "methodology",
    faultSuites: true,
    docs: {
      returns:
        "The methodology version by default, or a part of the methodology document: `publishedAt` (a date), `changelog` (a table), `productDefinition`, `calculationMethod`, `normalizationRules`, `confidenceScoring`. **Fallback:** the newer description has no methodology document; there the version is the `methodologyVersion` of the latest fix of the first active index with data, and the other fields give `#N/A`.",
      example: "`=INDEX.METHODOLOGY()` → `2.3.1`",
      glance: "the methodology version, or a part of its document",
      glanceExample: "`=INDEX.METHODOLOGY()` → `2.3.1`",
    },
  },
  {
    id: "LIVE",
    description: "The latest value of an index, live: the cell updates by itself when a new fix is published.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).' },
      {
        name: "field",
        type: "string",
        optional: true,
        description:
          'Which figure to watch: "value" (default), "asOf", "confidence", "status" or any other field of INDEX.LATEST.',
      },
      {
        name: "seconds",
        type: "number",
        optional: true,
        description:
          "How often to check for a new fix, in seconds. Default 30. The add-in checks less often when your rate limit requires it (many live symbols, anonymous tier).",
      },
    ],
    result: "scalar",
    options: { stream: true },
    binding: { adapter: "stream", formula: "indexLive", once: "indexLatest" },
    docs: {
      returns: "A streaming value that updates itself; see [below](#indexlivesymbol-field-seconds).",
      example: '`=INDEX.LIVE("RTM-NWE-A-1x3")`',
      glance: "a value that updates itself, within the rate budget",
      glanceExample: '`=INDEX.LIVE("RTM-NWE-A-1x3")`',
    },
  },
] as const satisfies readonly FunctionRow[];
