import { measureChange, type ChangeOutcome } from "@index-data/wire";
import { dayText } from "@index-data/wire/time";
import { pointProvenance, provenanceOf, servedOf } from "./provenance";
import type { ReadValue } from "./resource-reader";
import type { ToolHandler } from "./tool-context";
import { ours, said } from "./tool-text";

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
export const getChange: ToolHandler<"get_change"> = async (input, context) => {
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
        ? said`${ours(period)} change ${ours(figure(outcome.change, mode))}: latest ${latest.value} on ${ours(latest.date)} against ${outcome.base.point.value} on ${ours(dayText(outcome.base.day))}.`
        : said`No ${ours(period)} change: ${ours(outcome.reason)}.`,
  };
};
