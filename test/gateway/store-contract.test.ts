import { randomUUID } from "node:crypto";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import { RedisStore } from "../../gateway/src/store/redis-store";
import type { CachedAnswer, GatewayStore } from "../../gateway/src/store/store";
import type { BudgetRules } from "../../gateway/src/store/token-bucket";
import { pollUntil } from "./support/poll";
import { startRedis, type TestRedis } from "./support/redis-server";

/**
 * One contract, two stores: the memory store (one process) and the Redis store (replicas), each opened as two
 * clients, as two replicas would hold them (the memory store's two clients are one object). The budget's clock
 * is passed in, so both must give the same figures to the millisecond.
 */
const HOUR = 3_600_000;
/** A window of an hour: the bucket refills by 50 tokens an hour, so a test's own run time adds none. */
const RULES: BudgetRules = { windowMs: HOUR, assumedLimit: 60 };
const T0 = Date.UTC(2025, 0, 6, 9);
/** 60 a window: a burst of 10, then one token every 3600000 / 50 ms. */
const MS_PER_TOKEN = HOUR / 50;

const answer = (body: string, fetchedAt = T0): CachedAnswer => ({
  status: 200,
  contentType: "application/json; charset=utf-8",
  body,
  fetchedAt,
  freshUntil: fetchedAt + 30_000,
});

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.kill());

type Pair = readonly [GatewayStore, GatewayStore];
const opened: GatewayStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const STORES: ReadonlyArray<readonly [string, () => Promise<Pair>]> = [
  [
    "memory",
    async () => {
      const store = new MemoryStore({ rules: RULES });
      opened.push(store);
      return [store, store];
    },
  ],
  [
    "redis",
    async () => {
      const prefix = `test-${randomUUID()}:`;
      const pair = [
        new RedisStore({ url: redis.url, prefix, rules: RULES }),
        new RedisStore({ url: redis.url, prefix, rules: RULES }),
      ] as const;
      opened.push(...pair);
      await Promise.all(pair.map((store) => store.ready(5000)));
      return pair;
    },
  ],
];

describe.each(STORES)("the %s store", (_name, open) => {
  test("keeps an answer byte for byte, with its metadata, for every replica", async () => {
    const [a, b] = await open();
    const body = '{"symbol":"RTM-NWE-A-1x3",\n "note":"é ✓ \\u0000"}\n';
    await a.putAnswer("latest|RTM-NWE-A-1x3", answer(body), 60_000);
    expect(await b.getAnswer("latest|RTM-NWE-A-1x3")).toEqual(answer(body));
    await a.putAnswer("history|past", { ...answer("[]"), freshUntil: null }, undefined);
    expect(await b.getAnswer("history|past")).toEqual({ ...answer("[]"), freshUntil: null });
    expect(await b.getAnswer("latest|RTM-NOPE")).toBeUndefined();
  });

  test("lets an answer go after the time it was kept for", async () => {
    const [a, b] = await open();
    await a.putAnswer("short", answer("1"), 40);
    expect(await b.getAnswer("short")).toEqual(answer("1"));
    await pollUntil("the answer expired", async () => (await b.getAnswer("short")) === undefined);
  });

  test("gives an in-flight lock to one owner at a time; only its owner renews or releases it", async () => {
    const [a, b] = await open();
    expect(await a.lock("k", "replica-a", 5000)).toBe(true);
    expect(await b.lock("k", "replica-b", 5000)).toBe(false);
    await b.unlock("k", "replica-b");
    expect(await b.lock("k", "replica-b", 5000)).toBe(false);
    expect(await b.renew("k", "replica-b", 5000)).toBe(false);
    expect(await a.renew("k", "replica-a", 5000)).toBe(true);
    await a.unlock("k", "replica-a");
    expect(await b.lock("k", "replica-b", 5000)).toBe(true);
  });

  test("frees a lock whose owner went silent once its lease runs out", async () => {
    const [a, b] = await open();
    expect(await a.lock("k", "replica-a", 60)).toBe(true);
    await pollUntil("the lease ran out", () => b.lock("k", "replica-b", 5000));
    expect(await a.renew("k", "replica-a", 5000)).toBe(false);
  });

  test("announces a key to every replica's listeners", async () => {
    const [a, b] = await open();
    const heard = new Promise<string>((resolve) => b.onAnnounce(resolve));
    // A subscription may take a moment to reach the server: announce until heard.
    let done = false;
    void heard.then(() => (done = true));
    await pollUntil("the announcement arrived", async () => {
      if (!done) await a.announce("history|RTM-NWE-A-1x3");
      return done;
    });
    expect(await heard).toBe("history|RTM-NWE-A-1x3");
  });

  test("grants exactly the burst to replicas taking at once, then says how long to wait", async () => {
    const [a, b] = await open();
    const waits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).takeSend(T0, 1)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => w !== 0)).toEqual(Array(20).fill(MS_PER_TOKEN));
    expect(await a.takeSend(T0 + MS_PER_TOKEN, 1)).toBe(0);
    expect(await b.takeSend(T0 + MS_PER_TOKEN, 1)).toBe(MS_PER_TOKEN);
  });

  test("learns the limit from the headers: a lower limit shrinks the burst at once", async () => {
    const [a, b] = await open();
    await a.observeBudget(T0, { limit: 12, remaining: 12, resetMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 5 }, () => b.takeSend(T0, 1)));
    expect(waits.filter((w) => w === 0)).toHaveLength(2);
    expect(await b.budget(T0)).toEqual({
      limit: 12,
      windowMs: HOUR,
      sendableNow: 0,
      upstreamRemaining: 10,
      pausedForMs: 0,
    });
  });

  test("a higher limit lifts the burst at once, less what was already spent of the old one", async () => {
    const [a, b] = await open();
    await Promise.all(Array.from({ length: 4 }, () => a.takeSend(T0, 1)));
    await b.observeBudget(T0, { limit: 120 });
    const waits = await Promise.all(Array.from({ length: 20 }, () => a.takeSend(T0, 1)));
    expect(waits.filter((w) => w === 0)).toHaveLength(20 - 4);
  });

  test("holds every send while the upstream says its window is spent, until its reset", async () => {
    const [a, b] = await open();
    await a.observeBudget(T0, { limit: 60, remaining: 0, resetMs: 5000 });
    expect(await b.takeSend(T0, 1)).toBe(5000);
    expect(await b.takeSend(T0 + 4000, 1)).toBe(1000);
    expect(await b.takeSend(T0 + 5000, 1)).toBe(0);
  });

  test("pauses every replica for a 429's Retry-After and empties the bucket", async () => {
    const [a, b] = await open();
    await a.observeBudget(T0, { retryAfterMs: 2000 });
    expect(await b.takeSend(T0 + 500, 1)).toBe(1500);
    expect((await a.budget(T0 + 1000)).pausedForMs).toBe(1000);
    expect(await b.takeSend(T0 + 2000, 1)).toBe(MS_PER_TOKEN);
  });

  test("keeps a replica that lost the others to its share of the limit and of what the upstream says is left", async () => {
    const [a] = await open();
    const waits = await Promise.all(Array.from({ length: 10 }, () => a.takeSend(T0, 0.5)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    await a.observeBudget(T0, { limit: 60, remaining: 1, resetMs: 3000 });
    expect(await a.takeSend(T0 + 1000, 0.5)).toBe(2000);
  });

  test("counts requests by user per window, whichever replica counted them", async () => {
    const [a, b] = await open();
    await a.countRequest("alice", T0, 60_000);
    await b.countRequest("alice", T0, 60_000);
    await b.countRequest("bob", T0, 60_000);
    await a.countRequest("alice", T0 + 60_000, 60_000);
    expect(await a.requestsByUser(T0)).toEqual({ alice: 2, bob: 1 });
    expect(await b.requestsByUser(T0 + 60_000)).toEqual({ alice: 1 });
  });

  test("counts the replicas alive, forgetting one that went silent", async () => {
    const [a, b] = await open();
    expect(await a.heartbeat("replica-a", T0, 6000)).toBe(1);
    expect(await b.heartbeat("replica-b", T0 + 1000, 6000)).toBe(2);
    expect(await a.heartbeat("replica-a", T0 + 8000, 6000)).toBe(1);
  });
});
