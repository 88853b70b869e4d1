import type { FunctionRow } from "./rows";

/** The catalogue and the latest fix: INDEX.LIST, INDEX.LATEST, INDEX.FIX. */
export const LATEST_ROWS = [
  {
    id: "LIST",
    description:
      "Lists every published index: symbol, hub, grade, lead time, description, active, latest value and its date. Spills.",
    parameters: [
      {
        name: "activeOnly",
        type: "boolean",
        optional: true,
        description: "TRUE to list only active indexes. Default FALSE (all indexes).",
      },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: "TRUE (default) puts a header row on top; FALSE leaves it out.",
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexList" },
    cli: "list",
    faultSuites: true,
    docs: {
      returns:
        "The catalogue, one row per index: symbol, hub, grade, leadTime, description, active, latestValue, latestAsOf. The header row is on by default. An index without data shows empty latest cells, never 0.",
      example: "`=INDEX.LIST(TRUE)` lists the active indexes.",
      glance: "the catalogue, one row per index",
      glanceExample: "`=INDEX.LIST(TRUE)`",
    },
  },
  {
    id: "LATEST",
    description:
      "The latest value of an index, or any one field of its latest fix (as-of date, confidence, status, coverage...).",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).' },
      {
        name: "field",
        type: "string",
        optional: true,
        choices: "LatestField",
        description:
          'Which figure: "value" (default), "asOf", "confidence", "status", "publicationMode", "carriedForwardFrom", a coverage figure such as "topContributorShare", or "stale" (TRUE when the service could not answer and this is the last-known value).',
      },
    ],
    result: "scalar",
    options: { requiresAddress: true },
    binding: { adapter: "scalar", formula: "indexLatest" },
    cli: "latest",
    faultSuites: true,
    docs: {
      returns:
        "The latest value by default. `field` picks any one field of the latest fix: `value`, `asOf`, `symbol`, `currency`, `unit`, `confidence`, `status`, `methodologyVersion`, `derivationMethod`, `publicationMode`, `carriedForwardFrom`, the six coverage figures (`contributors`, `executedTrades`, `firmQuotes`, `indicatives`, `totalMassKg`, `topContributorShare`), `stale` and `fetchedAt`. Timestamps come back as dates. `stale` is TRUE when the value is a last-known one because the service could not answer. Field names ignore case, spaces and a `dataCoverage.` prefix.",
      example: '`=INDEX.LATEST("RTM-NWE-A-1x3", "confidence")` → today\'s confidence, a whole number from 0 to 100',
      glance: "the latest value, or one field of the latest fix (`confidence`, `status`, `asOf`, `stale`…)",
      glanceExample: '`=INDEX.LATEST("RTM-NWE-A-1x3", "confidence")`',
    },
  },
  {
    id: "FIX",
    description:
      "The whole latest fix of an index as field/value rows: the audit card behind a number (value, as-of, confidence, status, methodology, derivation, coverage). Spills.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3".' },
      {
        name: "headers",
        type: "boolean",
        optional: true,
        description: 'TRUE puts a "field | value" header row on top. Default FALSE.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true },
    binding: { adapter: "matrix", formula: "indexFix" },
    faultSuites: true,
    docs: {
      returns:
        "The whole latest fix as two columns, field and value: the audit card behind a number. Fields the service's description does not send are left out. The header row is off by default.",
      example: '`=INDEX.FIX("RTM-NWE-A-1x3")`',
      glance: "the whole latest fix as field/value rows: the audit card",
      glanceExample: '`=INDEX.FIX("RTM-NWE-A-1x3")`',
    },
  },
] as const satisfies readonly FunctionRow[];
