import { LiveFeed, type LiveUpdate } from "../../src/client/engine";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(20);
  }
}

describe("INDEX.LIVE's feed", () => {
  test("one poll per symbol for many cells, a push only on change, and no polling after the last cancel", async () => {
    const windowMs = 1000;
    const service = await startService({ rateLimitWindowMs: windowMs });
    const engine = engineFor(service, { rateWindowMs: windowMs });
    const feed = new LiveFeed({ poll: (s) => engine.latestNow(s), floorMs: (n) => engine.liveFloorMs(n) });
    const symbol = SYMBOLS[0];
    const heard: LiveUpdate[][] = [[], [], []];
    const stops = heard.map((log) => feed.watch(symbol, 100, (u) => log.push(u)));
    try {
      await until(() => heard.every((log) => log.length === 1));
      const path = `/api/v1/index/${symbol}/latest`;
      expect(sent(service, path)).toHaveLength(1);

      // Polls go on at the budget's floor (1 s here), but nothing changed: nobody hears anything.
      await until(() => sent(service, path).length >= 3);
      expect(heard.map((log) => log.length)).toEqual([1, 1, 1]);

      service.faults.publishFix(symbol, 9.99);
      await until(() => heard.every((log) => log.length === 2));
      for (const log of heard) {
        const last = log[1];
        expect(last?.ok && last.fix.data.value).toBe(9.99);
      }

      for (const stop of stops) stop();
      expect(feed.watchedSymbols).toBe(0);
      const after = sent(service, path).length;
      await sleep(1500);
      expect(sent(service, path).length).toBeLessThanOrEqual(after + 1); // at most the poll already in flight
    } finally {
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
