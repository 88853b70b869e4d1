import type { Resource } from "../answers/resources";
import type { DayAnswer } from "./archive";

/** The endpoints whose answers publish a day's value: what the archive keeps. */
const ARCHIVED_ENDPOINTS: readonly string[] = ["history", "latest"];

function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : undefined;
}

/** A day's answer from one point of an answer: its date's day (`YYYY-MM-DD`), value and status. */
function dayOf(date: unknown, value: unknown, status: unknown): DayAnswer[] {
  if (typeof date !== "string" || typeof value !== "number" || typeof status !== "string") return [];
  return [{ date: date.slice(0, 10), value, status }];
}

/** The symbol a resource's path names (`/api/v1/index/{symbol}/…`). */
function symbolOf(resource: Resource): string | undefined {
  const segment = resource.path.split("?")[0]?.split("/")[4];
  return segment === undefined ? undefined : decodeURIComponent(segment);
}

/**
 * The days an answer publishes, as its schema read it: every point of a history, the day of a latest fix (its
 * `asOf`'s date). Nothing for another endpoint or a refusal.
 */
export function answerDays(
  resource: Resource,
  status: number,
  value: unknown,
): { readonly symbol: string; readonly days: DayAnswer[] } | undefined {
  const symbol = symbolOf(resource);
  const body = record(value);
  if (
    status !== 200 ||
    !ARCHIVED_ENDPOINTS.includes(resource.endpoint.name) ||
    symbol === undefined ||
    body === undefined
  )
    return undefined;
  if (resource.endpoint.name === "latest") return { symbol, days: dayOf(body.asOf, body.value, body.status) };
  const points = Array.isArray(body.values) ? body.values : [];
  return {
    symbol,
    days: points.flatMap((point) => {
      const p = record(point);
      return p === undefined ? [] : dayOf(p.date, p.value, p.status);
    }),
  };
}
