// A desk opening at once through the gateway: two replicas, each a process of its own, on one Redis;
// nine clients of two users ask 30 resources each, all at once, over 45 distinct resources; the upstream's key has
// a limit of 100 a minute, with the real 60 s window and 50 ms latency; under every form of rate-limit headers the
// upstream may speak (the spec names none). Run alone with `npx tsx bench/gateway-desk.ts`.
import { startReferenceService, DEMO_KEYS, RATE_HEADER_FORMS, type RateHeaders } from "../reference-service/src";
import { IndexDataClient } from "../src/client";
import { startGatewayRig, startRedis } from "./gateway-rig";
import { runAlone } from "./report";
import { SERVICE_LATENCY_MS } from "./remote-service";

const CLIENTS = 9;
const USERS = ["u1", "u2"];
const PER_CLIENT = 30;
const DISTINCT = 45;
const UPSTREAM_LIMIT = 100;

export interface GatewayDeskOpenResult {
  /** What the upstream said of its limit (the reference service's --rate-headers). */
  readonly form: RateHeaders;
  readonly asks: number;
  readonly distinctResources: number;
  readonly answered200: number;
  /** Statuses other than 200, by status. */
  readonly otherStatuses: Readonly<Record<string, number>>;
  readonly upstreamRequests: number;
  readonly upstream429s: number;
  readonly settledMs: number;
}

/** The desk's 45 resources over the indexes with data: each one's latest fix and forward curve, then volatilities. */
function resources(symbols: readonly string[]): string[] {
  const paths = symbols.flatMap((s) => [`/api/v1/index/${s}/latest`, `/api/v1/index/${s}/forward`]);
  for (const days of [10, 20, 30, 60, 90, 180])
    for (const s of symbols)
      if (paths.length < DISTINCT) paths.push(`/api/v1/index/${s}/volatility?windowDays=${days}`);
  return paths.slice(0, DISTINCT);
}

/** The desk's opening under every form of rate-limit headers. */
export async function gatewayDeskOpenScenario(): Promise<GatewayDeskOpenResult[]> {
  const results: GatewayDeskOpenResult[] = [];
  for (const form of RATE_HEADER_FORMS) results.push(await deskOpening(form));
  return results;
}

async function deskOpening(form: RateHeaders): Promise<GatewayDeskOpenResult> {
  const redis = await startRedis();
  const service = await startReferenceService({
    testFaults: true,
    rateLimits: { "api-key": UPSTREAM_LIMIT },
    rateHeaders: form,
  });
  service.faults.setLatency(SERVICE_LATENCY_MS);
  const rig = await startGatewayRig(service.url, redis, USERS, {
    name: "desk-open",
    windowMs: 60_000,
    upstreamKey: DEMO_KEYS.apiKey,
  });
  try {
    const catalogue = await new IndexDataClient({ baseUrl: service.url }).listIndexes();
    const paths = resources(catalogue.filter((i) => i.latestValue !== undefined).map((i) => i.symbol));
    service.resetRequestLog();
    const started = performance.now();
    // Client c asks 30 of the 45, from its own offset: together 270 asks, each resource asked by six clients.
    const asks = Array.from({ length: CLIENTS }, (_, c) =>
      Array.from({ length: PER_CLIENT }, (_, i) => {
        const replica = rig.replicas[c % rig.replicas.length];
        const token = rig.desk.tokens[USERS[c % USERS.length] ?? ""] ?? "";
        const path = paths[(c * 5 + i) % paths.length] ?? "";
        return fetch(`${replica?.url}${path}`, { headers: { "x-api-key": token } }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        });
      }),
    ).flat();
    const statuses = await Promise.all(asks);
    const settledMs = Math.round(performance.now() - started);
    const otherStatuses: Record<string, number> = {};
    for (const status of statuses) if (status !== 200) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
    return {
      form,
      asks: statuses.length,
      distinctResources: paths.length,
      answered200: statuses.filter((s) => s === 200).length,
      otherStatuses,
      upstreamRequests: service.requests.length,
      upstream429s: service.requests.filter((r) => r.status === 429).length,
      settledMs,
    };
  } finally {
    await rig.close();
    await service.close();
    await redis.kill();
  }
}

export function gatewayDeskOpenLines(results: readonly GatewayDeskOpenResult[]): string[] {
  return results.map((r) => {
    const others = Object.entries(r.otherStatuses).map(([status, n]) => `${n} × ${status}`);
    return (
      `Desk opening through the gateway, upstream headers ${r.form} (npx tsx bench/gateway-desk.ts): two replicas on one Redis, ${r.asks} asks at once (${CLIENTS} clients, ${USERS.length} users, ${r.distinctResources} distinct resources), upstream limit ${UPSTREAM_LIMIT} a minute, real 60 s window, ${SERVICE_LATENCY_MS} ms latency: ` +
      `${r.answered200}/${r.asks} answered 200${others.length > 0 ? ` (${others.join(", ")})` : ""}, upstream requests ${r.upstreamRequests} (distinct ${r.distinctResources}), upstream 429s ${r.upstream429s}, settled in ${r.settledMs} ms`
    );
  });
}

export function gatewayDeskOpenTargetsMissed(results: readonly GatewayDeskOpenResult[]): string[] {
  const missed: string[] = [];
  for (const r of results) {
    const name = `gateway desk (headers ${r.form})`;
    if (r.answered200 !== r.asks) missed.push(`${name}: ${r.asks - r.answered200} asks not answered 200`);
    if (r.upstreamRequests > r.distinctResources)
      missed.push(`${name}: ${r.upstreamRequests} upstream requests for ${r.distinctResources} resources`);
    if (r.upstream429s > 0) missed.push(`${name}: ${r.upstream429s} × 429 from the upstream`);
  }
  return missed;
}

runAlone(module, gatewayDeskOpenScenario, gatewayDeskOpenLines, gatewayDeskOpenTargetsMissed);
