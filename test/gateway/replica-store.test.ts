import { randomUUID } from "node:crypto";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import { RedisStore } from "../../gateway/src/store/redis-store";
import { ReplicaStore } from "../../gateway/src/store/replica-store";
import { storedAnswerRule } from "../../gateway/src/store/stored-answer";
import { DEFAULT_TTLS } from "@index-data/wire";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";

/** One replica's store against a real redis-server that stalls, dies and comes back: every call answers. */
const RULES = { windowMs: 60_000, assumedLimit: 60 };
let redis: TestRedis;
let store: ReplicaStore;
const states: string[] = [];

beforeEach(async () => {
  redis = await startRedis();
  states.length = 0;
  const shared = new RedisStore({ url: redis.url, prefix: `t-${randomUUID()}:`, rules: RULES, commandTimeoutMs: 200 });
  store = new ReplicaStore({
    local: new MemoryStore({ rules: RULES }),
    shared,
    staleIfErrorMs: 60_000,
    admit: storedAnswerRule(DEFAULT_TTLS),
    now: () => Date.now(),
    onSharedState: (state) => states.push(state),
    probeMs: 50,
    usageWindowMs: RULES.windowMs,
  });
  await store.start(5000);
});
afterEach(async () => {
  redis.resume();
  await store.close();
  await redis.kill();
});

test("a stalled Redis: each call gives up after its timeout; a lock is not taken alone until the store is marked down", async () => {
  expect(await store.lock("k", "other-replica", 60_000)).toBe(true);
  redis.pause();
  // While it still counts as up, a send is not granted from memory and a lock is not taken there.
  expect(await store.lock("x", "me", 60_000)).toBe(false);
  expect(await store.take(Date.now(), 1, 1)).toMatchObject({ granted: 0, waitMs: 100 });
  // Timeouts in a row mark it down (those this busy test process caused itself do not count, hence the loop).
  for (let call = 0; call < 30 && store.sharedState() === "up"; call += 1)
    expect(await store.getAnswer("y")).toBeUndefined();
  expect(store.sharedState()).toBe("down");
  expect((await store.take(Date.now(), 1, 1)).granted).toBe(1);
  expect(states).toEqual(["down"]);
  expect(await store.lock("x", "me", 60_000)).toBe(true);
  redis.resume();
  await pollUntil("the shared store is up", () => store.sharedState() === "up");
  expect(states).toEqual(["down", "up"]);
  expect(await store.lock("k", "me", 60_000)).toBe(false);
});

test("a Redis that dies is marked down at once, and everything is answered from memory meanwhile", async () => {
  await store.putAnswer(
    "a",
    { status: 200, contentType: "application/json", body: "1", fetchedAt: Date.now(), freshUntil: Date.now() + 60_000 },
    120_000,
  );
  await redis.kill();
  await pollUntil("the shared store is down", () => store.sharedState() === "down");
  expect(await store.getAnswer("a")).toMatchObject({ body: "1" });
  expect(await store.lock("b", "me", 1000)).toBe(true);
  expect(store.sharedState()).toBe("down");
  expect(await store.requestsByUser(0)).toEqual({});
});
