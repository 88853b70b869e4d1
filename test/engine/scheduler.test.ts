import { openingBurstOf } from "@index-data/wire";
import { isQueueFullError } from "@index-data/wire/errors";
import { LaneHints } from "../../src/engine/sending/lane-hints";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn } from "./limited-service";

const WINDOW_MS = 6000;
const LIMIT = 60;

describe("the scheduler keeps to the tier's budget", () => {
  test("a sheet bigger than one window's budget fills in over the next windows with zero 429s", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    const { scheduler, sentAt, send } = runtimeOn(service, clock, { latencyMs: 50 });
    const seen = { queued: 0, nextSlot: false };
    scheduler.subscribe(() => {
      const p = scheduler.progress();
      seen.queued = Math.max(seen.queued, p.requestsQueued);
      seen.nextSlot ||= p.nextSlotAt !== undefined;
    });
    const cells = send(150);
    await clock.advance(4 * WINDOW_MS);
    const statuses = await cells;
    expect(service.rejected).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(sentAt).toHaveLength(150);
    // 150 requests at 60 a window: three windows, never more than 60 in any of the service's windows.
    const perWindow = [0, 1, 2].map(
      (w) =>
        service.arrivals.filter(
          (a) =>
            a.at >= clock.now() - 4 * WINDOW_MS + w * WINDOW_MS &&
            a.at < clock.now() - 4 * WINDOW_MS + (w + 1) * WINDOW_MS,
        ).length,
    );
    expect(Math.max(...perWindow)).toBeLessThanOrEqual(LIMIT);
    expect(seen.queued).toBeGreaterThan(0);
    expect(seen.nextSlot).toBe(true);
    expect(scheduler.progress()).toMatchObject({ requestsDone: 150, requestsQueued: 0, inFlight: 0 });
  });

  test("budget another caller already spent is learned from the headers: still zero 429s", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    for (let i = 0; i < 50; i += 1) service.arrive(); // a bare script spent 50 of the window
    const { send } = runtimeOn(service, clock, { latencyMs: 50 });
    const cells = send(40);
    await clock.advance(3 * WINDOW_MS);
    expect((await cells).filter((s) => s !== 200)).toEqual([]);
    expect(service.rejected).toBe(0);
  });

  test("a request that would wait longer than the queue bound fails at once with a clear message, unsent", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, 5, 60_000);
    const { budget, sentAt } = runtimeOn(service, clock, { latencyMs: 50 });
    budget.learn({ path: "/", status: 200, rateLimit: { limit: 5, remaining: 5, resetSeconds: 60 } }, clock.now());
    const scheduler = new Scheduler(budget, new LaneHints(), { maxQueueWaitMs: 2000, maxInFlight: 48, clock });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => scheduler.schedule(() => Promise.resolve(service.arrive().status))),
    );
    const refused = results
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(refused).toHaveLength(7);
    expect(
      refused.every((e) => isQueueFullError(e) && e.message.startsWith("Not sent: too many cells are waiting")),
    ).toBe(true);
    expect(service.rejected).toBe(0);
    expect(sentAt).toHaveLength(0);
    expect(service.arrivals).toHaveLength(5);
  });
});

describe("RateBudget", () => {
  const options = { limit: 3, windowMs: 1000, marginMs: 0 };

  test("allows `limit` sends per sliding window, then says when the next slot opens", () => {
    const budget = new RateBudget(options);
    budget.learn({ path: "/", status: 200 }, 0); // the first answer (no headers)
    for (const t of [0, 100, 200]) {
      expect(budget.waitMs(t)).toBe(0);
      budget.recordSend(t);
    }
    expect(budget.waitMs(300)).toBe(700);
    expect(budget.waitMs(1000)).toBe(0);
  });

  test("before the first answer, only the opening burst goes out", () => {
    const probing = new RateBudget(options);
    probing.recordSend(0);
    expect(probing.waitMs(1)).toBe(Infinity);
    const budget = new RateBudget({ ...options, limit: 72 });
    expect(openingBurstOf(72)).toBe(6);
    for (let i = 0; i < 6; i += 1) {
      expect(budget.waitMs(i)).toBe(0);
      budget.recordSend(i);
    }
    expect(budget.waitMs(7)).toBe(Infinity);
    budget.learn({ path: "/", status: 200, rateLimit: { limit: 10, remaining: 0, resetSeconds: 2 } }, 50);
    expect(budget.limit).toBe(10);
    expect(budget.waitMs(60)).toBe(1990); // the service's window has nothing left until it resets
  });

  test("a 429 with Retry-After holds every request until then", () => {
    const budget = new RateBudget(options);
    budget.learn({ path: "/", status: 429, retryAfterSeconds: 2 }, 0);
    expect(budget.waitMs(500)).toBe(1500);
    expect(budget.available(500)).toBe(0);
  });
});
