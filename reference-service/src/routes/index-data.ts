import type { FastifyInstance } from "fastify";
import { dayOf, dayToTimestamp } from "../dataset/calendar";
import { volatilityOf } from "../dataset/analytics";
import { capacityOf, forwardCurveOf } from "../dataset/market";
import type { IndexDefinition } from "../dataset/definitions";
import { noData, requireIndex, type ServiceContext } from "../context";
import { indexSummaryBody, latestFixBody } from "./payloads";
import { parseWindowDays, type QueryValue } from "./query";

interface SymbolRoute {
  Params: { symbol: string };
  Querystring: Record<string, QueryValue>;
}

/** The catalogue and the per-index endpoints other than history. */
export function registerIndexRoutes(app: FastifyInstance, context: ServiceContext): void {
  const { dataset, flavor, state } = context;
  const today = () => dayOf(context.now());
  /** The latest fix as published now: restated when its day is. */
  const latestOf = (definition: IndexDefinition) => {
    const latest = dataset.latest(definition, today());
    return latest === null ? null : context.restatements.apply(definition.symbol, latest, context.now());
  };

  app.get("/api/v1/indexes", async () => ({
    indexes: dataset.indexes.map((definition) =>
      indexSummaryBody(definition, latestOf(definition), state.publishedFixes.get(definition.symbol)),
    ),
  }));

  app.get<SymbolRoute>("/api/v1/index/:symbol/latest", async (request) => {
    const definition = requireIndex(context, request.params.symbol);
    const latest = latestOf(definition);
    if (latest === null) throw noData(definition.symbol);
    return latestFixBody(definition, latest, state.publishedFixes.get(definition.symbol), flavor);
  });

  app.get<SymbolRoute>("/api/v1/index/:symbol/volatility", async (request) => {
    const definition = requireIndex(context, request.params.symbol);
    const windowDays = parseWindowDays(request.query.windowDays);
    const figures = volatilityOf(dataset, definition, windowDays, today());
    if (figures === null) throw noData(definition.symbol);
    const base = {
      symbol: definition.symbol,
      annualizedVol: figures.annualizedVol,
      windowDays: figures.windowDays,
      dataPoints: figures.dataPoints,
    };
    if (flavor === "newer") return base;
    return { ...base, startDate: dayToTimestamp(figures.startDay), endDate: dayToTimestamp(figures.endDay) };
  });

  if (flavor === "newer") {
    app.get<SymbolRoute>("/api/v1/index/:symbol/forward", async (request) => {
      const definition = requireIndex(context, request.params.symbol);
      const latest = dataset.latest(definition, today());
      if (latest === null) throw noData(definition.symbol);
      const spotPrice = state.publishedFixes.get(definition.symbol)?.value ?? latest.value;
      return { symbol: definition.symbol, spotPrice, curve: forwardCurveOf(definition, spotPrice, latest.day) };
    });
  }

  app.get<SymbolRoute>("/api/v1/index/:symbol/capacity-metrics", async (request) => {
    const definition = requireIndex(context, request.params.symbol);
    const latest = dataset.latest(definition, today());
    if (latest === null) throw noData(definition.symbol);
    const figures = capacityOf(definition, latest.day);
    const base = {
      bookedKg: figures.bookedKg,
      availableKg: figures.availableKg,
      fillRatio: figures.fillRatio,
      contributors: latest.coverage.contributors,
      avgLeadTimeDays: figures.avgLeadTimeDays,
    };
    if (flavor === "older") return { symbol: definition.symbol, ...base, recordedAt: dayToTimestamp(latest.day) };
    return {
      ...base,
      modelVersion: "capacity-model-1.4.0",
      modelDetails: { horizonDays: figures.horizonDays, fillRatioSource: "booked-vs-declared-capacity" },
    };
  });
}
