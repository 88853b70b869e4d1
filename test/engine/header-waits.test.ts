import { RateBudget } from "../../src/engine/budget/rate-budget";
import { RequestEngine } from "../../src/engine/request-engine";
import { LaneHints } from "../../src/engine/sending/lane-hints";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { MAX_TIMER_MS, systemClock } from "@index-data/wire/time";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "../client/loopback-server";

const T0 = Date.UTC(2025, 5, 18, 10, 30);

afterEach(async () => {
  jest.restoreAllMocks();
  await closeLoopbackServers();
});

/** Delays of every timer armed while `spy` watched. */
function armedDelays(spy: jest.SpyInstance): number[] {
  return spy.mock.calls.map((call: unknown[]) => Number(call[1] ?? 0));
}

describe("the engine never waits longer than one window on a header's word", () => {
  it("a 429 with Retry-After: 9999999999 holds the queue for one window (60 s + margin), not 317 years", async () => {
    jest.spyOn(Date, "now").mockReturnValue(T0); // the engine's clock stands still: nothing waits for real
    const service = await startLoopbackServer((_, response) =>
      sendJson(response, { message: "Too many requests" }, 429, { "retry-after": "9999999999" }),
    );
    const engine = new RequestEngine({ baseUrl: service.url }, { batchWindowMs: 1 });
    const paused = new Promise<string>((resolve) => {
      engine.subscribe(() => {
        const next = engine.snapshot().nextSlotAt;
        if (next !== undefined) resolve(next);
      });
    });
    const timers = jest.spyOn(globalThis, "setTimeout");
    const cell = engine.systemStatus().catch((error: unknown) => error as Error);
    const nextSlotAt = await Promise.race([paused, cell.then(() => undefined)]);
    expect(service.requests).toHaveLength(1);
    expect(Date.parse(nextSlotAt ?? "") - T0).toBe(60_000 + engine.options.rateMarginMs);
    expect(Math.max(...armedDelays(timers))).toBeLessThanOrEqual(MAX_TIMER_MS);
    engine.close();
    await expect(cell).resolves.toMatchObject({ name: "ConfigurationError" });
  });

  it("an X-RateLimit-Reset far in the future (epoch 1e308) holds the budget for one window at most", async () => {
    const service = await startLoopbackServer((_, response) =>
      sendJson(response, { status: "ok", timestamp: "2025-06-18T10:00:00Z" }, 200, {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1e308",
      }),
    );
    const infos: Parameters<RateBudget["learn"]>[0][] = [];
    const engine = new RequestEngine(
      { baseUrl: service.url, onResponse: (info) => infos.push(info) },
      { batchWindowMs: 1 },
    );
    await engine.systemStatus();
    expect(service.requests).toHaveLength(1);
    const budget = new RateBudget({ limit: 60, windowMs: 60_000, marginMs: 0 });
    budget.learn(infos[0] as Parameters<RateBudget["learn"]>[0], T0);
    expect(budget.waitMs(T0)).toBe(60_000);
  });
});

describe("no timer is armed beyond what setTimeout can hold (2^31-1 ms)", () => {
  it("a pause and a queue bound of years arm timers of at most 2^31-1 ms, with no overflow warning", async () => {
    jest.spyOn(Date, "now").mockReturnValue(T0);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const budget = new RateBudget({ limit: 5, windowMs: 60_000, marginMs: 0 });
    budget.learn({ path: "/", status: 200 }, T0);
    budget.pauseUntil(T0 + 2 ** 36);
    const scheduler = new Scheduler(budget, new LaneHints(), {
      maxQueueWaitMs: 2 ** 40,
      maxInFlight: 4,
      clock: systemClock,
    });
    const timers = jest.spyOn(globalThis, "setTimeout");
    const task = scheduler.schedule(() => Promise.resolve("sent"));
    expect(scheduler.progress()).toMatchObject({ requestsQueued: 1, nextSlotAt: T0 + 2 ** 36 });
    const delays = armedDelays(timers);
    expect(delays.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...delays)).toBe(MAX_TIMER_MS);
    scheduler.failWaiting(new Error("closed"));
    await expect(task).rejects.toThrow("closed");
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(warnings).not.toContain("TimeoutOverflowWarning");
  });
});
