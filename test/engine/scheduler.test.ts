import { IndexDataClient } from "../../src/client/client";
import { isQueueFullError } from "../../src/client/errors";
import { RateBudget } from "../../src/client/engine/rate-budget";
import { SYMBOLS, engineFor, sent, startService, statuses, stopAll } from "./helpers";

afterEach(stopAll);

/** Distinct volatility resources: symbols x windows. */
function volatilityCells(count: number): Array<[string, number]> {
  const cells: Array<[string, number]> = [];
  for (let days = 10; cells.length < count; days += 1) for (const s of SYMBOLS) if (cells.length < count) cells.push([s, days]);
  return cells;
}

describe("the scheduler keeps to the tier's budget", () => {
  test("a sheet bigger than one window's budget fills in over the next windows with zero 429s", async () => {
    const windowMs = 1500;
    const service = await startService({ rateLimitWindowMs: windowMs });
    const engine = engineFor(service, { rateWindowMs: windowMs });
    const seen = { queued: 0, nextSlot: false };
    engine.subscribe(() => {
      const s = engine.snapshot();
      seen.queued = Math.max(seen.queued, s.requestsQueued);
      seen.nextSlot ||= s.nextSlotAt !== undefined;
    });
    const cells = volatilityCells(150);
    const results = await Promise.allSettled(cells.map(([s, d]) => engine.volatility(s, d)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(statuses(service).filter((s) => s === 429)).toEqual([]);
    expect(sent(service)).toHaveLength(150);
    expect(seen.queued).toBeGreaterThan(0);
    expect(seen.nextSlot).toBe(true);
    expect(engine.snapshot()).toMatchObject({ requestsDone: 150, requestsQueued: 0, limitPerMinute: 2400, limitLearned: true });
  });

  test("budget another caller already spent is learned from the headers: still zero 429s", async () => {
    const windowMs = 1500;
    const service = await startService({ rateLimitWindowMs: windowMs });
    const other = new IndexDataClient({ baseUrl: service.url });
    for (let i = 0; i < 50; i += 1) await other.systemStatus();
    const engine = engineFor(service, { rateWindowMs: windowMs });
    const results = await Promise.allSettled(volatilityCells(40).map(([s, d]) => engine.volatility(s, d)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(statuses(service).filter((s) => s === 429)).toEqual([]);
  });

  test("a request that would wait longer than the queue bound fails at once with a clear message, unsent", async () => {
    const service = await startService({ rateLimitWindowMs: 60_000 });
    const engine = engineFor(service, { rateWindowMs: 60_000, maxQueueWaitMs: 2000, initialLimit: 5 });
    const results = await Promise.allSettled(volatilityCells(12).map(([s, d]) => engine.volatility(s, d)));
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => isQueueFullError(e) && e.message.startsWith("Not sent: too many cells are waiting"))).toBe(true);
    expect(statuses(service).filter((s) => s === 429)).toEqual([]);
    expect(sent(service).length).toBeLessThanOrEqual(60);
  });
});

describe("RateBudget", () => {
  const options = { limit: 3, windowMs: 1000, marginMs: 0 };

  test("allows `limit` sends per sliding window, then says when the next slot opens", () => {
    const budget = new RateBudget(options);
    budget.observe({ path: "/", status: 200 }, 0, 1); // the probe's answer (no headers)
    for (const t of [0, 100, 200]) {
      expect(budget.waitMs(t, 0)).toBe(0);
      budget.recordSend(t);
    }
    expect(budget.waitMs(300, 0)).toBe(700);
    expect(budget.waitMs(1000, 0)).toBe(0);
  });

  test("before the first answer, only a probe goes out (or the opening burst it is configured for)", () => {
    const probing = new RateBudget(options);
    probing.recordSend(0);
    expect(probing.waitMs(1, 1)).toBe(Infinity);
    const budget = new RateBudget({ ...options, limit: 8, openingBurst: 6 });
    for (let i = 0; i < 6; i += 1) {
      expect(budget.waitMs(i, i)).toBe(0);
      budget.recordSend(i);
    }
    expect(budget.waitMs(7, 6)).toBe(Infinity);
    budget.observe({ path: "/", status: 200, rateLimit: { limit: 10, remaining: 0, resetSeconds: 2 } }, 50, 1);
    expect(budget.limit).toBe(10);
    expect(budget.waitMs(60, 0)).toBe(1990); // the service's window has nothing left until it resets
  });

  test("a 429 with Retry-After holds every request until then", () => {
    const budget = new RateBudget(options);
    budget.observe({ path: "/", status: 429, retryAfterSeconds: 2 }, 0, 1);
    expect(budget.waitMs(500, 0)).toBe(1500);
    expect(budget.available(500)).toBe(0);
  });
});
