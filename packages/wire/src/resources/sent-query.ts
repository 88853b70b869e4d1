import { WINDOW_DAYS } from "../contract";
import { parseInstant, startOfUtcDay } from "../time";
import type { ResourceName } from "./table";

/**
 * A query as a server that speaks the service's API on its behalf (the desk gateway) receives it, checked by the rules
 * the add-in's own arguments follow before they are sent: dates the engine can read as an instant (a date, or a
 * date-time naming its zone; `parseInstant`), granularity `daily` or `weekly`, windowDays a whole number within
 * WINDOW_DAYS (the rule of INDEX.VOL's argument). The add-in's client itself stays lenient where the service decides
 * (it sends any non-empty date and lets the service refuse it); a server in front of the service refuses such values
 * before they cost a send.
 */
export type SentQueryCheck =
  | { readonly ok: true; readonly query: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly code: string; readonly message: string };

type Query = Readonly<Record<string, string>>;

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DATE_RULE = "an ISO 8601 date such as 2024-01-31, or a date-time with its zone such as 2024-01-31T00:00:00Z";

/** A date parameter's instant (the UTC day it falls in decides the range), or a refusal naming the parameter. */
function dateOf(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = value.length <= 40 ? parseInstant(value) : undefined;
  if (ms === undefined) throw new Refusal("INVALID_DATE", `${name} must be ${DATE_RULE} (or left out).`);
  return ms;
}

/** One of the two spellings of a date (`startDate` or the older `start`), never both: they would name one range twice. */
function oneOf(query: Query, name: string, older: string): string | undefined {
  if (query[name] !== undefined && query[older] !== undefined)
    throw new Refusal("BAD_REQUEST", `Give ${name} or ${older}, not both.`);
  return query[name] !== undefined ? name : query[older] !== undefined ? older : undefined;
}

function checkHistory(query: Query): Query {
  const startName = oneOf(query, "startDate", "start");
  const endName = oneOf(query, "endDate", "end");
  const start = startName === undefined ? undefined : dateOf(startName, query[startName]);
  const end = endName === undefined ? undefined : dateOf(endName, query[endName]);
  if (start !== undefined && end !== undefined && startOfUtcDay(start) > startOfUtcDay(end))
    throw new Refusal("INVALID_DATE_RANGE", `${startName} is after ${endName}; swap them.`);
  const granularity = query["granularity"];
  if (granularity !== undefined && granularity !== "daily" && granularity !== "weekly")
    throw new Refusal("INVALID_GRANULARITY", 'granularity must be "daily" or "weekly" (or left out).');
  return query;
}

function checkVolatility(query: Query): Query {
  const text = query["windowDays"];
  if (text === undefined) return query;
  const days = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(days >= WINDOW_DAYS.min && days <= WINDOW_DAYS.max))
    throw new Refusal(
      "INVALID_WINDOW",
      `windowDays must be a whole number of days from ${WINDOW_DAYS.min} to ${WINDOW_DAYS.max} (or left out).`,
    );
  // One spelling per window ("030" and "30" are one resource).
  return { ...query, windowDays: String(days) };
}

const CHECKS: Readonly<Partial<Record<ResourceName, (query: Query) => Query>>> = {
  history: checkHistory,
  volatility: checkVolatility,
};

/**
 * The query of a request for resource `name`, values trimmed and spelled one way, or the reason it must not be sent
 * (a code as the service's own, and a message that never echoes the value). `query` holds only the row's parameters.
 */
export function checkSentQuery(name: ResourceName, query: Query): SentQueryCheck {
  const trimmed = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value.trim()]));
  for (const [key, value] of Object.entries(trimmed))
    if (value === "")
      return { ok: false, code: "BAD_REQUEST", message: `${key} is empty: give a value or leave it out.` };
  try {
    return { ok: true, query: CHECKS[name]?.(trimmed) ?? trimmed };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, code: error.code, message: error.message };
  }
}
