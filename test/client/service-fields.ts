import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { IndexDataClient } from "../../src/client/client";
import { startLoopbackServer, sendJson, type LoopbackServer } from "./loopback-server";

/**
 * Every string field of every answer of both descriptions, with the client call that reads it: the table the
 * service-text tests (length cap, key redaction) walk, so each field is tested on its own, over HTTP.
 */
export type Endpoint =
  | "indexes"
  | "latest"
  | "history"
  | "volatility"
  | "forward"
  | "capacity"
  | "benchmark-health"
  | "status"
  | "health"
  | "methodology";

export const SYMBOL = "RTM-NWE-A-1x3";

/** The path each endpoint is read at, and the client call that reads it. */
export const ENDPOINTS: Readonly<
  Record<Endpoint, { readonly path: string; readonly call: (client: IndexDataClient) => Promise<unknown> }>
> = {
  indexes: { path: "/api/v1/indexes", call: (c) => c.listIndexes() },
  latest: { path: `/api/v1/index/${SYMBOL}/latest`, call: (c) => c.latest(SYMBOL) },
  history: {
    path: `/api/v1/index/${SYMBOL}/history?startDate=2025-01-06&endDate=2025-01-07`,
    call: (c) => c.history(SYMBOL, { startDate: "2025-01-06", endDate: "2025-01-07" }),
  },
  volatility: { path: `/api/v1/index/${SYMBOL}/volatility`, call: (c) => c.volatility(SYMBOL) },
  forward: { path: `/api/v1/index/${SYMBOL}/forward`, call: (c) => c.forward(SYMBOL) },
  capacity: { path: `/api/v1/index/${SYMBOL}/capacity-metrics`, call: (c) => c.capacity(SYMBOL) },
  "benchmark-health": { path: "/api/v1/benchmark/health", call: (c) => c.benchmarkHealth() },
  status: { path: "/api/status", call: (c) => c.systemStatus() },
  health: { path: "/api/health", call: (c) => c.health() },
  methodology: { path: "/api/v1/methodology", call: (c) => c.methodology() },
};

type Field = readonly [Endpoint, string];

/** Free text both descriptions send. */
const SHARED_TEXT: readonly Field[] = [
  ["indexes", "indexes.0.symbol"],
  ["indexes", "indexes.0.hub"],
  ["indexes", "indexes.0.grade"],
  ["indexes", "indexes.0.leadTime"],
  ["indexes", "indexes.0.description"],
  ["latest", "symbol"],
  ["latest", "currency"],
  ["latest", "unit"],
  ["latest", "status"],
  ["latest", "methodologyVersion"],
  ["history", "symbol"],
  ["history", "values.0.status"],
  ["volatility", "symbol"],
  ["health", "status"],
];

const METHODOLOGY_TEXT = [
  "version",
  "changelog.0.version",
  "changelog.0.publishedAt",
  "changelog.0.effectiveFrom",
  "changelog.0.summary",
  "changelog.0.changes.0",
  "productDefinition.family",
  "productDefinition.unit",
  "productDefinition.currency",
  "productDefinition.symbolPattern",
  "productDefinition.leadTimeBuckets",
  "productDefinition.publicationDays",
  "productDefinition.fixTime",
  "calculationMethod.summary",
  "calculationMethod.observationTypes.0",
  "calculationMethod.fallback",
  "calculationMethod.nonPublicationDays",
  "normalizationRules.0.rule",
  "normalizationRules.0.description",
  "confidenceScoring.statuses.FIRM",
  "confidenceScoring.statuses.PROVISIONAL",
  "confidenceScoring.statuses.INDICATIVE",
  "confidenceScoring.statuses.STALE",
];

/** Free text: any string is taken, so each reaches cells, the pane and the CLI (capped, without the key). */
const FREE_TEXT: Readonly<Record<"newer" | "older", readonly Field[]>> = {
  newer: [
    ...SHARED_TEXT,
    ["latest", "derivationMethod"],
    ["latest", "publicationMode"],
    ["latest", "carriedForwardFrom"],
    ["history", "values.0.derivationMethod"],
    ["history", "values.0.publicationMode"],
    ["history", "values.0.carriedForwardFrom"],
    ["forward", "symbol"],
    ["forward", "curve.0.tenorLabel"],
    ["capacity", "modelVersion"],
    ["capacity", "modelDetails.fillRatioSource"],
    ["benchmark-health", "benchmarkStatus"],
    ["benchmark-health", "reasons.0"],
    ["status", "benchmarkStatus"],
    ["status", "reasons.0"],
  ],
  older: [...SHARED_TEXT, ["capacity", "symbol"], ...METHODOLOGY_TEXT.map((path): Field => ["methodology", path])],
};

/** Checked text both descriptions send (timestamps, enumerations). */
const SHARED_FORMATTED: readonly Field[] = [
  ["indexes", "indexes.0.latestAsOf"],
  ["latest", "asOf"],
  ["history", "granularity"],
  ["history", "startDate"],
  ["history", "endDate"],
  ["history", "values.0.date"],
];

/** Checked text: any other string is an InvalidResponseError, so none reaches a cell. */
const FORMATTED: Readonly<Record<"newer" | "older", readonly Field[]>> = {
  newer: [...SHARED_FORMATTED, ["benchmark-health", "asOf"], ["status", "status"], ["status", "timestamp"]],
  older: [
    ...SHARED_FORMATTED,
    ["volatility", "startDate"],
    ["volatility", "endDate"],
    ["capacity", "recordedAt"],
    ["methodology", "publishedAt"],
  ],
};

/** Strings the client ignores: /api/health's verdict is its status code, its timestamp is not read. */
const IGNORED: readonly Field[] = [["health", "timestamp"]];

export function freeTextFields(flavor: "newer" | "older"): readonly Field[] {
  return FREE_TEXT[flavor];
}

export function formattedFields(flavor: "newer" | "older"): readonly Field[] {
  return FORMATTED[flavor];
}

export function ignoredFields(): readonly Field[] {
  return IGNORED;
}

/** The dotted paths of every string in an answer (the first element of each array stands for all). */
export function stringPaths(value: unknown, path = ""): string[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.length === 0 ? [] : stringPaths(value[0], `${path}.0`);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, path === "" ? key : `${path}.${key}`));
  }
  return [];
}

/** `body` with the string at a dotted path replaced (arrays and objects on the way are created when missing). */
export function withStringAt(body: unknown, path: string, text: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split(".");
  let node: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, index) => {
    const next = node[key];
    if (typeof next !== "object" || next === null) node[key] = /^\d+$/.test(keys[index + 1] ?? "") ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] ?? ""] = text;
  return copy;
}

/** Every string anywhere in a value (object keys included). */
export function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allStrings(inner)]);
  return [];
}

/**
 * A proxy in front of the reference service: each answer of `endpoint` passes through `change` (one field
 * rewritten) before it is sent, exactly as a service that sends it would.
 */
export interface RewritingProxy {
  readonly server: LoopbackServer;
  rewrite(change: ((path: string, body: unknown) => unknown) | undefined): void;
}

export async function rewritingProxy(service: RunningReferenceService): Promise<RewritingProxy> {
  let change: ((path: string, body: unknown) => unknown) | undefined;
  const server = await startLoopbackServer((request, response) => {
    const headers: Record<string, string> = {};
    for (const name of ["x-api-key", "authorization"]) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    fetch(`${service.url}${request.url ?? "/"}`, { headers })
      .then(async (answer) => {
        const body: unknown = await answer.json();
        sendJson(response, answer.ok && change !== undefined ? change(request.url ?? "", body) : body, answer.status);
      })
      .catch(() => response.destroy());
  });
  return { server, rewrite: (next) => void (change = next) };
}

/** The reference service in one description and a rewriting proxy in front of it, for a describe block. */
export function proxiedReference(flavor: "newer" | "older"): {
  readonly service: () => RunningReferenceService;
  readonly proxy: () => RewritingProxy;
} {
  const service = referenceFor(flavor);
  let proxy: RewritingProxy | undefined;
  beforeAll(async () => {
    proxy = await rewritingProxy(service());
  });
  afterAll(() => proxy?.server.close());
  return {
    service,
    proxy: () => {
      if (proxy === undefined) throw new Error("the proxy is used before beforeAll ran");
      return proxy;
    },
  };
}

/** The reference service in one description, for a describe block. */
export function referenceFor(flavor: "newer" | "older"): () => RunningReferenceService {
  let service: RunningReferenceService | undefined;
  beforeAll(async () => {
    service = await startReferenceService({ flavor, rateLimits: { anonymous: 100_000, "api-key": 100_000 } });
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (service === undefined) throw new Error("the reference service is used before beforeAll ran");
    return service;
  };
}
