import { BadRequestError } from "./errors/bad-request-error";
import type { HistoryQuery } from "./resources/history";
import { SYMBOL_RULE, validSymbol } from "./symbol";

function refuse(message: string, code: string): never {
  // No request was sent, so there is no path and no status; the code says which argument.
  throw new BadRequestError(message, { code });
}

/**
 * The symbol as a path segment, by the one rule of `symbol.ts`: trimmed, and refused before any URL is
 * built unless it is a valid symbol, so ".", "..", slashes and the like can never reach another path.
 * The text is not echoed back: it may hold control characters, and the cell shows the argument anyway.
 */
export function symbolSegment(symbol: unknown): string {
  const valid = validSymbol(symbol);
  if (valid === undefined) refuse(`Not a valid index symbol: give ${SYMBOL_RULE}.`, "INVALID_SYMBOL");
  // A valid symbol needs no encoding; encoding anyway keeps the segment safe if the rule is ever widened.
  return encodeURIComponent(valid);
}

/** windowDays as a query value; only values that cannot be a number are refused here, the range is the service's. */
export function windowDaysParam(windowDays: unknown): number | undefined {
  if (windowDays === undefined) return undefined;
  if (typeof windowDays !== "number" || !Number.isFinite(windowDays)) {
    refuse("windowDays must be a number of days, e.g. 30.", "INVALID_WINDOW");
  }
  return windowDays;
}

function dateParam(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") {
    refuse(`${name} must be an ISO 8601 date such as 2024-01-31 (or left out).`, "INVALID_DATE");
  }
  return value.trim();
}

/** The history query as sent: the spec's startDate/endDate/granularity names, undefined ones left out. */
export function historyParams(query: HistoryQuery | undefined): Record<string, string | undefined> {
  const granularity: unknown = query?.granularity;
  if (granularity !== undefined && (typeof granularity !== "string" || granularity.trim() === "")) {
    refuse('granularity must be "daily" or "weekly" (or left out).', "INVALID_GRANULARITY");
  }
  return {
    startDate: dateParam("startDate", query?.startDate),
    endDate: dateParam("endDate", query?.endDate),
    granularity: granularity as string | undefined,
  };
}
