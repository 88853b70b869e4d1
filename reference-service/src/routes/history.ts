import type { FastifyInstance } from "fastify";
import { weeklyOf } from "../dataset/analytics";
import { dayOf, dayToTimestamp, type Day } from "../dataset/calendar";
import { noData, requireIndex, type ServiceContext } from "../context";
import { ServiceError } from "../service-error";
import { historyPointBody } from "./payloads";
import { parseDay, parseGranularity, type QueryValue } from "./query";

/** Days in the default range: the 30 days ending at the latest value. */
export const DEFAULT_HISTORY_DAYS = 30;

interface HistoryRoute {
  Params: { symbol: string };
  Querystring: Record<string, QueryValue>;
}

/** The effective range: defaults fill what the caller left out; `start`/`end` are the legacy names. */
function effectiveRange(query: Record<string, QueryValue>, lastDay: Day): { startDay: Day; endDay: Day } {
  const start = parseDay(query.startDate !== undefined ? "startDate" : "start", query.startDate ?? query.start);
  const end = parseDay(query.endDate !== undefined ? "endDate" : "end", query.endDate ?? query.end);
  // With only a start, the range runs to the latest value (or is empty when the start is later).
  const endDay = end ?? Math.max(lastDay, start ?? lastDay);
  const startDay = start ?? endDay - (DEFAULT_HISTORY_DAYS - 1);
  if (startDay > endDay) {
    throw new ServiceError(
      400,
      "INVALID_DATE_RANGE",
      `startDate ${dayToTimestamp(startDay)} is after endDate ${dayToTimestamp(endDay)}; swap them.`,
    );
  }
  return { startDay, endDay };
}

export function registerHistoryRoute(app: FastifyInstance, context: ServiceContext): void {
  const { dataset, flavor } = context;

  app.get<HistoryRoute>("/api/v1/index/:symbol/history", async (request) => {
    const definition = requireIndex(context, request.params.symbol);
    const today = dayOf(context.now());
    const published = dataset.publishedRange(definition, today);
    // The older description answers 404 for an index without data; the newer one an empty history.
    if (published === null && flavor === "older") throw noData(definition.symbol);
    const { startDay, endDay } = effectiveRange(request.query, published?.last ?? today);
    // Only the older description knows `granularity`; the newer one ignores it, as a real one does.
    const granularity = flavor === "older" ? parseGranularity(request.query.granularity) : "daily";
    const now = context.now();
    const daily = dataset
      .observations(definition, startDay, endDay, today)
      .map((observation) => context.restatements.apply(definition.symbol, observation, now));
    const values = granularity === "weekly" ? weeklyOf(daily) : daily;
    return {
      symbol: definition.symbol,
      granularity,
      startDate: dayToTimestamp(startDay),
      endDate: dayToTimestamp(endDay),
      values: values.map((observation) => historyPointBody(observation, flavor)),
    };
  });
}
