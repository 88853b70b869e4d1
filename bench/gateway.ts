// A desk of 3 machines × 3 workbooks (9 engines, no channel between them) against the service at 60 a
// window, direct, then through two gateway replicas sharing one Redis; and the gateway's added latency per request.
// Run alone with `npx tsx bench/gateway.ts`; `npm run bench` runs it too.
import { IndexDataClient } from "../src/client";
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv, type FormulaResult } from "../src/formulas";
import { DESK_WINDOW_MS, DESK_WORKBOOKS, RESOURCES_PER_WORKBOOK, deskSheet } from "./desk";
import { measureAddedLatency, type AddedLatency } from "./gateway-latency";
import { startGatewayRig, startRedis, type TestRedis } from "./gateway-rig";
import { evaluateCell } from "./measure";
import { startRemoteService, type RemoteService, SERVICE_LATENCY_MS } from "./remote-service";
import { runAlone } from "./report";

const MACHINES = 3;
const TRADERS = ["m1", "m2", "m3"];
/** The goal for a hit: the gateway adds less than this at the 99th percentile. */
export const HIT_P99_GOAL_MS = 5;

export interface DeskRun {
  readonly upstreamRequests: number;
  readonly upstream429s: number;
  /** 429s the gateway itself answered (its queue's bound); absent direct. */
  readonly gateway429s?: number;
  readonly settledSeconds: number;
  readonly errorCells: number;
  readonly firstError?: string;
}

export interface GatewayDeskResult {
  readonly distinctResources: number;
  readonly cellsAsked: number;
  readonly direct: DeskRun;
  readonly throughGateway: DeskRun;
  readonly latency: AddedLatency;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the 9 workbooks at once: workbook w of every machine holds the same 30 resources (a desk's shared sheets). */
async function openDesk(
  service: RemoteService,
  baseUrlOf: (engine: number) => string,
  keyOf: (engine: number) => string | undefined,
): Promise<Omit<DeskRun, "gateway429s">> {
  const symbols = (await new IndexDataClient({ baseUrl: service.url }).listIndexes())
    .filter((i) => i.latestValue !== undefined)
    .map((i) => i.symbol);
  await sleep(DESK_WINDOW_MS); // a clean window for the desk
  await service.resetRequestLog();
  const engines: RequestEngine[] = [];
  const started = performance.now();
  const books = Array.from({ length: MACHINES * DESK_WORKBOOKS }, (_, e) => {
    const engine = new RequestEngine(
      { baseUrl: baseUrlOf(e), apiKey: keyOf(e) },
      { storage: new MemoryStorage(), rateWindowMs: DESK_WINDOW_MS, budgetChannel: null },
    );
    engines.push(engine);
    const env: FormulaEnv = {
      source: engine,
      caps: { formattedNumbers: true },
      settleMs: engine.options.settleBoundMs,
    };
    return Promise.all(deskSheet(symbols, e % DESK_WORKBOOKS).map((cell) => evaluateCell(env, cell)));
  });
  const results: FormulaResult[] = (await Promise.all(books)).flat();
  const settledMs = performance.now() - started;
  for (const engine of engines) engine.close();
  const log = await service.requestLog();
  const errors = results.filter(isCellError).map((e) => e.message);
  return {
    upstreamRequests: log.length,
    upstream429s: log.filter((r) => r.status === 429).length,
    settledSeconds: Math.round(settledMs / 100) / 10,
    errorCells: errors.length,
    ...(errors[0] !== undefined ? { firstError: errors[0] } : {}),
  };
}

async function directRun(): Promise<DeskRun> {
  const service = await startRemoteService({ windowMs: DESK_WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
  try {
    return await openDesk(
      service,
      () => service.url,
      () => undefined,
    );
  } finally {
    await service.close();
  }
}

async function gatewayRun(redis: TestRedis): Promise<DeskRun> {
  const service = await startRemoteService({ windowMs: DESK_WINDOW_MS, latencyMs: SERVICE_LATENCY_MS });
  // Anonymous upstream, as direct: the desk's one budget is the office IP's 60 a window either way.
  const rig = await startGatewayRig(service.url, redis, TRADERS, { name: "desk", windowMs: DESK_WINDOW_MS });
  try {
    const replicaOf = (e: number) => rig.replicas[e % rig.replicas.length]?.url ?? "";
    const run = await openDesk(
      service,
      replicaOf,
      (e) => rig.desk.tokens[TRADERS[Math.floor(e / DESK_WORKBOOKS)] ?? ""],
    );
    return { ...run, gateway429s: rig.refusals() };
  } finally {
    await rig.close();
    await service.close();
  }
}

export async function gatewayDeskScenario(): Promise<GatewayDeskResult> {
  const redis = await startRedis();
  try {
    const direct = await directRun();
    const throughGateway = await gatewayRun(redis);
    const latency = await measureAddedLatency(redis);
    return {
      distinctResources: DESK_WORKBOOKS * RESOURCES_PER_WORKBOOK,
      cellsAsked: MACHINES * DESK_WORKBOOKS * RESOURCES_PER_WORKBOOK,
      direct,
      throughGateway,
      latency,
    };
  } finally {
    await redis.kill();
  }
}

function runRow(name: string, run: DeskRun): string {
  const refused = run.gateway429s === undefined ? "–" : String(run.gateway429s);
  return `| ${name.padEnd(20)} | ${String(run.upstreamRequests).padEnd(17)} | ${String(run.upstream429s).padEnd(14)} | ${refused.padEnd(15)} | ${`${run.settledSeconds} s`.padEnd(8)} | ${run.errorCells} |`;
}

export function gatewayDeskLines(result: GatewayDeskResult): string[] {
  const { latency: l } = result;
  const errors = [result.direct, result.throughGateway].map((r) => r.firstError).filter((e) => e !== undefined);
  return [
    `Desk through the gateway: ${MACHINES} machines × ${DESK_WORKBOOKS} workbooks (9 engines, no shared channel), ${result.cellsAsked} cells over ${result.distinctResources} distinct resources, service at 60 a ${DESK_WINDOW_MS / 1000} s window with ${SERVICE_LATENCY_MS} ms latency:`,
    "| desk                 | upstream requests | upstream 429s  | gateway 429s    | settled  | error cells |",
    "|----------------------|-------------------|----------------|-----------------|----------|-------------|",
    runRow("direct", result.direct),
    runRow("two gateway replicas", result.throughGateway),
    ...errors.map((e) => `  first error cell: ${e}`),
    `Gateway's added latency per request: its p50/p99 minus the direct request's p50/p99, run side by side (${l.misses} misses, ${l.hits} hits, ${l.hitsOtherReplica} first hits on the other replica; service on this machine with no added latency):`,
    `  direct ${l.direct.p50} / ${l.direct.p99} ms; miss ${l.through.miss.p50} / ${l.through.miss.p99} ms (added ${l.miss.p50} / ${l.miss.p99}); ` +
      `hit ${l.through.hit.p50} / ${l.through.hit.p99} ms (added ${l.hit.p50} / ${l.hit.p99}); ` +
      `hit on the other replica, from Redis, ${l.through.hitOtherReplica.p50} / ${l.through.hitOtherReplica.p99} ms (added ${l.hitOtherReplica.p50} / ${l.hitOtherReplica.p99}); goal: p99 added on a hit under ${HIT_P99_GOAL_MS} ms`,
  ];
}

export function gatewayTargetsMissed(result: GatewayDeskResult): string[] {
  const missed: string[] = [];
  const g = result.throughGateway;
  if (g.upstreamRequests !== result.distinctResources)
    missed.push(`gateway: ${g.upstreamRequests} upstream requests for ${result.distinctResources} resources`);
  if (g.upstream429s > 0) missed.push(`gateway: ${g.upstream429s} × 429 from the upstream`);
  if (Math.max(result.latency.hit.p99, result.latency.hitOtherReplica.p99) >= HIT_P99_GOAL_MS)
    missed.push("gateway: p99 added on a hit ≥ 5 ms");
  return missed;
}

runAlone(module, gatewayDeskScenario, gatewayDeskLines, gatewayTargetsMissed);
