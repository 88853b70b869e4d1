import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { parseCommandLine } from "../../gateway/src/cli/args";
import { CorrectionsSweep } from "../../gateway/src/corrections/sweep";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeClock } from "../support/fake-clock";
import { forwardRequest } from "../support/forward-request";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";

/**
 * The corrections sweep on fake clocks: with no client asking again, a restated day is found within one sweep
 * period; and it spends only spare budget, never a send while a trader's fetch waits.
 */
const SYMBOL = "RTM-NWE-A-1x3";
const TODAY = new Date("2025-06-18T10:30:00.000Z");
const HOUR = 3_600_000;
const desk = makeDesk(["ana"]);

describe("through a gateway", () => {
  let service: RunningReferenceService;
  let desked: DeskGateway | undefined;
  beforeAll(async () => {
    service = await startReferenceService({ testFaults: true, now: () => TODAY });
  });
  afterAll(async () => {
    await desked?.gateway.close();
    await service.close();
  });

  test("a restated day is found within one sweep period, with no client asking", async () => {
    desked = await startDeskGateway(
      desk,
      service.url,
      { upstreamKey: DEMO_KEYS.apiKey, correctionsEveryMs: HOUR },
      TODAY.getTime(),
    );
    const { gateway, clock } = desked;
    // A past range: cached for hours, so only the sweep reads the day again.
    const range = `/api/v1/index/${SYMBOL}/history?endDate=2025-06-17&startDate=2025-06-02`;
    const first = await fetch(`${gateway.url}${range}`, { headers: { "x-api-key": desk.tokens.ana ?? "" } });
    expect(first.status).toBe(200);
    await gateway.corrections.settled();
    service.faults.restate({ symbol: SYMBOL, date: "2025-06-16", status: "REVISED" });
    service.resetRequestLog();

    await clock.advance(HOUR - 1000);
    expect(service.requests).toEqual([]);
    await clock.advance(1000);
    await gateway.sweep.settled();
    await gateway.corrections.settled();
    // The sweep asked the service, itself, for the last 30 days of the index.
    expect(service.requests.map((request) => request.path)).toEqual([
      `/api/v1/index/${SYMBOL}/history?startDate=2025-05-20`,
    ]);
    const listed = (await (
      await fetch(`${gateway.url}/gateway/corrections`, { headers: { "x-api-key": desk.tokens.ana ?? "" } })
    ).json()) as { corrections: Array<{ date: string; was: { status: string }; now: { status: string } }> };
    expect(listed.corrections.map((c) => [c.date, c.was.status, c.now.status])).toEqual([
      ["2025-06-16", "FIRM", "REVISED"],
    ]);
  });
});

test("a trader's request is answered while the sweep's own read is still on its way", async () => {
  const service = await startReferenceService({ now: () => TODAY });
  // A front that holds the sweep's read (the 30 days from 2025-05-20) until the test lets it go.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sweepArrived = false;
  let arrived: () => void = () => undefined;
  const sweepRead = new Promise<void>((resolve) => (arrived = resolve));
  const front = createServer((req, res) => {
    if (req.url?.endsWith("history?startDate=2025-05-20") === true) {
      sweepArrived = true;
      arrived();
      void held.then(() => forwardRequest(req, res, service.url));
    } else forwardRequest(req, res, service.url);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const { gateway, clock } = await startDeskGateway(
    desk,
    `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    { upstreamKey: DEMO_KEYS.apiKey, correctionsEveryMs: HOUR },
    TODAY.getTime(),
  );
  const ask = (path: string) => fetch(`${gateway.url}${path}`, { headers: { "x-api-key": desk.tokens.ana ?? "" } });
  try {
    expect((await ask(`/api/v1/index/${SYMBOL}/history?endDate=2025-06-17&startDate=2025-06-10`)).status).toBe(200);
    await gateway.corrections.settled();
    await clock.advance(HOUR);
    await sweepRead;
    expect(sweepArrived).toBe(true);
    // The same index's latest fix and its history reaching today: answered while the sweep's read is held.
    expect((await ask(`/api/v1/index/${SYMBOL}/latest`)).status).toBe(200);
    expect((await ask(`/api/v1/index/${SYMBOL}/history?startDate=2025-06-01`)).status).toBe(200);
  } finally {
    release();
    await gateway.sweep.settled();
    await gateway.close();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    await service.close();
  }
});

describe("the sweep's spending", () => {
  /** A sweep over two indexes whose budget and queue the test sets. */
  function rig(): {
    clock: FakeClock;
    sweep: CorrectionsSweep<number>;
    state: { waiting: number; spare: number };
    reread: string[];
  } {
    const clock = new FakeClock(TODAY.getTime());
    const state = { waiting: 0, spare: 0 };
    const reread: string[] = [];
    const sweep = new CorrectionsSweep<number>({
      clock,
      everyMs: HOUR,
      days: 30,
      symbols: () => Promise.resolve(["A", "B"]),
      tradersWaiting: () => state.waiting,
      spareSend: () => {
        if (state.spare === 0) return Promise.resolve(undefined);
        state.spare -= 1;
        return Promise.resolve(state.spare);
      },
      reread: (symbol, startDate) => {
        reread.push(`${symbol} from ${startDate}`);
        return Promise.resolve();
      },
    });
    return { clock, sweep, state, reread };
  }

  test("no send while a trader's fetch waits, nor while the budget has none to spare; then one per index", async () => {
    const { clock, sweep, state, reread } = rig();
    sweep.start();
    state.waiting = 1;
    state.spare = 5;
    await clock.advance(HOUR + 5000);
    expect(reread).toEqual([]);
    expect(state.spare).toBe(5);
    state.waiting = 0;
    state.spare = 1;
    await clock.advance(1000);
    expect(reread).toEqual(["A from 2025-05-20"]);
    await clock.advance(5000);
    expect(reread).toHaveLength(1);
    state.spare = 1;
    await clock.advance(1000);
    await sweep.settled();
    expect(reread).toEqual(["A from 2025-05-20", "B from 2025-05-20"]);
    await sweep.close();
  });

  test("a close ends a sweep that waits for spare budget", async () => {
    const { clock, sweep, reread } = rig();
    sweep.start();
    await clock.advance(HOUR);
    await sweep.close();
    expect(reread).toEqual([]);
  });
});

describe("--corrections-every", () => {
  const every = (period: string) =>
    parseCommandLine(["--upstream", "http://127.0.0.1:1", "--port", "0", "--no-auth", "--corrections-every", period]);

  test("reads minutes, hours, days and off; says what to give otherwise", () => {
    expect(every("6h")).toMatchObject({ correctionsEveryMs: 6 * HOUR });
    expect(every("1d")).toMatchObject({ correctionsEveryMs: 24 * HOUR });
    expect(every("30m")).toMatchObject({ correctionsEveryMs: HOUR / 2 });
    expect(every("off")).toMatchObject({ correctionsEveryMs: false });
    expect(() => every("daily")).toThrow(/30m, 6h or 1d/);
    expect(() => every("0h")).toThrow(/30m, 6h or 1d/);
  });
});
