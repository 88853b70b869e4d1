import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { spawnGateway, type GatewayProcess } from "./support/gateway-process";
import { makeDesk, responseText, startRecordingFront, type RecordingFront } from "./support/desk";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";
import { useTempFolder } from "../support/temp-folder";

/**
 * Two gateway replicas, each a process of its own, sharing one redis-server of the test's own, in front of the
 * reference service (60 a 6 s window, as the benchmark compresses it) through a front recording what reaches it.
 * An oracle (a second reference service, same data and clock) gives each resource's own answer. The upstream runs in
 * this busy test process, so the replicas give it 20 s (not 5) before they call it unreachable.
 */
const TRADERS = ["ana", "ben", "cleo", "dev", "eli", "fay"];
const desk = makeDesk(TRADERS);
const UPSTREAM_KEY = DEMO_KEYS.apiKey;
const SYMBOLS = ["RTM-NWE-A-1x3", "RTM-NWE-B-1x3", "RTM-MED-A-1x3", "RTM-USG.B-2x4", "RTM-SEA-A-1x3"];

let redis: TestRedis;
let service: RunningReferenceService;
let oracle: RunningReferenceService;
let front: RecordingFront;
let replicas: GatewayProcess[];

beforeAll(async () => {
  [redis, service, oracle] = await Promise.all([
    startRedis(),
    startReferenceService({ testFaults: true, rateLimitWindowMs: 6000, rateLimits: { "api-key": 60 } }),
    startReferenceService({ rateLimits: { anonymous: 1_000_000 } }),
  ]);
  front = await startRecordingFront(service.url);
  writeFileSync(join(folder(), "tokens.txt"), desk.file);
  const args = [
    "--upstream",
    front.url,
    "--port",
    "0",
    "--redis",
    redis.url,
    "--tokens",
    join(folder(), "tokens.txt"),
    "--rate-window-ms",
    "6000",
    // The most the gateway allows: on two busy cores the service in this process may be seconds late, and a
    // timeout here would be a 503 no fault of the test caused.
    "--upstream-timeout-ms",
    "60000",
  ];
  replicas = await Promise.all([
    spawnGateway(args, { INDEX_GATEWAY_UPSTREAM_KEY: UPSTREAM_KEY }),
    spawnGateway(args, { INDEX_GATEWAY_UPSTREAM_KEY: UPSTREAM_KEY }),
  ]);
});

afterAll(async () => {
  await Promise.all((replicas ?? []).map((replica) => replica.stop()));
  await Promise.all([front?.close(), service?.close(), oracle?.close(), redis?.kill()]);
});
/** The replicas' tokens file (made in beforeAll); removed once they have stopped. */
const folder = useTempFolder("gateway-");

const replica = (i: number): GatewayProcess => replicas[i % 2] as GatewayProcess;
const tokenOf = (i: number): string => desk.tokens[TRADERS[i % TRADERS.length] ?? ""] ?? "";

function ask(on: GatewayProcess, path: string, token: string): Promise<Response> {
  return fetch(`${on.url}${path}`, { headers: { "x-api-key": token } });
}

const truth = new Map<string, Promise<string>>();
function oracleBody(path: string): Promise<string> {
  const known = truth.get(path) ?? fetch(`${oracle.url}${path}`).then((r) => r.text());
  truth.set(path, known);
  return known;
}

function deskResources(): string[] {
  return [
    "/api/v1/indexes",
    // A 404 (this description has no methodology) is an answer too, shared like any other.
    "/api/v1/methodology",
    ...SYMBOLS.map((s) => `/api/v1/index/${s}/latest`),
    ...SYMBOLS.map((s) => `/api/v1/index/${s}/volatility?windowDays=90`),
    ...SYMBOLS.slice(0, 3).map((s) => `/api/v1/index/${s}/history?endDate=2025-03-31&startDate=2025-01-01`),
    `/api/v1/index/${SYMBOLS[0]}/forward`,
    `/api/v1/index/${SYMBOLS[0]}/capacity-metrics`,
    `/api/v1/index/RTM-NOPE-1x3/latest`,
  ];
}

/** Client i's order: every client asks for every resource, each in its own order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  return items
    .map((item, i) => ({ item, rank: (i * 7919 + seed * 104_729) % 997 }))
    .sort((a, b) => a.rank - b.rank)
    .map((x) => x.item);
}

/** Client i: its requests three at a time (as a browser's connections to one host), on its replica, with its token. */
async function client(i: number, paths: readonly string[]): Promise<Array<{ path: string; response: Response }>> {
  const queue = [...paths];
  const answers: Array<{ path: string; response: Response }> = [];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift())
      answers.push({ path, response: await ask(replica(i), path, tokenOf(i)) });
  };
  await Promise.all([worker(), worker(), worker()]);
  return answers;
}

/** Replicas are separate processes that may take seconds to see Redis again: up to 60 s on two busy cores. */
const REPLICA_POLL = { everyMs: 50, attempts: 1200 };

async function health(on: GatewayProcess): Promise<{ status: string; store: { redis?: string } }> {
  return (await (await ask(on, "/gateway/health", tokenOf(0))).json()) as { status: string; store: { redis?: string } };
}

test("30 clients over two replicas: one upstream request per resource, no 429, the upstream's own answers, no secret out", async () => {
  const resources = deskResources();
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => client(i, shuffled(resources, i))));
  const secrets = new RegExp(
    [UPSTREAM_KEY, ...Object.values(desk.tokens)].map((s) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")).join("|"),
  );
  for (const { path, response } of answers.flat()) {
    const text = await responseText(response.clone());
    expect(text).not.toMatch(secrets);
    expect({ path, body: await response.text() }).toEqual({ path, body: await oracleBody(path) });
  }
  // The replicas shared Redis all along (a replica apart would coalesce on its own only).
  expect(replicas.map((r) => /Redis is away.*/.exec(r.output())?.[0])).toEqual([undefined, undefined]);
  expect(front.seen.map((r) => r.path).sort()).toEqual([...resources].sort());
  expect(service.requests.filter((r) => r.status === 429)).toEqual([]);
  for (const { headers } of front.seen) {
    expect(headers["x-api-key"]).toBe(UPSTREAM_KEY);
    expect(headers["authorization"]).toBeUndefined();
  }
  expect(service.requests.every((r) => r.apiKeyTier === "api-key")).toBe(true);
  for (const r of replicas) {
    expect(r.output()).toMatch(/"user":"(ana|ben|cleo|dev|eli|fay)","method":"GET"/);
    expect(r.output()).not.toMatch(secrets);
  }
});

test("both replicas refuse bad tokens while serving the desk", async () => {
  const path = "/api/v1/indexes";
  const [bad, none, good] = await Promise.all([
    ask(replica(0), path, "idg_not-a-token"),
    fetch(`${replica(1).url}${path}`),
    ask(replica(1), path, tokenOf(3)),
  ]);
  expect([bad.status, none.status, good.status]).toEqual([401, 401, 200]);
  expect(((await bad.json()) as { code: string }).code).toBe("UNAUTHORIZED");
  expect(await good.text()).toBe(await oracleBody(path));
});

test("Redis killed mid-run: every request is answered; the replicas say degraded, then rejoin when it is back", async () => {
  const paths = SYMBOLS.flatMap((s) => [20, 25, 45].map((days) => `/api/v1/index/${s}/volatility?windowDays=${days}`));
  const running = paths.map((path, i) => ask(replica(i), path, tokenOf(i)));
  await redis.kill();
  const answers = await Promise.all(running);
  expect(answers.map((r) => r.status)).toEqual(paths.map(() => 200));
  for (const [i, answer] of answers.entries()) expect(await answer.text()).toBe(await oracleBody(paths[i] ?? ""));
  for (const r of replicas)
    expect(await health(r)).toMatchObject({
      status: "degraded",
      reasons: ["redis-down"],
      store: { kind: "redis", redis: "down" },
    });
  const meanwhile = await ask(replica(1), "/api/status", tokenOf(1));
  expect(meanwhile.status).toBe(200);

  await redis.restart();
  await pollUntil(
    "both replicas rejoined",
    async () => (await Promise.all(replicas.map(health))).every((h) => h.store.redis === "up"),
    REPLICA_POLL,
  );
  const shared = `/api/v1/index/${SYMBOLS[1]}/forward`;
  expect((await ask(replica(0), shared, tokenOf(0))).headers.get("cache-status")).toMatch(/fwd=miss/);
  expect((await ask(replica(1), shared, tokenOf(1))).headers.get("cache-status")).toMatch(/^IndexDataGateway; hit/);
  expect(front.seen.filter((r) => r.path === shared)).toHaveLength(1);
  expect(service.requests.filter((r) => r.status === 429)).toEqual([]);
});

test("one replica killed while it fetches: the other serves, that resource too, once the dead one's lock lapses", async () => {
  const path = `/api/v1/index/${SYMBOLS[2]}/forward`;
  service.faults.setLatency(1500);
  const dying = ask(replica(0), path, tokenOf(0)).catch(() => undefined);
  await pollUntil(
    "the first replica asked the upstream",
    async () => front.seen.some((r) => r.path === path),
    REPLICA_POLL,
  );
  await replica(0).kill();
  await dying;
  const answer = await ask(replica(1), path, tokenOf(1));
  service.faults.setLatency(0);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe(await oracleBody(path));
  expect(front.seen.filter((r) => r.path === path)).toHaveLength(2);
  const other = await ask(replica(1), "/api/v1/indexes", tokenOf(2));
  expect(other.status).toBe(200);
});
