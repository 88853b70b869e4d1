import { z } from "zod";
import { symbolArgument } from "./tool-arguments";
import { TOOL_CHOICES, TOOL_INPUTS } from "./tools.generated";

/**
 * Each tool's input schema (its output's: outputs.ts). The arguments a tool shares with its function, their rules and words, come
 * from the function table (tools.generated.ts); what is the agent's own (how many points, monthly history, a search
 * text, pages) is said here. Every input is bounded, so a hostile argument is refused by the schema before anything
 * is read.
 */

/** Most history points one call returns: sized to leave room in a model's context for the conversation. */
export const MAX_HISTORY_POINTS = 500;
/** Most catalogue rows one call returns. */
export const MAX_SEARCH_ROWS = 200;

/** The history's granularities: the function's, and monthly, which the tool makes of the daily history. */
export const HISTORY_GRANULARITIES = [...TOOL_CHOICES.Granularity, "monthly"] as const;

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
      .enum(HISTORY_GRANULARITIES)
      .optional()
      .describe(
        `"daily" (default), "weekly" (each ISO week shown by its last freshly published value) or "monthly" (each month's last freshly published value). At most ${MAX_HISTORY_POINTS} points per call.`,
      ),
  },
} as const;

export type ToolName = keyof typeof INPUTS;
export const TOOL_NAMES = Object.keys(INPUTS) as ToolName[];
