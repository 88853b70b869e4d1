import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";

/*
 * The header rule without a channel: runtimes that cannot hear each other (separate machines behind one IP, or
 * one enterprise key) share a budget from the service's X-RateLimit-* headers alone. Each runtime here has its
 * own budget and scheduler, as a separate machine would; the service is a fixed window on a fake clock, counting
 * requests as they arrive, as the reference service does.
 */
const LIMIT = 60;
const WINDOW_MS = 6000;
const LATENCY_MS = 50;

async function desk(openAt: readonly number[], each: number, limit = LIMIT) {
  const clock = new FakeClock();
  const service = new LimitedService(clock, limit, WINDOW_MS);
  const runs: Array<Promise<Array<number | string>>> = [];
  let now = 0;
  for (const [i, at] of openAt.entries()) {
    await clock.advance(at - now);
    now = at;
    runs.push(
      runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: `machine-${i}`, maxQueueWaitMs: 20 * WINDOW_MS }).send(
        each,
      ),
    );
  }
  const { value, afterMs } = await settleOn(clock, Promise.all(runs), 20 * WINDOW_MS);
  return { statuses: value.flat(), rejected: service.rejected, settledMs: afterMs + now };
}

describe("several machines on one budget, no channel between them", () => {
  test("three open at once, 90 distinct resources against 60 a window: no 429, every cell answered within two windows", async () => {
    const { statuses, rejected, settledMs } = await desk([0, 0, 0], 30);
    expect(rejected).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // 90 requests need two windows of 60: the second window's openings finish them (compressed to 6 s, each
    // window's opening round trips weigh ten times what they do in the real one: a second is allowed for them).
    expect(settledMs).toBeLessThan(2 * WINDOW_MS + 1000);
  });

  test.each([
    ["a millisecond apart", [0, 1, 2]],
    ["20 ms apart (within a round trip)", [0, 20, 40]],
    ["the third a second later", [0, 0, 1000]],
  ])("three opening %s: no 429", async (_, openAt) => {
    expect((await desk(openAt, 30)).rejected).toBe(0);
  });

  test("nine workbooks opening at once (three machines of three) stay inside the budget", async () => {
    const { rejected, statuses } = await desk(
      Array.from({ length: 9 }, () => 0),
      10,
    );
    expect(rejected).toBe(0);
    expect(statuses).toHaveLength(90);
  });

  test("a desk wanting five windows' worth gets it in about five windows, with at most a handful of 429s", async () => {
    const { rejected, settledMs } = await desk([0, 0, 0], 100);
    expect(rejected).toBeLessThanOrEqual(5);
    // As above, the compressed window's opening round trips weigh more: two seconds are allowed for them.
    expect(settledMs).toBeLessThan(7 * WINDOW_MS + 2000);
  });

  test("a bare script spending a steady 2.5 a second (its fair share beside three runtimes) keeps its pace; the desk shares what is left, no 429 for anyone", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    const script = (): void => {
      service.arrive("script");
      clock.setTimer(script, 400);
    };
    script();
    await clock.advance(2000); // it runs before the desk opens, as a script does
    const runs = [0, 1, 2].map((i) =>
      runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: `machine-${i}`, maxQueueWaitMs: 20 * WINDOW_MS }).send(
        30,
      ),
    );
    await settleOn(clock, Promise.all(runs), 20 * WINDOW_MS);
    expect(service.arrivals.filter((a) => a.status === 429)).toEqual([]);
  });
});

describe("spending that has stopped", () => {
  /** Others spent 40 of the window in a burst a second ago and stopped (closed workbooks, a finished script). */
  async function afterABurst() {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    for (let i = 0; i < 40; i += 1) service.arrive("gone");
    await clock.advance(1000);
    return { clock, service, mine: runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: "mine" }) };
  }

  test("holds a workbook only until others' pace can be measured again (a sixtieth of a window), not to the reset", async () => {
    const { clock, service, mine } = await afterABurst();
    const { afterMs } = await settleOn(clock, mine.send(8), WINDOW_MS, 10);
    expect(afterMs).toBeLessThan(WINDOW_MS / 10);
    expect(service.rejected).toBe(0);
  });

  test("the user's own small action goes at once within what is left", async () => {
    const { clock, service, mine } = await afterABurst();
    const { afterMs } = await settleOn(clock, mine.sendForUser(8), WINDOW_MS, 10);
    expect(afterMs).toBe(2 * LATENCY_MS); // the opening burst's round trip, then the rest: no wait on a guess
    expect(service.rejected).toBe(0);
  });
});

describe("one workbook alone", () => {
  test("a first screen of 36 requests goes in two round trips: the opening burst, then the rest on its first answer", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    const { sentAt, send } = runtimeOn(service, clock, { latencyMs: LATENCY_MS });
    const { afterMs } = await settleOn(clock, send(36), WINDOW_MS, 10);
    expect(new Set(sentAt).size).toBe(2);
    expect(afterMs).toBe(2 * LATENCY_MS);
    expect(service.rejected).toBe(0);
  });

  test("a refresh well inside the budget is not paced over the window, even while others spend the same budget", async () => {
    const clock = new FakeClock();
    const service = new LimitedService(clock, LIMIT, WINDOW_MS);
    const other = runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: "other" });
    const mine = runtimeOn(service, clock, { latencyMs: LATENCY_MS, name: "mine" });
    await settleOn(clock, Promise.all([other.send(12), mine.send(12)]), WINDOW_MS, 10);
    await clock.advance(1000);
    // 24 of 60 spent: the service says 36 are left. Six resources to refresh: not six paced sends. The headers are
    // a second old (others may have woken too), so a burst first, then the rest on its answer: two round trips.
    mine.sentAt.length = 0;
    const { afterMs } = await settleOn(clock, mine.send(6), WINDOW_MS, 10);
    expect(new Set(mine.sentAt).size).toBe(2);
    expect(afterMs).toBe(2 * LATENCY_MS);
    expect(service.rejected).toBe(0);
  });
});
