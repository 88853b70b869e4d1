import { CorrectionSchema, RESOURCES } from "@index-data/wire";
import { z } from "zod";
import { SERVED_LABELS } from "../observability/gateway-metrics";
import { HISTORY_GRANULARITIES } from "./schemas";
import { TOOL_CHOICES, TOOL_TEXTS } from "./tools.generated";

/**
 * Each tool's output schema: what its structured content holds. A field of the service's answer a tool passes on is
 * picked from the wire package's schema of that answer (RESOURCES' wire schemas), with its rule and words, never
 * typed again here; what the gateway makes of the answers (provenance, how it served, windows and pages, a change) is
 * the gateway's own and said here once.
 */
const LATEST = RESOURCES.latest.wire;
const HISTORY_POINT = RESOURCES.history.wire.shape.values.element;
const CATALOGUE_ENTRY = RESOURCES.listIndexes.wire.shape.indexes.element;
const FORWARD = RESOURCES.forward.wire;
const HEALTH = RESOURCES.benchmarkHealth.wire;

/** The fields of a service's answer a tool passes on as they are (provenance.ts: passOn), with the wire's rules. */
export const PASSED_ON = {
  catalogueEntry: CATALOGUE_ENTRY.pick({
    symbol: true,
    hub: true,
    grade: true,
    leadTime: true,
    description: true,
    isActive: true,
  }),
  latest: LATEST.pick({ symbol: true, value: true, currency: true, unit: true, methodologyVersion: true }),
  volatility: RESOURCES.volatility.wire.pick({ symbol: true, annualizedVol: true, windowDays: true, dataPoints: true }),
  forwardPoint: FORWARD.shape.curve.element,
  capacity: RESOURCES.capacity.wire.pick({
    bookedKg: true,
    availableKg: true,
    fillRatio: true,
    contributors: true,
    avgLeadTimeDays: true,
  }),
} as const;

/** Where a value comes from: the fix it belongs to. Null where the service publishes no such figure. */
export const Provenance = z.object({
  asOf: z.string().nullable().describe("When the value was fixed (ISO 8601)."),
  // Its words are its rule's, beside the bounds they say (packages/wire: Confidence).
  confidence: LATEST.shape.confidence.nullable(),
  status: LATEST.shape.status.nullable().describe("The fix's publication status."),
  carriedForwardFrom: z
    .string()
    .nullable()
    .describe("The date a carried-forward value was first published; null when fresh or not said."),
});
export type Provenance = z.output<typeof Provenance>;

/** How the gateway served the answer. */
const Served = z.object({
  cache: z.enum(SERVED_LABELS).describe("Cache-Status's outcome (RFC 9211)."),
  fetchedAt: z.string().describe("When the Index Data Service gave the answer."),
  resource: z.string().describe("The service's path the answer is for."),
});

const Point = z.object({ ...HISTORY_POINT.pick({ date: true, value: true }).shape, provenance: Provenance });
/** A value on a day of the change's (a UTC day, YYYY-MM-DD), with its provenance. */
const ChangePoint = z.object({
  date: HISTORY_POINT.shape.date.describe("The UTC day, YYYY-MM-DD."),
  value: HISTORY_POINT.shape.value,
  provenance: Provenance,
});

type Tool = keyof typeof TOOL_TEXTS;
/** The tools whose row names the resource they answer as it is (answered-tool.ts): no handler of their own. */
export type AnsweredTool = { [T in Tool]: (typeof TOOL_TEXTS)[T] extends { answers: string } ? T : never }[Tool];

/** A windowed answer's fields beside its rows (history-window.ts: windowFacts): `rows` names them. */
function windowFields(rows: string, available: string) {
  return {
    available: z.number().int().describe(available),
    truncated: z.boolean(),
    rest: z.string().nullable().describe(`How to ask for the ${rows} left out; null when none were.`),
    served: Served,
  };
}

/** What such a tool answers: the resource's data as the service gave it, and how the gateway served it. */
const ANSWERED_OUTPUT = {
  answer: z.record(z.string(), z.unknown()).describe("The Index Data Service's answer, as it gave it."),
  served: Served,
} as const;
const ANSWERED_OUTPUTS = Object.fromEntries(
  (Object.keys(TOOL_TEXTS) as Tool[])
    .filter((tool) => "answers" in TOOL_TEXTS[tool])
    .map((tool) => [tool, ANSWERED_OUTPUT]),
) as { readonly [T in AnsweredTool]: typeof ANSWERED_OUTPUT };

export const OUTPUTS = {
  ...ANSWERED_OUTPUTS,
  search_indexes: {
    indexes: z.array(
      z.object({
        ...PASSED_ON.catalogueEntry.shape,
        latestValue: CATALOGUE_ENTRY.shape.latestValue.unwrap(),
        provenance: Provenance,
      }),
    ),
    matched: z.number().int(),
    truncated: z.boolean().describe("Whether matches are left for the next page."),
    nextCursor: z.string().nullable().describe("The cursor of the next page; null on the last page."),
    served: Served,
  },
  get_latest: {
    ...PASSED_ON.latest.shape,
    provenance: Provenance,
    served: Served,
  },
  get_history: {
    symbol: RESOURCES.history.wire.shape.symbol,
    granularity: z.enum(HISTORY_GRANULARITIES),
    points: z.array(Point),
    ...windowFields("points", "Points the range holds at this granularity."),
  },
  get_volatility: {
    ...PASSED_ON.volatility.shape,
    provenance: Provenance.describe("The latest fix's provenance, which the window ends at."),
    served: Served,
  },
  get_forward_curve: {
    ...FORWARD.pick({ symbol: true, spotPrice: true }).shape,
    curve: z.array(z.object(PASSED_ON.forwardPoint.shape)),
    provenance: Provenance.describe("The spot's provenance: the latest fix."),
    served: Served,
  },
  get_capacity: {
    symbol: LATEST.shape.symbol,
    ...PASSED_ON.capacity.shape,
    provenance: Provenance.describe("The latest fix's provenance; asOf: when the figures were recorded, if said."),
    served: Served,
  },
  get_period_stats: {
    symbol: LATEST.shape.symbol,
    period: z.enum(TOOL_CHOICES.Period),
    periods: z.array(
      z.object({
        start: z.string(),
        end: z.string(),
        stats: z.record(z.string(), z.number().nullable()),
        provenance: Provenance.describe("The period's last value's."),
      }),
    ),
    ...windowFields("periods", "Periods the range holds."),
  },
  get_change: {
    symbol: LATEST.shape.symbol,
    period: z.enum(TOOL_CHOICES.ChangePeriod),
    mode: z.enum(TOOL_CHOICES.ChangeMode),
    change: z
      .number()
      .nullable()
      .describe("pct: latest ÷ base − 1, a fraction; abs: latest − base, in USD/kg. Null when there is none (reason)."),
    target: z.string().nullable().describe("The target day: the base is the last value on or before it."),
    base: ChangePoint.nullable().describe("The value the change is measured from; null when there is none."),
    latest: ChangePoint.describe("The latest fix."),
    reason: z.string().nullable().describe("Why there is no change (no base on or before the target, a base of 0)."),
    served: Served.describe("How the gateway served the history range the base was read from."),
  },
  get_corrections: {
    since: z.string().describe("The date or instant the list starts at: corrections found then or later."),
    corrections: z.array(CorrectionSchema),
  },
  get_benchmark_health: {
    benchmarkStatus: HEALTH.shape.benchmarkStatus,
    reasons: HEALTH.shape.reasons.unwrap().unwrap(),
    summary: HEALTH.shape.summary,
    provenance: Provenance,
    served: Served,
  },
  get_methodology: {
    ...RESOURCES.methodology.wire.pick({ version: true, publishedAt: true }).shape,
    methodology: z.record(z.string(), z.unknown()),
    provenance: Provenance,
    served: Served,
  },
} as const;
