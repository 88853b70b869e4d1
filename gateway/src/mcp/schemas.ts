import { z } from "zod";
import { symbolArgument } from "./tool-arguments";
import { TOOL_CHOICES, TOOL_INPUTS, TOOL_TEXTS } from "./tools.generated";

/**
 * Each tool's input and output schema. The arguments a tool shares with its function, their rules and words, come
 * from the function table (tools.generated.ts); what is the agent's own (how many points, monthly history, a search
 * text, pages) is said here. Every input is bounded, so a hostile argument is refused by the schema before anything
 * is read.
 */

/** Most history points one call returns: sized to leave room in a model's context for the conversation. */
export const MAX_HISTORY_POINTS = 500;
/** Most catalogue rows one call returns. */
export const MAX_SEARCH_ROWS = 200;

export const INPUTS = {
  ...TOOL_INPUTS,
  search_indexes: {
    query: z
      .string()
      .max(100)
      .optional()
      .describe("Text to find in an index's symbol, hub, grade, lead time or description (any case). Default: all."),
    ...TOOL_INPUTS.search_indexes,
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_ROWS)
      .optional()
      .describe(`Most rows a page holds. Default ${MAX_SEARCH_ROWS}; a page is also cut to the answer's size.`),
    cursor: z
      .string()
      .max(12)
      .optional()
      .describe("The nextCursor of the page before, for the next page of the same search. Default: the first page."),
  },
  get_corrections: {
    symbol: symbolArgument().optional().describe("The index whose corrections to list. Default: every index's."),
    ...TOOL_INPUTS.get_corrections,
  },
  get_history: {
    ...TOOL_INPUTS.get_history,
    granularity: z
      .enum([...TOOL_CHOICES.Granularity, "monthly"])
      .optional()
      .describe(
        `"daily" (default), "weekly" (each ISO week shown by its last freshly published value) or "monthly" (each month's last freshly published value). At most ${MAX_HISTORY_POINTS} points per call.`,
      ),
  },
} as const;

export type ToolName = keyof typeof INPUTS;
export const TOOL_NAMES = Object.keys(INPUTS) as ToolName[];

/** Where a value comes from: the fix it belongs to. Null where the service publishes no such figure. */
export const Provenance = z.object({
  asOf: z.string().nullable().describe("When the value was fixed (ISO 8601)."),
  confidence: z.number().nullable().describe("Confidence in the fix, 0 to 100."),
  status: z.string().nullable().describe("The fix's publication status."),
  carriedForwardFrom: z
    .string()
    .nullable()
    .describe("The date a carried-forward value was first published; null when fresh or not said."),
});
export type Provenance = z.output<typeof Provenance>;

/** How the gateway served the answer. */
const Served = z.object({
  cache: z.enum(["hit", "miss", "collapsed", "stale", "passed"]).describe("Cache-Status's outcome (RFC 9211)."),
  fetchedAt: z.string().describe("When the Index Data Service gave the answer."),
  resource: z.string().describe("The service's path the answer is for."),
});

/** One answer for a day as the desk's archive keeps it. */
const Seen = z.object({ value: z.number(), status: z.string(), seenAt: z.string().describe("ISO 8601.") });

const Point = z.object({ date: z.string(), value: z.number(), provenance: Provenance });
/** A value on a day of the change's (a UTC day, YYYY-MM-DD), with its provenance. */
const ChangePoint = z.object({
  date: z.string().describe("The UTC day, YYYY-MM-DD."),
  value: z.number(),
  provenance: Provenance,
});

type Tool = keyof typeof TOOL_TEXTS;
/** The tools whose row names the resource they answer as it is (answered-tool.ts): no handler of their own. */
export type AnsweredTool = { [T in Tool]: (typeof TOOL_TEXTS)[T] extends { answers: string } ? T : never }[Tool];

/** What such a tool answers: the resource's data as the service gave it, and how the gateway served it. */
/** A windowed answer's fields beside its rows (history-window.ts: windowFacts): `rows` names them. */
function windowFields(rows: string, available: string) {
  return {
    available: z.number().int().describe(available),
    truncated: z.boolean(),
    rest: z.string().nullable().describe(`How to ask for the ${rows} left out; null when none were.`),
    served: Served,
  };
}

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
        symbol: z.string(),
        hub: z.string(),
        grade: z.string(),
        leadTime: z.string(),
        description: z.string(),
        isActive: z.boolean(),
        latestValue: z.number().nullable(),
        provenance: Provenance,
      }),
    ),
    matched: z.number().int(),
    truncated: z.boolean().describe("Whether matches are left for the next page."),
    nextCursor: z.string().nullable().describe("The cursor of the next page; null on the last page."),
    served: Served,
  },
  get_latest: {
    symbol: z.string(),
    value: z.number(),
    currency: z.string(),
    unit: z.string(),
    methodologyVersion: z.string(),
    provenance: Provenance,
    served: Served,
  },
  get_history: {
    symbol: z.string(),
    granularity: z.enum(["daily", "weekly", "monthly"]),
    points: z.array(Point),
    ...windowFields("points", "Points the range holds at this granularity."),
  },
  get_volatility: {
    symbol: z.string(),
    annualizedVol: z.number(),
    windowDays: z.number(),
    dataPoints: z.number(),
    provenance: Provenance.describe("The latest fix's provenance, which the window ends at."),
    served: Served,
  },
  get_forward_curve: {
    symbol: z.string(),
    spotPrice: z.number(),
    curve: z.array(
      z.object({ tenorMonths: z.number(), tenorLabel: z.string(), forwardPrice: z.number(), spreadBps: z.number() }),
    ),
    provenance: Provenance.describe("The spot's provenance: the latest fix."),
    served: Served,
  },
  get_capacity: {
    symbol: z.string(),
    bookedKg: z.number(),
    availableKg: z.number(),
    fillRatio: z.number(),
    contributors: z.number(),
    avgLeadTimeDays: z.number(),
    provenance: Provenance.describe("The latest fix's provenance; asOf: when the figures were recorded, if said."),
    served: Served,
  },
  get_period_stats: {
    symbol: z.string(),
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
    symbol: z.string(),
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
    corrections: z.array(
      z.object({
        symbol: z.string(),
        date: z.string().describe("The day published again, YYYY-MM-DD."),
        was: Seen.describe("What the desk first saw of the day, and when."),
        now: Seen.describe("What the service says now, and when the desk first saw it."),
      }),
    ),
  },
  get_benchmark_health: {
    benchmarkStatus: z.string(),
    reasons: z.array(z.string()),
    summary: z.record(z.string(), z.unknown()),
    provenance: Provenance,
    served: Served,
  },
  get_methodology: {
    version: z.string(),
    publishedAt: z.string(),
    methodology: z.record(z.string(), z.unknown()),
    provenance: Provenance,
    served: Served,
  },
} as const;
