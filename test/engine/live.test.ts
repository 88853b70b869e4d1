import { LiveFeed, type LiveUpdate } from "../../src/client/engine";
import { FakeClock } from "../support/fake-clock";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

/** Waits for the reference service's answers (real I/O); the feed's own timers run on a fake clock. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error("condition not met in time");
}

describe("INDEX.LIVE's feed", () => {
  test("one poll per symbol for many cells, a push only on change, and no polling after the last cancel", async () => {
    const windowMs = 1000;
    const service = await startService({ rateLimitWindowMs: windowMs });
    const engine = engineFor(service, { rateWindowMs: windowMs });
    const clock = new FakeClock();
    const feed = new LiveFeed({ poll: (s) => engine.latestNow(s), floorMs: (n) => engine.liveFloorMs(n), clock });
    /** The next poll, once the last one has answered and armed its timer. */
    const nextPoll = async () => {
      await until(() => clock.pendingTimers === 1);
      await clock.advance(windowMs);
    };
    const symbol = SYMBOLS[0];
    const heard: LiveUpdate[][] = [[], [], []];
    const stops = heard.map((log) => feed.watch(symbol, 100, (u) => log.push(u)));
    try {
      await until(() => heard.every((log) => log.length === 1));
      const path = `/api/v1/index/${symbol}/latest`;
      expect(sent(service, path)).toHaveLength(1);

      // Polls go on at the budget's floor (1 s here), but nothing changed: nobody hears anything.
      await nextPoll();
      await nextPoll();
      await until(() => sent(service, path).length >= 3);
      expect(heard.map((log) => log.length)).toEqual([1, 1, 1]);

      service.faults.publishFix(symbol, 9.99);
      await nextPoll();
      await until(() => heard.every((log) => log.length === 2));
      for (const log of heard) {
        const last = log[1];
        expect(last?.ok && last.fix.data.value).toBe(9.99);
      }

      for (const stop of stops) stop();
      expect(feed.watchedSymbols).toBe(0);
      expect(clock.pendingTimers).toBe(0);
      const after = sent(service, path).length;
      await clock.advance(60 * windowMs);
      expect(sent(service, path).length).toBe(after);
    } finally {
      feed.stopAll();
    }
  });

  test("a faster cell joining a slow watch is polled at its own interval, not after the slow cell's timer", async () => {
    const windowMs = 1000;
    const service = await startService({ rateLimitWindowMs: windowMs });
    const engine = engineFor(service, { rateWindowMs: windowMs });
    const clock = new FakeClock();
    const feed = new LiveFeed({ poll: (s) => engine.latestNow(s), floorMs: (n) => engine.liveFloorMs(n), clock });
    const symbol = SYMBOLS[0];
    const path = `/api/v1/index/${symbol}/latest`;
    const stopSlow = feed.watch(symbol, 86_400_000, () => undefined);
    try {
      await until(() => clock.pendingTimers === 1);
      expect(sent(service, path)).toHaveLength(1);
      const stopFast = feed.watch(symbol, 100, () => undefined);
      expect(feed.intervalFor(symbol)).toBe(windowMs);
      await clock.advance(windowMs);
      await until(() => sent(service, path).length === 2);
      expect(sent(service, path)).toHaveLength(2);
      stopFast();
    } finally {
      stopSlow();
      feed.stopAll();
    }
  });

  test("the interval never drops below the budget's floor, which grows with the symbols watched", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const feed = new LiveFeed({ poll: (s) => engine.latestNow(s), floorMs: (n) => engine.liveFloorMs(n) });
    // Anonymous: 60 a minute, half of it for live polling: one symbol at most every 2 s, three every 6 s.
    const stops = [feed.watch(SYMBOLS[0], 1000, () => undefined)];
    expect(feed.intervalFor(SYMBOLS[0])).toBe(2000);
    stops.push(feed.watch(SYMBOLS[1], 1000, () => undefined), feed.watch(SYMBOLS[2], 60_000, () => undefined));
    expect(feed.intervalFor(SYMBOLS[0])).toBe(6000);
    expect(feed.intervalFor(SYMBOLS[2])).toBe(60_000);
    for (const stop of stops) stop();
    feed.stopAll();
  });
});
