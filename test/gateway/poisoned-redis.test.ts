import { Redis } from "ioredis";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { FakeClock } from "../support/fake-clock";
import { makeDesk, startRecordingFront, type RecordingFront } from "./support/desk";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * Whoever can write to the desk's Redis (a database shared with someone else, a leaked password) can put anything
 * under an answer's key. Two replicas in this process share a redis-server of the test's own; replica A fetches an
 * answer, the attacker finds its key with SCAN (as anyone could) and rewrites it, and replica B, which has not seen
 * the answer yet, is asked for it: B must treat the entry as an upstream answer, checked, and fetch again.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const desk = makeDesk(["alice"]);
const DAY = 86_400_000;

let redis: TestRedis;
let attacker: Redis;
let service: RunningReferenceService;
let front: RecordingFront;
let clock: FakeClock;
let a: RunningGateway;
let b: RunningGateway;

beforeAll(async () => {
  [redis, service] = await Promise.all([startRedis(), startReferenceService()]);
  front = await startRecordingFront(service.url);
  attacker = new Redis(redis.url);
});
afterAll(async () => {
  attacker.disconnect();
  await front.close();
  await service.close();
  await redis.kill();
});

beforeEach(async () => {
  sentBefore = [...front.seen];
  await attacker.flushall();
  clock = new FakeClock(Date.now());
  const options = { upstream: front.url, upstreamKey: DEMO_KEYS.apiKey, tokens: () => desk.entries, clock };
  [a, b] = await Promise.all([
    startGateway({ ...options, redisUrl: redis.url }),
    startGateway({ ...options, redisUrl: redis.url }),
  ]);
});
afterEach(async () => {
  await Promise.all([a.close(), b.close()]);
});

/** Requests for `path` that reached the upstream, in this test. */
let sentBefore: ReadonlyArray<{ readonly path: string }> = [];
function sends(path: string): number {
  return front.seen.slice(sentBefore.length).filter((r) => r.path === path).length;
}

function ask(replica: RunningGateway, path: string): Promise<Response> {
  return fetch(`${replica.url}${path}`, { headers: { "x-api-key": desk.tokens["alice"] ?? "" } });
}

/** The Redis key under which the replicas keep the answer to `path`, found as an attacker would find it. */
async function keyOf(path: string): Promise<string> {
  const [, keys] = await attacker.scan("0", "MATCH", `*:a:${path.replace(/[?*[\]]/g, "\\$&")}`, "COUNT", 10_000);
  const key = keys[0];
  if (key === undefined) throw new Error(`no key for ${path}`);
  return key;
}

type Poison = (now: number, body: string) => string;
const entry = (meta: object, body: string) => `${JSON.stringify(meta)}\n${body}`;
const forged = (body: string) => body.replace(/"annualizedVol":[0-9.e-]+/, '"annualizedVol":0.999');

const POISONS: ReadonlyArray<readonly [string, Poison]> = [
  [
    "an HTML page served as a 200",
    (now) =>
      entry(
        { status: 200, contentType: "text/html", fetchedAt: now, freshUntil: now + 60_000 },
        "<script>alert(1)</script>",
      ),
  ],
  [
    "a status of 600",
    (now, body) =>
      entry({ status: 600, contentType: "application/json", fetchedAt: now, freshUntil: now + 60_000 }, body),
  ],
  [
    "JSON of another shape",
    (now) =>
      entry(
        { status: 200, contentType: "application/json", fetchedAt: now, freshUntil: now + 60_000 },
        '{"symbol":"X"}',
      ),
  ],
  [
    "a forged figure fresh for ten years",
    (now, body) =>
      entry(
        { status: 200, contentType: "application/json", fetchedAt: now - 600_000, freshUntil: now + 3650 * DAY },
        forged(body),
      ),
  ],
  [
    "a forged figure pinned (no freshness limit)",
    (now, body) =>
      entry({ status: 200, contentType: "application/json", fetchedAt: now, freshUntil: null }, forged(body)),
  ],
  ["metadata that is not JSON", (_now, body) => `{not json\n${body}`],
  ["no metadata line at all", () => "garbage"],
];

test.each(POISONS)("an entry holding %s is not served: the replica asks the upstream again", async (name, poison) => {
  const path = `/api/v1/index/${FLAGSHIP}/volatility?windowDays=${10 + POISONS.findIndex(([other]) => other === name)}`;
  const good = await (await ask(a, path)).text();
  const key = await keyOf(path);
  const value = poison(clock.now(), good);
  await attacker.set(key, value, "PX", 600_000);
  // The fault happened: the entry under the key is the attacker's ...
  expect(await attacker.get(key)).toBe(value);
  // ... and replica B, asked for it, checks it as an upstream answer.
  const answer = await ask(b, path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await answer.text()).toBe(good);
  expect(sends(path)).toBe(2);
  expect(b.store.sharedState()).toBe("up");
});

test("an entry of another Redis type, or larger than any answer, is no answer, and Redis is not taken for failing", async () => {
  const paths = [`/api/v1/index/${FLAGSHIP}/latest`, `/api/v1/index/${FLAGSHIP}/forward`];
  const goods = await Promise.all(paths.map(async (path) => (await ask(a, path)).text()));
  const [hashKey, hugeKey] = await Promise.all(paths.map(keyOf));
  await attacker.del(hashKey as string);
  await attacker.hset(hashKey as string, "status", "200");
  const fresh = {
    status: 200,
    contentType: "application/json",
    fetchedAt: clock.now(),
    freshUntil: clock.now() + 60_000,
  };
  await attacker.set(hugeKey as string, entry(fresh, `[${"0,".repeat(11 * 1024 * 1024)}0]`), "PX", 600_000);
  for (let round = 0; round < 3; round += 1) {
    for (const [i, path] of paths.entries()) {
      const answer = await ask(b, `${path}`);
      expect(answer.status).toBe(200);
      // Compared by length first: a failure must not print an entry of 20 MB.
      const text = await answer.text();
      expect({ length: text.length, same: text === goods[i] }).toEqual({ length: goods[i]?.length, same: true });
    }
  }
  expect(b.store.sharedState()).toBe("up");
});

test("an entry without a time-to-live in Redis is served only for past history", async () => {
  const path = `/api/v1/index/${FLAGSHIP}/latest`;
  await ask(a, path);
  await attacker.persist(await keyOf(path));
  await ask(b, path);
  expect(sends(path)).toBe(2);
  const past = `/api/v1/index/${FLAGSHIP}/history?endDate=2025-01-10&startDate=2025-01-06`;
  await ask(a, past);
  await attacker.persist(await keyOf(past));
  expect((await ask(b, past)).headers.get("cache-status")).toMatch(/; (hit|collapsed);/);
  expect(sends(past)).toBe(1);
});

test("a replica never keeps an entry it read from Redis without a time-to-live: wiped Redis, pinned history goes at its age", async () => {
  const past = `/api/v1/index/${FLAGSHIP}/history?endDate=2025-01-10&startDate=2025-01-06`;
  await ask(a, past);
  expect((await ask(b, past)).headers.get("cache-status")).toMatch(/; (hit|collapsed);/);
  await attacker.flushall();
  await clock.advance(DAY);
  expect((await ask(b, past)).headers.get("cache-status")).toMatch(/; hit;/);
  await clock.advance(7 * DAY);
  const later = await ask(b, past);
  expect(later.headers.get("cache-status")).toMatch(/fwd=miss/);
  expect(sends(past)).toBe(2);
});
