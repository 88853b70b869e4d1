import type { FunctionRow } from "./rows";

/** The Index value's methods (=A1.Vol(), =A1.History()…) and the data type's load service, which Excel calls for linked cells. */
export const CARD_METHOD_ROWS = [
  {
    id: "CARD.VOL",
    description:
      "The annualized volatility of the index in a card or Index entity, as INDEX.VOL gives it: =A1.Vol(90).",
    parameters: [
      {
        name: "card",
        type: "any",
        cellValueType: "cellvalue",
        description: "The INDEX.CARD cell or Index entity the method is called on (Excel passes it).",
      },
      {
        name: "windowDays",
        type: "number",
        optional: true,
        description: "Length of the rolling window in calendar days, 2 to 365. Default 30.",
      },
    ],
    result: "scalar",
    options: { requiresAddress: true, excludeFromAutoComplete: true, capturesCallingObject: true },
    binding: { adapter: "scalar", formula: "cardVol" },
  },
  {
    id: "CARD.FORWARD",
    description: "The forward curve of the index in a card or Index entity, as INDEX.FORWARD gives it: =A1.Forward().",
    parameters: [
      {
        name: "card",
        type: "any",
        cellValueType: "cellvalue",
        description: "The INDEX.CARD cell or Index entity the method is called on (Excel passes it).",
      },
    ],
    result: "matrix",
    options: { requiresAddress: true, excludeFromAutoComplete: true, capturesCallingObject: true },
    binding: { adapter: "matrix", formula: "cardForward" },
  },
  {
    id: "CARD.CAPACITY",
    description:
      'Capacity utilization of the index in a card or Index entity, as INDEX.CAPACITY gives it: =A1.Capacity("fillRatio").',
    parameters: [
      {
        name: "card",
        type: "any",
        cellValueType: "cellvalue",
        description: "The INDEX.CARD cell or Index entity the method is called on (Excel passes it).",
      },
      {
        name: "field",
        type: "string",
        optional: true,
        choices: "CapacityField",
        description: 'One figure, e.g. "fillRatio"; leave empty for the whole record.',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true, excludeFromAutoComplete: true, capturesCallingObject: true },
    binding: { adapter: "matrix", formula: "cardCapacity" },
  },
  {
    id: "CARD.HISTORY",
    description: 'The history of the index in a card or Index entity, as INDEX.HISTORY gives it: =A1.History("-30D").',
    parameters: [
      {
        name: "card",
        type: "any",
        cellValueType: "cellvalue",
        description: "The INDEX.CARD cell or Index entity the method is called on (Excel passes it).",
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
        name: "granularity",
        type: "string",
        optional: true,
        choices: "Granularity",
        description: '"daily" (default) or "weekly".',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true, excludeFromAutoComplete: true, capturesCallingObject: true },
    binding: { adapter: "matrix", formula: "cardHistory" },
  },
  {
    id: "CARD.PERIODS",
    description:
      'Period statistics of the index in a card or Index entity, as INDEX.PERIODS gives them: =A1.Periods("weekly").',
    parameters: [
      {
        name: "card",
        type: "any",
        cellValueType: "cellvalue",
        description: "The INDEX.CARD cell or Index entity the method is called on (Excel passes it).",
      },
      {
        name: "period",
        type: "string",
        optional: true,
        choices: "Period",
        description: '"weekly", "monthly" (default), "quarterly" or "yearly".',
      },
      {
        name: "stats",
        type: "string",
        optional: true,
        choices: "PeriodStat",
        description: 'Comma-separated list, default "avg,observed" (as INDEX.PERIODS).',
      },
    ],
    result: "matrix",
    options: { requiresAddress: true, excludeFromAutoComplete: true, capturesCallingObject: true },
    binding: { adapter: "matrix", formula: "cardPeriods" },
  },
  {
    id: "ENTITYSERVICE",
    description:
      "Loads Index entities for Excel's Index data type: each symbol's latest fix as the card INDEX.CARD shows.",
    parameters: [
      {
        name: "request",
        type: "any",
        description: "The entities Excel asks for (a LinkedEntityLoadServiceRequest, as JSON text).",
      },
    ],
    result: "scalar",
    options: { linkedEntityLoadService: true },
    binding: { adapter: "loadService", formula: "loadIndexEntities" },
  },
] as const satisfies readonly FunctionRow[];
