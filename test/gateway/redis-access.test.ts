import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { useTempFolder } from "../support/temp-folder";
import { makeDesk } from "./support/desk";
import { spawnGateway } from "./support/gateway-process";
import { startRedis } from "./support/redis-server";

/** What the gateway costs its Redis per health request, and what it says when Redis refuses its password. */
const desk = makeDesk(["alice"]);
const PASSWORD = "redis-pass-8c41f0e2";

let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(() => service.close());
/** The tokens file of the replica a test starts (and stops); removed after the tests. */
const folder = useTempFolder("gateway-redis-auth-");

/** Scripts and hash reads the server has run so far (INFO commandstats). */
async function scriptAndCountCalls(admin: Redis): Promise<number> {
  const stats = await admin.info("commandstats");
  return [...stats.matchAll(/^cmdstat_(?:evalsha|eval|hgetall):calls=(\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

test("GET /gateway/health reads the budget and the counts from Redis at most once a second, however often it is asked", async () => {
  const redis = await startRedis();
  const admin = new Redis(redis.url);
  const clock = new FakeClock(Date.now());
  let gateway: RunningGateway | undefined;
  try {
    gateway = await startGateway({
      upstream: service.url,
      upstreamKey: DEMO_KEYS.apiKey,
      tokens: () => desk.entries,
      redisUrl: redis.url,
      clock,
    });
    const url = `${gateway.url}/gateway/health`;
    const headers = { "x-api-key": desk.tokens["alice"] ?? "" };
    // The desk's view (this machine, no token) reads the budget and the counts; a member's own view, the budget.
    await fetch(url);
    const before = await scriptAndCountCalls(admin);
    for (let i = 0; i < 20; i += 1) {
      const health = await fetch(i % 2 === 0 ? url : `${url}?x=${i}`, i % 3 === 0 ? {} : { headers });
      expect(health.status).toBe(200);
    }
    // The replica's own heartbeat (a script, every 2 s of real time) may run meanwhile: at most a couple.
    expect((await scriptAndCountCalls(admin)) - before).toBeLessThanOrEqual(2);
    await clock.advance(1000);
    const later = await scriptAndCountCalls(admin);
    await fetch(url);
    expect((await scriptAndCountCalls(admin)) - later).toBeGreaterThanOrEqual(2);
  } finally {
    await gateway?.close();
    admin.disconnect();
    await redis.kill();
  }
});

test("a wrong or missing Redis password is said to be an authentication failure, never with the password", async () => {
  const redis = await startRedis(["--requirepass", PASSWORD]);
  const states: string[] = [];
  let gateway: RunningGateway | undefined;
  try {
    gateway = await startGateway({
      upstream: service.url,
      tokens: () => desk.entries,
      redisUrl: redis.url,
      onStoreState: (state, reason) => states.push(`${state}: ${reason ?? ""}`),
    });
    expect(states).toEqual([
      "down: authentication failed: the server wants a password and the --redis URL gives none (NOAUTH)",
    ]);
    const health = (await (await fetch(`${gateway.url}/gateway/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: "degraded", reasons: ["redis-down"] });

    writeFileSync(join(folder(), "tokens.txt"), desk.file);
    const wrong = `redis://:not-${PASSWORD}@127.0.0.1:${redis.port}`;
    const replica = await spawnGateway(
      ["--upstream", service.url, "--port", "0", "--tokens", join(folder(), "tokens.txt"), "--redis", wrong],
      {},
    );
    await replica.stop();
    expect(replica.output()).toContain(
      "Redis is away (authentication failed: the server refused the user or password in the --redis URL (WRONGPASS)): serving from this replica's memory, degraded.",
    );
    expect(replica.output()).not.toContain(PASSWORD);
  } finally {
    await gateway?.close();
    await redis.kill();
  }
});
