import { randomUUID } from "node:crypto";
import { readingOf } from "@index-data/wire";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import { RedisStore } from "../../gateway/src/store/redis-store";
import type { GatewayStore } from "../../gateway/src/store/store";
import { FakeClock } from "../support/fake-clock";
import { SpecUpstream, type UpstreamForm } from "../support/spec-upstream";
import { startRedis, type TestRedis } from "./support/redis-server";

/*
 * The desk's budget against an upstream whose headers lie, in both stores (the memory store's TypeScript rule and
 * the Redis store's Lua twin): a gateway that forwards whatever the budget grants, one step every 50 ms of fake
 * time, each answer 50 ms later, a refused request asked again. The upstream really lets 60 a minute through.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const START = Date.UTC(2025, 5, 18, 10, 30, 7, 250);
const STEP_MS = 50;
const RULES = { windowMs: WINDOW_MS, assumedLimit: LIMIT };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.kill());

const opened: GatewayStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const STORES: ReadonlyArray<readonly [string, () => Promise<GatewayStore>]> = [
  ["memory", async () => new MemoryStore({ rules: RULES })],
  [
    "redis",
    async () => {
      const store = new RedisStore({ url: redis.url, prefix: `doubt-${randomUUID()}:`, rules: RULES });
      await store.ready(5000);
      return store;
    },
  ],
];

/** Forwards `wanted` requests through the store's budget to an upstream telling `form`, for `windows` windows. */
async function forward(store: GatewayStore, form: UpstreamForm, wanted: number, windows: number) {
  const clock = new FakeClock(START);
  const upstream = new SpecUpstream(clock, { limit: LIMIT, windowMs: WINDOW_MS, window: "first-request", form });
  let pending = wanted;
  const flying: Array<{
    due: number;
    seq: number;
    info: () => ReturnType<ReturnType<SpecUpstream["answer"]>["info"]>;
  }> = [];
  while (clock.now() < START + windows * WINDOW_MS && (pending > 0 || flying.length > 0)) {
    const now = clock.now();
    for (const answer of flying.filter((f) => f.due <= now)) {
      flying.splice(flying.indexOf(answer), 1);
      const info = answer.info();
      const { sentSeq: _, ...reading } = readingOf(info);
      await store.learn(now, { ...reading, sent: { seq: answer.seq, ledger: store.kind } });
      if (info.status === 429) pending += 1;
    }
    if (pending > 0) {
      const grant = await store.take(now, 1, pending);
      for (let i = 0; i < grant.granted; i += 1) {
        const answer = upstream.answer("gateway");
        flying.push({ due: now + STEP_MS, seq: grant.lastSeq - grant.granted + 1 + i, info: answer.info });
      }
      pending -= grant.granted;
    }
    await clock.advance(STEP_MS);
  }
  const start = upstream.arrivals[0]?.at ?? START;
  const per = (status: number) =>
    Array.from(
      { length: windows },
      (_, w) =>
        upstream.arrivals.filter(
          (a) => a.status === status && a.at >= start + w * WINDOW_MS && a.at < start + (w + 1) * WINDOW_MS,
        ).length,
    );
  return { accepted: per(200), refused: per(429), pending };
}

describe.each(STORES)("the %s store", (_, make) => {
  test.each(["flapping", "hourly"] as const)(
    "headers that lie (%s): at least 80%% of the real limit a window, at most 5 x 429 a window",
    async (form) => {
      const store = await make();
      opened.push(store);
      const { accepted, refused } = await forward(store, form, 10 * LIMIT, 5);
      // Every window but the last (which may end with the work done): 48 of the upstream's 60 at least.
      for (const got of accepted.slice(0, -1)) expect(got).toBeGreaterThanOrEqual(0.8 * LIMIT);
      for (const n of refused) expect(n).toBeLessThanOrEqual(5);
      if (form === "hourly") expect(refused.reduce((a, b) => a + b, 0)).toBeGreaterThan(0); // the lie was met
    },
  );
});
