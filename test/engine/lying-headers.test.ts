import { FakeClock } from "../support/fake-clock";
import { runtimeOn, settleOn } from "./limited-service";
import { SpecUpstream, type UpstreamForm } from "../support/spec-upstream";

/*
 * Headers that lie, against engines on separate machines with no gateway and no channel between them: the upstream
 * enforces 60 a minute from the first request (its real limit), and says otherwise. The rule doubts figures the
 * service contradicts, so a lie costs about what no header at all costs, never hundreds of 429s.
 */
const LIMIT = 60;
const WINDOW_MS = 60_000;
const START = Date.UTC(2025, 5, 18, 10, 30, 7, 250);

async function desk(form: UpstreamForm, machines: number, each: number) {
  const clock = new FakeClock(START);
  const service = new SpecUpstream(clock, { limit: LIMIT, windowMs: WINDOW_MS, window: "first-request", form });
  const runtimes = Array.from({ length: machines }, (_, i) =>
    runtimeOn(service, clock, { latencyMs: 50, connections: 6, maxQueueWaitMs: 20 * WINDOW_MS, name: `machine-${i}` }),
  );
  const work = Promise.all(runtimes.map((m) => m.send(each)));
  const { value, afterMs } = await settleOn(clock, work, 30 * WINDOW_MS, 50);
  return {
    failed: value.flat().filter((s) => s !== 200),
    rejected: service.rejected,
    worstWindow: service.worstRefusalsPerWindow(),
    settledMs: afterMs,
    service,
  };
}

describe("three engines, 100 cells each, no gateway", () => {
  test.each(["tiny-waits", "over-limit", "r-over-q"] as const)(
    "headers that lie (%s): about as many 429s as no header at all, every cell answered",
    async (form) => {
      const bare = await desk("none", 3, 100);
      const lied = await desk(form, 3, 100);
      // The fault happened: the upstream refused some, as it does the same desk with no header at all.
      expect(bare.rejected).toBeGreaterThan(0);
      expect(lied.failed).toEqual([]);
      expect(lied.rejected).toBeLessThanOrEqual(bare.rejected + 5);
    },
  );
});

describe("one engine, 300 cells", () => {
  test.each(["hourly", "flapping"] as const)(
    "headers that lie (%s): at most 5 x 429 a window once found out, and at least 80%% of the real limit a window",
    async (form) => {
      const { failed, settledMs, service } = await desk(form, 1, 300);
      expect(failed).toEqual([]);
      const start = service.arrivals[0]?.at ?? START;
      const windows = Math.ceil(settledMs / WINDOW_MS);
      const refused = Array.from(
        { length: windows },
        (_, w) =>
          service.arrivals.filter(
            (a) => a.status === 429 && a.at >= start + w * WINDOW_MS && a.at < start + (w + 1) * WINDOW_MS,
          ).length,
      );
      // The window a lie is found out in costs the requests on the wire when its first 429 came (a browser's six
      // at most: a limit above the assumed one is not believed with more in flight); every window after, 5 at most.
      expect(refused[0]).toBeLessThanOrEqual(6);
      for (const n of refused.slice(1)) expect(n).toBeLessThanOrEqual(5);
      // 300 at 80% of 60 a window take at most 6.25 windows.
      expect(settledMs).toBeLessThanOrEqual((300 / (0.8 * LIMIT)) * WINDOW_MS);
      for (const got of service.acceptedPerWindow(start, start + Math.floor(settledMs / WINDOW_MS) * WINDOW_MS))
        expect(got).toBeGreaterThanOrEqual(0.8 * LIMIT);
    },
  );

  test("the hourly lie is a fault the upstream shows: a limit of 1,000 told, 429s past 60 a minute", async () => {
    const { rejected, service } = await desk("hourly", 1, 300);
    expect(rejected).toBeGreaterThan(0);
    expect(service.arrivals.filter((a) => a.status === 200).length).toBe(300);
  });
});
