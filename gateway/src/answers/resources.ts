import type { z } from "zod";
import {
  MAX_ANSWER_BYTES,
  RESOURCES,
  SYMBOL_RULE,
  checkSentQuery,
  validSymbol,
  type ResourceKind,
  type ResourceName,
} from "@index-data/wire";
import { GatewayError } from "./gateway-error";

/** One endpoint of the service, as the gateway serves it: same path, same query parameters. */
export interface Endpoint {
  /** The client's name of its resource row (`latest`, `history`...). */
  readonly name: ResourceName;
  /** Fastify's route, e.g. `/api/v1/index/:symbol/latest`. */
  readonly route: string;
  /** The kind whose time-to-live applies to an answer, from the canonical query (history: past or current). */
  readonly kindOf: (query: URLSearchParams, now: number) => ResourceKind;
  /** The client's own wire schema: an answer that fails it is never cached. */
  readonly schema: z.ZodType;
  /** Query parameters passed on; any other is dropped, so made-up parameters cannot multiply resources. */
  readonly parameters: readonly string[];
  readonly maxBytes: number;
  /** Statuses that are the service's answer, kept and shared like a 200 (400 and 404 always are). */
  readonly answers?: readonly number[];
}

/**
 * Every endpoint of both descriptions (spec section 4), from the client's resource rows; the upstream says 404
 * for those its description lacks.
 */
export const ENDPOINTS: readonly Endpoint[] = Object.entries(RESOURCES).map(([name, row]) => ({
  name: name as ResourceName,
  route: row.path.replace("{symbol}", ":symbol"),
  kindOf: (query, now) => {
    const kinds = Object.keys(row.ttls) as ResourceKind[];
    return "kindOf" in row ? row.kindOf(Object.fromEntries(query), now) : (kinds[0] as ResourceKind);
  },
  schema: row.wire,
  parameters: "parameters" in row ? row.parameters : [],
  maxBytes: "maxBytes" in row ? row.maxBytes : MAX_ANSWER_BYTES,
  ...("answers" in row ? { answers: row.answers } : {}),
}));

/** One resource: what the cache, the locks and the upstream request are keyed by. */
export interface Resource {
  readonly endpoint: Endpoint;
  readonly kind: ResourceKind;
  /** Path and canonical query as sent upstream; also the cache key. */
  readonly path: string;
}

type Query = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The endpoint's own parameters, each given once, checked by the add-in's own rules (checkSentQuery) and spelled
 * one way, in one order: a value the service would refuse costs no send and is never kept.
 */
function queryOf(endpoint: Endpoint, query: Query): URLSearchParams {
  const given: Record<string, string> = {};
  for (const name of endpoint.parameters) {
    const value = query[name];
    if (Array.isArray(value))
      throw new GatewayError(
        400,
        "BAD_REQUEST",
        `Query parameter "${name}" is given ${value.length} times; give it once.`,
      );
    if (value !== undefined) given[name] = value;
  }
  const checked = checkSentQuery(endpoint.name, given);
  if (!checked.ok) throw new GatewayError(400, checked.code, checked.message);
  const params = new URLSearchParams(Object.entries(checked.query));
  params.sort();
  return params;
}

/** The resource a request names, or a GatewayError (400) for a symbol no index can have or a parameter it refuses. */
export function resourceOf(
  endpoint: Endpoint,
  params: Readonly<Record<string, string>>,
  query: Query,
  now: number,
): Resource {
  let path = endpoint.route;
  if (path.includes(":symbol")) {
    const symbol = params["symbol"] ?? "";
    // Checked here, before any budget is spent, by the add-in's own rule; the text is not echoed back.
    if (validSymbol(symbol) !== symbol)
      throw new GatewayError(400, "INVALID_SYMBOL", `Not a valid index symbol: give ${SYMBOL_RULE}.`);
    path = path.replace(":symbol", encodeURIComponent(symbol));
  }
  const search = queryOf(endpoint, query);
  const text = search.toString();
  return { endpoint, kind: endpoint.kindOf(search, now), path: text === "" ? path : `${path}?${text}` };
}

/** Each route as a pattern over a cache key's path: the symbol is one segment. */
const ROUTE_PATTERNS = ENDPOINTS.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(`^${endpoint.route.replace(/[.]/g, "\\.").replace(":symbol", "[^/?]+")}$`),
}));

/**
 * The resource a cache key (a Resource's `path`) stands for, read back from the key alone: a replica reading the
 * shared store checks an entry by its endpoint's rules and kind, whoever wrote it. Undefined for a key of no endpoint.
 */
export function resourceOfKey(key: string, now: number): Resource | undefined {
  const split = key.indexOf("?");
  const path = split < 0 ? key : key.slice(0, split);
  const endpoint = ROUTE_PATTERNS.find(({ pattern }) => pattern.test(path))?.endpoint;
  if (endpoint === undefined) return undefined;
  const search = new URLSearchParams(split < 0 ? "" : key.slice(split + 1));
  return { endpoint, kind: endpoint.kindOf(search, now), path: key };
}
