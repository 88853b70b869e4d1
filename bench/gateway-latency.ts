// The gateway's added latency per request: the same request direct to the service and through a replica, on a
// miss and on a hit, against a service with no added latency on this machine (so the difference is the gateway's
// own cost: its hop, the token check, the store, the lock, the budget).
import { DEMO_KEYS } from "../reference-service/src";
import { startRemoteService } from "./remote-service";
import { startGatewayRig, type TestRedis } from "./gateway-rig";

/** Resources asked: one miss each, then HIT_ROUNDS rounds of a hit on each replica beside a direct request. */
const RESOURCES = 100;
const HIT_ROUNDS = 4;
const WARM_UP = 10;
/** A real minute: the enterprise key's 1,000 then cover every request of the probe, direct and through the gateway. */
const PROBE_WINDOW_MS = 60_000;
const SYMBOLS = ["RTM-NWE-A-1x3", "RTM-NWE-B-1x3", "RTM-MED-A-1x3", "RTM-USG.B-2x4", "RTM-SEA-A-1x3"];

export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
}

export interface AddedLatency {
  readonly misses: number;
  readonly hits: number;
  readonly hitsOtherReplica: number;
  /** Added when the gateway had to ask the service: its percentile minus the direct request's, ms. */
  readonly miss: Percentiles;
  /** Added on a hit on the replica that fetched it (its own memory). */
  readonly hit: Percentiles;
  /** Added on a hit on the other replica (read from Redis, then kept in its memory). */
  readonly hitOtherReplica: Percentiles;
  /** The direct request's own time, the baseline. */
  readonly direct: Percentiles;
  /** The absolute times through the gateway. */
  readonly through: { readonly miss: Percentiles; readonly hit: Percentiles; readonly hitOtherReplica: Percentiles };
}

function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Percentiles of a path minus the direct request's at the same percentile: both run side by side, on one loaded machine. */
function against(path: Percentiles, direct: Percentiles): Percentiles {
  return { p50: round(path.p50 - direct.p50), p99: round(path.p99 - direct.p99) };
}

async function timed(url: string, key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "x-api-key": key } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

interface Times {
  readonly direct: number[];
  readonly miss: number[];
  readonly hit: number[];
  readonly other: number[];
}

/** One resource: a direct request and a miss on A; then rounds of a hit on A, a direct request, a hit on B. */
async function sample(
  path: string,
  direct: string,
  a: string,
  b: string,
  key: string,
  token: string,
  into: Times,
): Promise<void> {
  into.direct.push(await timed(`${direct}${path}`, key));
  into.miss.push(await timed(`${a}${path}`, token));
  for (let round = 0; round < HIT_ROUNDS; round += 1) {
    into.hit.push(await timed(`${a}${path}`, token));
    into.direct.push(await timed(`${direct}${path}`, key));
    // B's first hit reads the answer from Redis; after that B has it in its own memory too.
    (round === 0 ? into.other : into.hit).push(await timed(`${b}${path}`, token));
  }
}

/** Sequential samples on resources not asked before, after a warm-up that is not counted. */
export async function measureAddedLatency(redis: TestRedis): Promise<AddedLatency> {
  const service = await startRemoteService({ windowMs: PROBE_WINDOW_MS, latencyMs: 0 });
  // The enterprise key for both paths, so no request waits for the budget.
  const key = DEMO_KEYS.enterprise;
  const rig = await startGatewayRig(service.url, redis, ["probe"], {
    name: "latency",
    windowMs: PROBE_WINDOW_MS,
    upstreamKey: key,
  });
  const token = rig.desk.tokens["probe"] ?? "";
  const [a, b] = rig.replicas;
  try {
    if (a === undefined || b === undefined) throw new Error("two replicas expected");
    const times: Times = { direct: [], miss: [], hit: [], other: [] };
    const warm: Times = { direct: [], miss: [], hit: [], other: [] };
    for (let i = 0; i < WARM_UP + RESOURCES; i += 1) {
      const path = `/api/v1/index/${SYMBOLS[i % SYMBOLS.length]}/volatility?windowDays=${2 + Math.floor(i / SYMBOLS.length)}`;
      await sample(path, service.url, a.url, b.url, key, token, i < WARM_UP ? warm : times);
    }
    const direct = percentiles(times.direct);
    const through = {
      miss: percentiles(times.miss),
      hit: percentiles(times.hit),
      hitOtherReplica: percentiles(times.other),
    };
    return {
      misses: times.miss.length,
      hits: times.hit.length,
      hitsOtherReplica: times.other.length,
      miss: against(through.miss, direct),
      hit: against(through.hit, direct),
      hitOtherReplica: against(through.hitOtherReplica, direct),
      direct: { p50: round(direct.p50), p99: round(direct.p99) },
      through: {
        miss: { p50: round(through.miss.p50), p99: round(through.miss.p99) },
        hit: { p50: round(through.hit.p50), p99: round(through.hit.p99) },
        hitOtherReplica: { p50: round(through.hitOtherReplica.p50), p99: round(through.hitOtherReplica.p99) },
      },
    };
  } finally {
    await rig.close();
    await service.close();
  }
}
