import { Redis } from "ioredis";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * Requests by user are counted in each replica's memory and reach Redis in batches: a hit costs no round trip.
 * Two replicas in this process share a redis-server of the test's own; their batches go out on a fake clock, and
 * the test waits (real time, bounded) only for Redis to have them.
 */
const desk = makeDesk(["alice", "bob"]);
const PATH = "/api/v1/index/RTM-NWE-A-1x3/forward";

let redis: TestRedis;
let service: RunningReferenceService;
let stats: Redis;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  [redis, service] = await Promise.all([startRedis(), startReferenceService()]);
  stats = new Redis(redis.url);
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  stats.disconnect();
  await Promise.all([service.close(), redis.kill()]);
});

function ask(gateway: RunningGateway, who: string, path = PATH): Promise<Response> {
  return fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens[who] ?? "" } });
}

/** Calls of one Redis command since the last reset of the server's statistics. */
async function calls(command: string): Promise<number> {
  const info = await stats.info("commandstats");
  return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
}

async function requestsByUser(gateway: RunningGateway): Promise<Record<string, number>> {
  // The desk-wide view: this machine, no token (a desk member's token reads only their own figures).
  const health = (await (await fetch(`${gateway.url}/gateway/health`)).json()) as {
    requestsByUser: Record<string, number>;
  };
  return health.requestsByUser;
}

test("hits are counted in memory and flushed in one call per replica; health's counts are right after a flush and a close", async () => {
  const clock = new FakeClock(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
  const start = () =>
    startGateway({
      upstream: service.url,
      upstreamKey: DEMO_KEYS.apiKey,
      tokens: () => desk.entries,
      redisUrl: redis.url,
      clock,
    });
  const [a, b] = [await start(), await start()];
  gateways.push(a, b);
  await stats.config("RESETSTAT");
  expect((await ask(a, "alice")).headers.get("cache-status")).toMatch(/fwd=miss/);
  for (let i = 0; i < 29; i += 1) expect((await ask(a, "alice")).status).toBe(200);
  for (let i = 0; i < 5; i += 1) expect((await ask(b, "bob")).headers.get("cache-status")).toMatch(/hit/);
  // 35 requests, no batch sent yet: not one MULTI/EXEC (a batch is one).
  expect(await calls("exec")).toBe(0);

  await clock.advance(250);
  await pollUntil("both replicas flushed their counts", async () => (await calls("exec")) === 2);
  expect(await requestsByUser(b)).toEqual({ alice: 30, bob: 5 });

  for (let i = 0; i < 3; i += 1) await ask(a, "alice");
  await a.close();
  // The health page reads the store's counts at most once a second: a second later, b shows what a flushed on close.
  await clock.advance(1000);
  expect(await requestsByUser(b)).toEqual({ alice: 33, bob: 5 });
});
