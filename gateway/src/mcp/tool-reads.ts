import type { ToolContext } from "./tool-context";
import type { ReadValue } from "./resource-reader";
import { serviceDate } from "./tool-dates";

/** The symbol's latest fix: the provenance of figures derived from it (volatility, forward curve, capacity). */
export async function latestOf(context: ToolContext, symbol: string): Promise<ReadValue<"latest">> {
  return context.read("latest", [symbol]);
}

/** The history of `symbol` between `start` and `end` (ISO or relative forms, from the gateway's today). */
export async function readHistory(
  context: ToolContext,
  input: { readonly symbol: string; readonly start?: string | undefined; readonly end?: string | undefined },
  granularity?: "weekly",
): Promise<ReadValue<"history">> {
  const now = context.now();
  const startDate = serviceDate(input.start, "start", now);
  const endDate = serviceDate(input.end, "end", now);
  return context.read("history", [input.symbol, { startDate, endDate, granularity }]);
}
