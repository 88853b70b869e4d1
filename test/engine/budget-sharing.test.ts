import type { ResponseInfo } from "@index-data/wire";
import { responseInfo } from "@index-data/wire/headers/response-headers";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { openingBurstOf } from "@index-data/wire";
import { LaneHints } from "../../src/engine/sending/lane-hints";
import { Scheduler } from "../../src/engine/sending/scheduler";
import { MemoryBudgetHub, SharedBudget } from "../../src/engine/budget/shared-budget";
import { FakeClock } from "../support/fake-clock";
import { LimitedService } from "./limited-service";

const WINDOW_MS = 6000;
const LIMIT = 60;
const LATENCY_MS = 100;

const budgetOptions = { limit: LIMIT, windowMs: WINDOW_MS, marginMs: 100 };
const answer200 = (remaining: number, resetSeconds: number): ResponseInfo => ({
  path: "/",
  status: 200,
  rateLimit: { limit: LIMIT, remaining, resetSeconds },
});

/** A runtime's budget, speaking on the machine's channel `hub` (a fresh one: alone on it). */
function runtimeBudget(clock: FakeClock, hub = new MemoryBudgetHub()): RateBudget {
  const budget = new RateBudget(budgetOptions);
  new SharedBudget(hub.channel(), budget, clock, () => undefined);
  return budget;
}

describe("the header rule: someone else spending the same budget", () => {
  test("the engine reserves the other consumer's pace and spreads its own sends: no 429 for anyone", async () => {
    const clock = new FakeClock();
    const windowStart = clock.now();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    // Another consumer behind the same IP (not a runtime of ours): one request every 200 ms, 30 a window.
    const other = (): void => {
      service.arrive();
      clock.setTimer(other, 200);
    };
    other();
    await clock.advance(1999); // it has spent 10 when the workbook opens
    const budget = new RateBudget(budgetOptions);
    const scheduler = new Scheduler(budget, new LaneHints(), {
      maxQueueWaitMs: 10 * WINDOW_MS,
      maxInFlight: 48,
      clock,
    });
    const sentAt: number[] = [];
    const request = () =>
      new Promise<void>((resolve) => {
        sentAt.push(clock.now());
        const info = service.arrive();
        clock.setTimer(() => {
          budget.learn(info, clock.now());
          scheduler.pump();
          resolve();
        }, LATENCY_MS);
      });
    const cells = Promise.all(Array.from({ length: 50 }, () => scheduler.schedule(request)));
    await clock.advance(3 * WINDOW_MS);
    await cells;
    expect(service.rejected).toBe(0);
    const firstWindow = sentAt.filter((t) => t < windowStart + WINDOW_MS);
    // The opening burst (a twelfth: 5) went at once; after the first answers showed 10 requests not ours, the rest of the
    // window was paced: far fewer than the 40 the headers said were left, and spread to the window's end.
    expect(sentAt.filter((t) => t === sentAt[0])).toHaveLength(openingBurstOf(LIMIT));
    expect(firstWindow.length).toBeLessThan(30);
    expect(sentAt.length).toBe(50);
  });
});

describe("429s", () => {
  test("with Retry-After: every runtime holds until then (the header gate's minute; a peer's word at most one window)", async () => {
    const clock = new FakeClock();
    const hub = new MemoryBudgetHub();
    const mine = runtimeBudget(clock, hub);
    const theirs = runtimeBudget(clock, hub);
    await clock.advance(20); // past the join wait
    const now = clock.now();
    mine.learn(responseInfo("/", 429, new Headers({ "retry-after": "1e308" })), now);
    await clock.advance(0);
    expect(mine.waitMs(now)).toBe(60_000 + 100);
    expect(theirs.waitMs(now)).toBe(WINDOW_MS + 100);
    expect(hub.posted.filter((m) => (m as { type?: unknown }).type === "pause")).toHaveLength(1);
  });

  test("without Retry-After: the window is full now, so every runtime holds until it must have turned", async () => {
    const clock = new FakeClock();
    const hub = new MemoryBudgetHub();
    const mine = runtimeBudget(clock, hub);
    const theirs = runtimeBudget(clock, hub);
    await clock.advance(20);
    const now = clock.now();
    mine.learn(responseInfo("/", 429, new Headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" })), now);
    await clock.advance(0);
    // No reset and no answer before it: the window began at most a window ago, so it turns within one (and margin).
    expect(mine.waitMs(now)).toBe(WINDOW_MS + 100);
    expect(theirs.waitMs(now)).toBe(WINDOW_MS + 100);
    expect(hub.posted.filter((m) => (m as { type?: unknown }).type === "pause")).toHaveLength(1);
  });
});

describe("runtimes on one machine share the budget", () => {
  test("a runtime opened later joins the running budget: what is left, and its fair share of it", async () => {
    const clock = new FakeClock();
    const hub = new MemoryBudgetHub();
    const first = runtimeBudget(clock, hub);
    await clock.advance(20);
    for (let i = 0; i < 40; i += 1) first.settled(first.recordSend(clock.now())); // sent and answered
    first.learn(answer200(20, 5), clock.now());
    first.setDemand(30);
    await clock.advance(1000);
    const late = runtimeBudget(clock, hub);
    expect(late.waitMs(clock.now(), 30)).toBe(Infinity); // waiting for the others' word, not sending blind
    await clock.advance(1); // their answer arrives (no request of its own)
    expect(late.available(clock.now())).toBe(20);
    late.setDemand(30);
    await clock.advance(0);
    // The window's 60: the first runtime used 40, so the 20 left are the late one's; the first waits.
    expect(late.waitMs(clock.now(), 30)).toBe(0);
    expect(first.waitMs(clock.now(), 30)).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) late.recordSend(clock.now());
    await clock.advance(0);
    expect(first.available(clock.now())).toBe(0);
    expect(late.available(clock.now())).toBe(0);
  });

  test("sends of one moment are told in one message, and a runtime hearing it counts every one", async () => {
    const clock = new FakeClock();
    const hub = new MemoryBudgetHub();
    const first = runtimeBudget(clock, hub);
    const other = runtimeBudget(clock, hub);
    await clock.advance(20);
    const before = hub.posted.length;
    for (let i = 0; i < 12; i += 1) first.recordSend(clock.now());
    await clock.advance(0);
    const spends = hub.posted.slice(before).filter((m) => (m as { type: string }).type === "spend");
    expect(spends).toHaveLength(1);
    // The other runtime counts all twelve: 48 of the 60 left to share.
    expect(other.available(clock.now())).toBe(LIMIT - 12);
  });

  test("alone on the channel, a runtime starts after the join wait with its opening burst", async () => {
    const clock = new FakeClock();
    const budget = runtimeBudget(clock);
    expect(budget.waitMs(clock.now())).toBe(Infinity);
    await clock.advance(15);
    for (let i = 0; i < openingBurstOf(LIMIT); i += 1) {
      expect(budget.waitMs(clock.now())).toBe(0);
      budget.recordSend(clock.now());
    }
    expect(budget.waitMs(clock.now())).toBe(Infinity); // a twelfth of 60 before the first answer
  });
});

describe("headers missing or hostile", () => {
  /** A 200 whose rate-limit headers say these words, as they came over the wire. */
  const answerSaying = (limit: string, remaining: string, reset: string): ResponseInfo =>
    responseInfo(
      "/",
      200,
      new Headers({ "x-ratelimit-limit": limit, "x-ratelimit-remaining": remaining, "x-ratelimit-reset": reset }),
    );

  test("no rate-limit headers at all: today's sliding log of our own sends, no pacing", () => {
    const budget = new RateBudget(budgetOptions);
    budget.learn({ path: "/", status: 200 }, 0);
    for (let i = 0; i < LIMIT; i += 1) {
      expect(budget.waitMs(0)).toBe(0);
      budget.recordSend(0);
    }
    expect(budget.waitMs(0)).toBe(WINDOW_MS + 100);
  });

  test.each([
    ["a limit no tier has", "1000000000", LIMIT],
    ["a negative limit", "-60", LIMIT],
    ["a limit that is not a number", "NaN", LIMIT],
  ])("%s is ignored", (_, headerLimit, limit) => {
    const budget = new RateBudget(budgetOptions);
    budget.learn(answerSaying(headerLimit, "5", "30"), 0);
    expect(budget.limit).toBe(limit);
    expect(budget.available(0)).toBe(LIMIT);
  });

  test("a remaining above the limit counts as the limit; a reset of 1e308 holds one window at most", () => {
    const budget = new RateBudget(budgetOptions);
    budget.learn(answerSaying("60", "99999", "5"), 0);
    expect(budget.available(0)).toBe(LIMIT);
    const spent = new RateBudget(budgetOptions);
    spent.learn(answerSaying("60", "0", "1e308"), 0);
    expect(spent.waitMs(0)).toBe(60_000 + 100);
  });

  test("a negative or unreadable Retry-After is no word at all: the bare 429 holds one window, not the header's figure", () => {
    for (const value of ["-5", "soon", "NaN"]) {
      const budget = new RateBudget(budgetOptions);
      budget.learn(responseInfo("/", 429, new Headers({ "retry-after": value })), 0);
      expect(budget.pausedUntilMs).toBe(WINDOW_MS + 100);
    }
  });
});
