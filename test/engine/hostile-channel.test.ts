import { RateBudget } from "../../src/engine/budget/rate-budget";
import { MemoryBudgetHub, type BudgetChannel } from "../../src/engine/budget/shared-budget";
import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";

/*
 * Anyone on the add-in's origin can open the budget channel and post what they like. Every message is checked
 * against a schema and every time or count is clamped to one window around now, as the service's own headers
 * are: no message can stall a workbook for longer than a header could, or make it break the limit.
 */
const LIMIT = 60;
const WINDOW_MS = 6000;
/** The longest a peer's word may hold the budget: one window, plus the margin. */
const LONGEST_WAIT_MS = WINDOW_MS + 100;

/** An honest runtime on the channel, and a hostile member posting raw messages next to it. */
async function honestAndHostile() {
  const clock = new FakeClock();
  const hub = new MemoryBudgetHub();
  const service = new LimitedService(clock, LIMIT, WINDOW_MS);
  const honest = runtimeOn(service, clock, { latencyMs: 50, channel: hub.channel(), maxQueueWaitMs: 5 * WINDOW_MS });
  const hostile: BudgetChannel = hub.channel();
  hostile.subscribe(() => undefined);
  await clock.advance(20); // past the join wait: the honest runtime runs alone
  const post = (message: unknown) => hostile.post(message as Parameters<BudgetChannel["post"]>[0]);
  return { clock, service, honest, post };
}

describe("a hostile message on the budget channel", () => {
  test.each([
    ["a pause until now + 1e12", (now: number) => ({ type: "pause", peer: "evil", until: now + 1e12 })],
    [
      "a state whose pausedUntil is far ahead",
      (now: number) => ({
        type: "state",
        peer: "evil",
        to: "x",
        sends: [],
        limit: 60,
        pausedUntil: now + 1e15,
        demand: 0,
      }),
    ],
    [
      "a seen with limit 1 and a reset years away",
      (now: number) => ({ type: "seen", peer: "evil", limit: 1, window: { remaining: 0, resetAt: now + 1e12 } }),
    ],
  ])("%s holds the workbook one window at most; every cell still gets its value", async (_, message) => {
    const { clock, service, honest, post } = await honestAndHostile();
    await settleOn(clock, honest.send(3), WINDOW_MS); // the limit is learned from the service
    post(message(clock.now()));
    await clock.advance(0);
    expect(honest.budget.waitMs(clock.now())).toBeLessThanOrEqual(LONGEST_WAIT_MS);
    const { value } = await settleOn(clock, honest.send(20), LONGEST_WAIT_MS + 2 * WINDOW_MS);
    expect(value.filter((status) => status !== 200)).toEqual([]);
    expect(honest.budget.limit).toBe(LIMIT); // a peer's word never overrides the service's own figure
    expect(service.rejected).toBe(0);
  });

  test("Infinity, NaN and garbage are dropped before they reach the budget", async () => {
    const { clock, honest, post } = await honestAndHostile();
    for (const message of [
      { type: "pause", peer: "evil", until: Infinity },
      { type: "spend", peer: "evil", at: NaN },
      { type: "seen", peer: "evil", limit: 0.5, window: { remaining: 1, resetAt: clock.now() } },
      { type: "demand", peer: "evil", queued: -3 },
      { type: "spend", peer: "x".repeat(10_000), at: clock.now() },
      "spend",
      null,
      { type: "unknown", peer: "evil" },
    ])
      post(message);
    await clock.advance(0);
    expect(honest.budget.waitMs(clock.now())).toBe(0);
    expect(honest.budget.available(clock.now())).toBe(LIMIT);
  });

  test("spends dated in the future count as sent now, and leave the window a window later", async () => {
    const { clock, honest, post } = await honestAndHostile();
    for (let i = 0; i < LIMIT; i += 1) post({ type: "spend", peer: "evil", at: clock.now() + 1e9 });
    await clock.advance(0);
    const wait = honest.budget.waitMs(clock.now());
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WINDOW_MS + 100 + WINDOW_MS / 600);
  });

  test("one spend with at: NaN does not break the log: the workbook never sends more than the limit in a window", async () => {
    const { clock, service, honest, post } = await honestAndHostile();
    post({ type: "spend", peer: "evil", at: NaN });
    await settleOn(clock, honest.send(120), 4 * WINDOW_MS);
    const perWindow = new Map<number, number>();
    for (const { at } of service.arrivals)
      perWindow.set(Math.floor(at / WINDOW_MS), (perWindow.get(Math.floor(at / WINDOW_MS)) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(LIMIT);
    expect(service.rejected).toBe(0);
  });

  test("30,000 spends from one peer are tallied in buckets of time: the budget stays whole and bounded", async () => {
    const clock = new FakeClock();
    const hub = new MemoryBudgetHub();
    const budget = new RateBudget({ limit: LIMIT, windowMs: WINDOW_MS, marginMs: 100 });
    const mine = hub.channel();
    const { SharedBudget } = await import("../../src/engine/budget/shared-budget");
    new SharedBudget(mine, budget, clock, () => undefined);
    const hostile = hub.channel();
    hostile.subscribe(() => undefined);
    await clock.advance(20);
    for (let i = 0; i < 30_000; i += 1)
      hostile.post({ type: "spend", peer: "evil", at: clock.now() - (i % WINDOW_MS) });
    await clock.advance(0);
    // What a peer says it spent counts (up to a window's worth of waiting), then leaves the window.
    expect(budget.available(clock.now())).toBe(0);
    await clock.advance(WINDOW_MS + 200);
    expect(budget.available(clock.now())).toBe(LIMIT);
    expect(budget.waitMs(clock.now())).toBe(0);
  });
});
