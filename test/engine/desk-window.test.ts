import { RateBudget } from "../../src/engine/budget/rate-budget";
import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";

/*
 * Issue 26: a desk of machines that share nothing but the service's headers, recalculating at the same instant,
 * against the service's real window (60 a minute, anonymous, as @fastify/rate-limit keeps it: LimitedService), each
 * machine a browser that sends at most 6 requests at a time to the service's origin, with 50 ms latency and the
 * engine's own margin for a 60 s window. Every machine asks the same 30 resources, so the desk needs 90 requests:
 * two windows' worth.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const LATENCY_MS = 50;
const MARGIN_MS = 1200;
const CONNECTIONS = 6;
const RESOURCES = 30;

interface Opening {
  /** Reads each machine's task pane made as it loaded, at 0 (their answers are the engine's first headers). */
  readonly paneReads?: number;
  /** Requests someone else made at 0 (the window began with them). */
  readonly strangerReads?: number;
  /** When the desk recalculates, all machines at once. */
  readonly recalcAtMs?: number;
  readonly machines?: number;
  readonly resources?: number;
}

async function desk({
  paneReads = 0,
  strangerReads = 0,
  recalcAtMs = 0,
  machines = 3,
  resources = RESOURCES,
}: Opening) {
  const clock = new FakeClock();
  const start = clock.now();
  const service = new LimitedService(clock, LIMIT, WINDOW_MS);
  const desk = Array.from({ length: machines }, (_, i) =>
    runtimeOn(service, clock, {
      latencyMs: LATENCY_MS,
      marginMs: MARGIN_MS,
      connections: CONNECTIONS,
      maxQueueWaitMs: 10 * WINDOW_MS,
      name: `machine-${i}`,
    }),
  );
  for (let i = 0; i < strangerReads; i += 1) service.arrive("stranger");
  if (paneReads > 0) await settleOn(clock, Promise.all(desk.map((m) => m.sendForUser(paneReads))), WINDOW_MS, 10);
  await clock.advance(start + recalcAtMs - clock.now());
  const { value, afterMs } = await settleOn(clock, Promise.all(desk.map((m) => m.send(resources))), 12 * WINDOW_MS);
  return { statuses: value.flat(), rejected: service.rejected, settledMs: afterMs };
}

describe("a desk recalculating at once, the real window", () => {
  test("three machines into a fresh window: no 429, and the 90 resources settle as the second window opens", async () => {
    const { statuses, rejected, settledMs } = await desk({});
    expect(rejected).toBe(0);
    expect(statuses).toHaveLength(90);
    // 60 go in the first window; the rest early in the second, not paced through it.
    expect(settledMs).toBeLessThan(WINDOW_MS + 5000);
  });

  test.each([
    ["began by a stranger's request 20 s before", { strangerReads: 1, recalcAtMs: 20_000 }],
    ["began by a stranger's request 40 s before", { strangerReads: 1, recalcAtMs: 40_000 }],
    [
      "began by a stranger's request 58.5 s before (it resets as the desk opens)",
      { strangerReads: 1, recalcAtMs: 58_500 },
    ],
    ["begun by the machines' own panes, 2 s before", { paneReads: 2, recalcAtMs: 2000 }],
    ["begun by the machines' own panes, 20 s before", { paneReads: 2, recalcAtMs: 20_000 }],
    ["begun by the machines' own panes, 40 s before", { paneReads: 3, recalcAtMs: 40_000 }],
  ])("three machines into a window %s: no 429", async (_, opening) => {
    const { statuses, rejected } = await desk(opening);
    expect(rejected).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  test("nine machines into a window their panes began: no 429", async () => {
    const { rejected } = await desk({ machines: 9, resources: 10, paneReads: 1, recalcAtMs: 5000 });
    expect(rejected).toBe(0);
  });

  test("three machines wanting five windows' worth: at most a handful of 429s, in about five windows", async () => {
    const { rejected, settledMs } = await desk({ resources: 100 });
    expect(rejected).toBeLessThanOrEqual(5);
    expect(settledMs).toBeLessThan(5 * WINDOW_MS + 10_000);
  });
});

describe("reading the service's window", () => {
  test("an answer that comes long after the service counted its request does not make an earlier send of ours someone else's", () => {
    // One runtime alone. Its first request opens the service's window at 0; the next leaves at 900 ms and is
    // counted at once, but its answer comes 600 ms later (a loaded machine), with the reset written when counted.
    const budget = new RateBudget({ limit: LIMIT, windowMs: WINDOW_MS, marginMs: MARGIN_MS });
    budget.settled(budget.recordSend(0));
    budget.learn({ path: "/", status: 200, rateLimit: { limit: LIMIT, remaining: 59, resetSeconds: 60 } }, 50);
    const second = budget.recordSend(900);
    // Counted at 900: 2 used, 59.1 s to the reset, written as 60.
    budget.learn({ path: "/", status: 200, rateLimit: { limit: LIMIT, remaining: 58, resetSeconds: 60 } }, 1500);
    budget.settled(second);
    expect(budget.unseenPeers(1500)).toBe(0);
  });
});
