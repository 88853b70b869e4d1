import type { z } from "zod";
import {
  BenchmarkHealthWire,
  CapacityMetricsWire,
  ForwardCurveWire,
  HealthWire,
  HistoryWire,
  IndexListWire,
  LatestFixWire,
  MAX_ANSWER_BYTES,
  MAX_CATALOGUE_BYTES,
  MethodologyWire,
  SYMBOL_RULE,
  SystemStatusWire,
  VolatilityWire,
  historyKind,
  validSymbol,
  type ResourceKind,
} from "../../src/client";
import { parseInstant } from "../../src/time";
import { GatewayError } from "./gateway-error";

/** One endpoint of the service, as the gateway serves it: same path, same query parameters. */
export interface Endpoint {
  /** Fastify's route, e.g. `/api/v1/index/:symbol/latest`. */
  readonly route: string;
  /** The kind whose time-to-live applies (history: past or current, from its end date). */
  readonly kind: ResourceKind | "history";
  /** The client's own wire schema: an answer that fails it is never cached. */
  readonly schema: z.ZodType;
  /** Query parameters passed on; any other is dropped, so made-up parameters cannot multiply resources. */
  readonly parameters: readonly string[];
  readonly maxBytes: number;
  /** Statuses that are the service's answer, kept and shared like a 200 (400 and 404 always are). */
  readonly answers?: readonly number[];
}

const SYMBOL_PATH = "/api/v1/index/:symbol";

/** Every endpoint of both descriptions (spec section 4); the upstream says 404 for those its description lacks. */
export const ENDPOINTS: readonly Endpoint[] = [
  { route: "/api/v1/indexes", kind: "catalogue", schema: IndexListWire, parameters: [], maxBytes: MAX_CATALOGUE_BYTES },
  { route: `${SYMBOL_PATH}/latest`, kind: "latest", schema: LatestFixWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
  {
    route: `${SYMBOL_PATH}/history`,
    kind: "history",
    schema: HistoryWire,
    parameters: ["startDate", "endDate", "granularity", "start", "end"],
    maxBytes: MAX_ANSWER_BYTES,
  },
  { route: `${SYMBOL_PATH}/volatility`, kind: "volatility", schema: VolatilityWire, parameters: ["windowDays"], maxBytes: MAX_ANSWER_BYTES },
  { route: `${SYMBOL_PATH}/forward`, kind: "forward", schema: ForwardCurveWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
  { route: `${SYMBOL_PATH}/capacity-metrics`, kind: "capacity", schema: CapacityMetricsWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
  { route: "/api/v1/benchmark/health", kind: "benchmarkHealth", schema: BenchmarkHealthWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
  { route: "/api/status", kind: "systemStatus", schema: SystemStatusWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
  // A 503 from the strict health check is its answer ("degraded" or "down"), not a failure.
  { route: "/api/health", kind: "health", schema: HealthWire, parameters: [], maxBytes: MAX_ANSWER_BYTES, answers: [503] },
  { route: "/api/v1/methodology", kind: "methodology", schema: MethodologyWire, parameters: [], maxBytes: MAX_ANSWER_BYTES },
];

/** One resource: what the cache, the locks and the upstream request are keyed by. */
export interface Resource {
  readonly endpoint: Endpoint;
  readonly kind: ResourceKind;
  /** Path and canonical query as sent upstream; also the cache key. */
  readonly path: string;
}

type Query = Readonly<Record<string, string | string[] | undefined>>;

function queryOf(endpoint: Endpoint, query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of endpoint.parameters) {
    const value = query[name];
    if (Array.isArray(value)) throw new GatewayError(400, "BAD_REQUEST", `Query parameter "${name}" is given ${value.length} times; give it once.`);
    if (value !== undefined) params.append(name, value);
  }
  params.sort();
  return params;
}

/** The resource a request names, or a GatewayError (400) for a symbol no index can have or a repeated parameter. */
export function resourceOf(endpoint: Endpoint, params: Readonly<Record<string, string>>, query: Query, now: number): Resource {
  let path = endpoint.route;
  if (path.includes(":symbol")) {
    const symbol = params["symbol"] ?? "";
    // Checked here, before any budget is spent, by the add-in's own rule; the text is not echoed back.
    if (validSymbol(symbol) !== symbol) throw new GatewayError(400, "INVALID_SYMBOL", `Not a valid index symbol: give ${SYMBOL_RULE}.`);
    path = path.replace(":symbol", encodeURIComponent(symbol));
  }
  const search = queryOf(endpoint, query);
  const text = search.toString();
  return { endpoint, kind: kindOf(endpoint, search, now), path: text === "" ? path : `${path}?${text}` };
}

/** History ending before today (UTC) is immutable; with no end, or an end the gateway cannot place, it is current. */
function kindOf(endpoint: Endpoint, search: URLSearchParams, now: number): ResourceKind {
  if (endpoint.kind !== "history") return endpoint.kind;
  const end = search.get("endDate") ?? search.get("end");
  return historyKind(end === null ? undefined : parseInstant(end), now);
}
