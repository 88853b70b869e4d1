import { measureChange, type ChangeOutcome } from "@index-data/wire";
import { dayText } from "@index-data/wire/time";
import type { z } from "zod";
import { pointProvenance, provenanceOf, servedOf } from "./provenance";
import type { ReadValue } from "./resource-reader";
import type { INPUTS } from "./schemas";
import type { ToolAnswer, ToolContext } from "./tools";

type ChangeInput = z.output<z.ZodObject<(typeof INPUTS)["get_change"]>>;

/** A figure as the text says it: a fraction as a percentage, USD/kg to 4 decimals. */
function figure(value: number, mode: "pct" | "abs"): string {
  return mode === "pct" ? `${(value * 100).toFixed(2)}%` : `${value >= 0 ? "+" : ""}${value.toFixed(4)} USD/kg`;
}

/**
 * get_change: INDEX.CHANGE by the same definition and the same reads (@index-data/wire's measureChange): the latest
 * fix, then one history range anchored on its date, which every period and mode of the symbol shares, so a second
 * call, or a cell of the desk asking the same, is a hit. The text holds only figures and days the gateway computed;
 * the service's own words (the symbol, a status) stay in the structured fields.
 */
export async function getChange(input: ChangeInput, context: ToolContext): Promise<ToolAnswer<"get_change">> {
  const period = input.period ?? "1D";
  const mode = input.mode ?? "pct";
  let fix: ReadValue<"latest"> | undefined;
  let range: ReadValue<"history"> | undefined;
  const outcome: ChangeOutcome = await measureChange(
    {
      latest: async () => (fix = await context.read("latest", [input.symbol])).data,
      history: async (query) => (range = await context.read("history", [input.symbol, query])).data.values,
    },
    period,
    mode,
  );
  // The wire schema admits only readable dates, so an undated fix is an answer the gateway could not read.
  if (fix === undefined || range === undefined || outcome.kind === "undated")
    throw new Error(`get_change: undated fix`);
  const latest = { date: dayText(outcome.latest.day), value: outcome.latest.value, provenance: provenanceOf(fix.data) };
  const base =
    outcome.kind === "no-base"
      ? null
      : {
          date: dayText(outcome.base.day),
          value: outcome.base.point.value,
          provenance: pointProvenance(outcome.base.point),
        };
  const change = outcome.kind === "change" ? outcome.change : null;
  return {
    structured: {
      symbol: fix.data.symbol,
      period,
      mode,
      change,
      target: dayText(outcome.target),
      base,
      latest,
      reason: outcome.kind === "change" ? null : outcome.reason,
      served: servedOf(range),
    },
    text:
      outcome.kind === "change"
        ? `${period} change ${figure(outcome.change, mode)}: latest ${latest.value} on ${latest.date} against ${outcome.base.point.value} on ${dayText(outcome.base.day)}.`
        : `No ${period} change: ${outcome.reason}.`,
  };
}
