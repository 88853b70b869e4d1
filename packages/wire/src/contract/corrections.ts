import { z } from "zod";

/**
 * A correction: a day the service published again differently, with what was first seen of it and what it says now.
 * The desk gateway's archive keeps these and lists them at `GET /gateway/corrections` (docs/corrections.md), and its
 * MCP tool get_corrections answers them; without a gateway the add-in finds them from what its workbook saw. All give
 * this one shape, read by these schemas (unknown fields are dropped, never refused).
 */

/** One answer for a day: its value and status, and when it was first (was) or newly (now) seen. */
export const SeenValueSchema = z.object({
  value: z.number().finite(),
  status: z.string(),
  seenAt: z.string().min(1).describe("ISO 8601."),
});
export type SeenValue = Readonly<z.output<typeof SeenValueSchema>>;

export const CorrectionSchema = z.object({
  symbol: z.string().min(1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe("The day published again, YYYY-MM-DD."),
  was: SeenValueSchema.describe("What the desk first saw of the day, and when."),
  now: SeenValueSchema.describe("What the service says now, and when the desk first saw it."),
});
export type Correction = Readonly<z.output<typeof CorrectionSchema>>;
