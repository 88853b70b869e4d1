import { BadRequestError } from "./errors/bad-request-error";
import type { HistoryQuery } from "./resources/history";

const MAX_SYMBOL_LENGTH = 100;

function refuse(message: string, code: string): never {
  // No request was sent, so there is no path and no status; the code says which argument.
  throw new BadRequestError(message, { path: "", code });
}

/** The symbol as a path segment: checked, trimmed and percent-encoded (symbols may contain dots and other marks). */
export function symbolSegment(symbol: unknown): string {
  if (typeof symbol !== "string" || symbol.trim() === "") {
    refuse('The index symbol is empty: pass a symbol such as "RTM-NWE-A-1x3" (see the index list).', "INVALID_SYMBOL");
  }
  const trimmed = symbol.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed.length > MAX_SYMBOL_LENGTH || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    refuse(`The index symbol is not valid: use a symbol from the index list (at most ${MAX_SYMBOL_LENGTH} characters).`, "INVALID_SYMBOL");
  }
  return encodeURIComponent(trimmed);
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
