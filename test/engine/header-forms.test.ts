import { responseInfo } from "@index-data/wire";
import type { RateHeaders } from "../../reference-service/src/rate-limit";
import type { RateWindow } from "../../reference-service/src/rate-windows";
import { RateBudget } from "../../src/engine/budget/rate-budget";
import { FakeClock } from "../support/fake-clock";
import { LimitedService, runtimeOn, settleOn } from "./limited-service";

/*
 * Issue 37: the spec promises no rate-limit header, so the desk of issue 26 (machines sharing nothing but the
 * service's answers, recalculating at once, each behind a browser's six connections, 50 ms latency, the real 60 s
 * window, 60 a minute) must hold whatever the service says of its limit (the reference service's forms: full,
 * partial, ietf, none) and however it counts its window (from the first request, on the minute, sliding). The
 * service here is the reference service's own counting and headers on a fake clock; the engines read them with
 * the add-in's own header parser.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const MARGIN_MS = 1200;
const START = Date.UTC(2025, 5, 18, 10, 30, 7);

interface Desk {
  readonly headers: RateHeaders;
  readonly window: RateWindow;
  readonly machines?: number;
  readonly resources?: number;
  /** Reads each machine's pane made as it loaded, at the start (they begin the window). */
  readonly paneReads?: number;
  /** When the desk recalculates, all machines at once. */
  readonly recalcAtMs?: number;
}

async function desk({ headers, window, machines = 3, resources = 30, paneReads = 0, recalcAtMs = 0 }: Desk) {
  const clock = new FakeClock(START);
  const service = new LimitedService(clock, LIMIT, WINDOW_MS, { headers, window });
  const runtimes = Array.from({ length: machines }, (_, i) =>
    runtimeOn(service, clock, {
      latencyMs: 50,
      marginMs: MARGIN_MS,
      connections: 6,
      maxQueueWaitMs: 10 * WINDOW_MS,
      name: `machine-${i}`,
    }),
  );
  if (paneReads > 0) await settleOn(clock, Promise.all(runtimes.map((m) => m.sendForUser(paneReads))), WINDOW_MS, 10);
  await clock.advance(START + recalcAtMs - clock.now());
  const work = Promise.all(runtimes.map((m) => m.send(resources)));
  const { value, afterMs } = await settleOn(clock, work, 12 * WINDOW_MS);
  return { failed: value.flat().filter((s) => s !== 200), rejected: service.rejected, settledMs: afterMs };
}

const WITH_FIGURES: readonly RateHeaders[] = ["full", "partial", "ietf"];
const FIXED_WINDOWS: readonly RateWindow[] = ["first-request", "minute"];
const EVERY_FORM: readonly RateHeaders[] = [...WITH_FIGURES, "none"];
const EVERY_WINDOW: readonly RateWindow[] = [...FIXED_WINDOWS, "sliding"];

describe.each(FIXED_WINDOWS)("three machines, 90 resources against 60 a window counted %s", (window) => {
  test.each(WITH_FIGURES)("headers %s: no 429, every cell answered, in about two windows", async (headers) => {
    for (const opening of [{}, { paneReads: 2, recalcAtMs: 20_000 }]) {
      const { failed, rejected, settledMs } = await desk({ headers, window, ...opening });
      expect({ headers, opening, rejected, failed }).toEqual({ headers, opening, rejected: 0, failed: [] });
      expect(settledMs).toBeLessThan(WINDOW_MS + 5000);
    }
  });

  test("no header at all: the first collision is all the 429s (it cannot be seen coming), and no cell fails", async () => {
    for (const opening of [{}, { paneReads: 2, recalcAtMs: 20_000 }]) {
      const { failed, rejected, settledMs } = await desk({ headers: "none", window, ...opening });
      // Without figures each engine has at most a browser's six requests on the wire: the collision is those.
      expect(rejected).toBeGreaterThan(0);
      expect(rejected).toBeLessThanOrEqual(3 * 6 + 5);
      expect(failed).toEqual([]);
      // The rest waits out the window the 429 said was full, then goes at the share each engine had of it.
      expect(settledMs).toBeLessThan(WINDOW_MS + 5000);
    }
  });
});

describe("a sliding window", () => {
  test.each(EVERY_FORM)(
    "headers %s: every cell answered; into a fresh window no more 429s than blind",
    async (headers) => {
      const fresh = await desk({ headers, window: "sliding" });
      expect(fresh.failed).toEqual([]);
      expect(fresh.rejected).toBe(headers === "none" ? fresh.rejected : 0);
      // A sliding window's reset is its next free slot, not a new window: the openings after it meet a few 429s.
      const begun = await desk({ headers, window: "sliding", paneReads: 2, recalcAtMs: 20_000 });
      expect(begun.failed).toEqual([]);
      expect(begun.rejected).toBeLessThanOrEqual(headers === "none" ? 3 * 6 + 5 : 10);
    },
  );
});

describe("one workbook alone over its budget: 84 distinct resources against 60 a window", () => {
  test.each(EVERY_FORM.flatMap((headers) => EVERY_WINDOW.map((window) => [headers, window] as const)))(
    "headers %s, window counted %s: no 429, the rest in the next window",
    async (headers, window) => {
      const { failed, rejected, settledMs } = await desk({ headers, window, machines: 1, resources: 84 });
      expect({ rejected, failed }).toEqual({ rejected: 0, failed: [] });
      expect(settledMs).toBeLessThan(WINDOW_MS + 5000);
    },
  );
});

describe("what one answer tells the budget", () => {
  const options = { limit: LIMIT, windowMs: WINDOW_MS, marginMs: MARGIN_MS };
  const T0 = START;

  test("a bare 429, no header at all: every send holds until the window must have turned, then the measured share", () => {
    const budget = new RateBudget(options);
    budget.learn(responseInfo("/", 200, new Headers()), T0); // an answer: the opening is over
    const sent = Array.from({ length: 30 }, () => budget.recordSend(T0 + 10));
    // Twenty of our thirty got in before the window was full (the others spent the rest); ten were refused.
    sent.forEach((id, i) => {
      budget.learn(responseInfo("/", i < 20 ? 200 : 429, new Headers()), T0 + 100);
      budget.settled(id);
    });
    expect(budget.waitMs(T0 + 100)).toBe(WINDOW_MS + MARGIN_MS);
    const turned = T0 + 100 + WINDOW_MS + MARGIN_MS;
    expect(budget.waitMs(turned)).toBe(0);
    // After the turn: the opening burst, then (an answer without figures) our share of 20, not the limit of 60.
    const burst = Array.from({ length: 5 }, () => budget.recordSend(turned));
    expect(budget.waitMs(turned)).toBe(Infinity); // the burst is out: its answers say what follows
    budget.learn(responseInfo("/", 200, new Headers()), turned + 50);
    budget.settled(burst[0] ?? 0);
    let again = burst.length;
    while (budget.waitMs(turned + 50) === 0) {
      budget.recordSend(turned + 50);
      again += 1;
    }
    expect(again).toBe(20);
  });

  test("Limit and Remaining without a reset: the window turns a window after its first answer, at the latest", () => {
    const budget = new RateBudget(options);
    const partial = (remaining: number) =>
      responseInfo("/", 200, new Headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": String(remaining) }));
    budget.settled(budget.recordSend(T0));
    budget.learn(partial(59), T0 + 50); // the window's first answer: it began no later than this
    budget.settled(budget.recordSend(T0 + 20_000));
    budget.learn(partial(0), T0 + 20_050); // others spent the rest
    expect(budget.waitMs(T0 + 20_050)).toBe(WINDOW_MS + MARGIN_MS - 20_000);
  });

  test("Retry-After as an HTTP date holds until that moment (and the margin), not a window", () => {
    const budget = new RateBudget(options);
    const at = new Date(Date.now() + 20_000).toUTCString();
    const info = responseInfo("/", 429, new Headers({ "retry-after": at }));
    expect(info.retryAfterSeconds).toBeGreaterThanOrEqual(19);
    budget.learn(info, T0);
    expect(budget.waitMs(T0)).toBe((info.retryAfterSeconds ?? 0) * 1000 + MARGIN_MS);
  });

  test("the IETF fields alone (RateLimit-Policy and RateLimit): the limit, what is left and the reset are read", () => {
    const budget = new RateBudget(options);
    budget.settled(budget.recordSend(T0));
    const ietf = new Headers({ "ratelimit-policy": '"default";q=100;w=60', ratelimit: '"default";r=0;t=12' });
    budget.learn(responseInfo("/", 200, ietf), T0 + 50);
    expect(budget.limit).toBe(100);
    expect(budget.waitMs(T0 + 50)).toBe(12_000 + MARGIN_MS);
  });
});
