import type { FunctionRow } from "./rows";

/** The Index value: INDEX.CARD. */
export const CARD_ROWS = [
  {
    id: "CARD",
    description:
      "The latest fix as a card: value, as-of date, confidence, status, carried-forward date, data coverage and the index's name. Refer to one property with =A1.Confidence. Where Excel has no data types it returns the latest value, as INDEX.LATEST does.",
    parameters: [
      { name: "symbol", type: "string", description: 'Index symbol, e.g. "RTM-NWE-A-1x3" (see INDEX.LIST).' },
      {
        name: "fields",
        type: "string",
        optional: true,
        dimensionality: "matrix",
        description:
          'Only these properties, as a list "Value,Confidence,Data coverage" or a range of names. Default: every property the service sent.',
      },
    ],
    result: "scalar",
    options: { requiresAddress: true },
    binding: { adapter: "entity", formula: "indexCard" },
    cli: "card",
    faultSuites: true,
    docs: {
      returns: "The latest fix as an Excel entity (a card). See [INDEX.CARD](#indexcardsymbol-fields).",
      example: '`=INDEX.CARD("RTM-NWE-A-1x3")`, then `=A1.Confidence`',
      glance:
        'the latest fix as an Excel card (entity) with its provenance; `=A1.Confidence` reads one field, `=A1.History("-30D")` spills its history',
      glanceExample: '`=INDEX.CARD("RTM-NWE-A-1x3")`',
    },
  },
] as const satisfies readonly FunctionRow[];
