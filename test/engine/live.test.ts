import { LiveFeed, type LiveUpdate } from "../../src/engine/cells/live-feed";
import { type RequestEngine } from "../../src/engine/request-engine";
import { DAY_MS } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

/**
 * INDEX.LIVE's feed over an engine, both on one fake clock (as the shared runtime has them), against the reference
 * service. The test waits for the polls' answers (real I/O), never for time: `answered` resolves once every poll
 * sent so far has its answer and the feed has handled it (pushed it, armed the next poll).
 */
async function liveRig() {
  const service = await startService();
  const clock = new FakeClock();
  // No budget channel: with no other runtime to hear from, a request never waits on the clock for their word.
  const engine: RequestEngine = engineFor(service, { clock, budgetChannel: null });
  const polls: Promise<unknown>[] = [];
  const feed = new LiveFeed({
    poll: (symbol) => {
      const answer = engine.latestNow(symbol);
      polls.push(answer.catch(() => undefined));
      return answer;
    },
    floorMs: (n) => engine.liveFloorMs(n),
    clock,
  });
  const answered = async () => {
    await Promise.all(polls);
    await clock.advance(0);
  };
  return { service, clock, engine, feed, answered };
}

describe("INDEX.LIVE's feed", () => {
  test("one poll per symbol for many cells, a push only on change, and no polling after the last cancel", async () => {
    const { service, clock, feed, answered } = await liveRig();
    const symbol = SYMBOLS[0];
    const path = `/api/v1/index/${symbol}/latest`;
    const heard: LiveUpdate[][] = [[], [], []];
    const stops = heard.map((log) => feed.watch(symbol, 100, (u) => log.push(u)));
    /** The next poll: one interval on, once the last poll has answered and armed the timer for it. */
    const nextPoll = async () => {
      expect(clock.pendingTimers).toBe(1);
      await clock.advance(feed.intervalFor(symbol) ?? Infinity);
      await answered();
    };
    try {
      await answered();
      expect(heard.map((log) => log.length)).toEqual([1, 1, 1]);
      expect(sent(service, path)).toHaveLength(1);

      // Polls go on at the budget's floor, but nothing changed: nobody hears anything.
      await nextPoll();
      await nextPoll();
      expect(sent(service, path)).toHaveLength(3);
      expect(heard.map((log) => log.length)).toEqual([1, 1, 1]);

      service.faults.publishFix(symbol, 9.99);
      await nextPoll();
      expect(sent(service, path)).toHaveLength(4);
      for (const log of heard) {
        expect(log).toHaveLength(2);
        const last = log[1];
        expect(last?.ok && last.fix.data.value).toBe(9.99);
      }

      for (const stop of stops) stop();
      expect(feed.watchedSymbols).toBe(0);
      expect(clock.pendingTimers).toBe(0);
      await clock.advance(60 * (feed.intervalFor(symbol) ?? 2000));
      expect(sent(service, path)).toHaveLength(4);
    } finally {
      feed.stopAll();
    }
  });

  test("a faster cell joining a slow watch is polled at its own interval, not after the slow cell's timer", async () => {
    const { service, clock, engine, feed, answered } = await liveRig();
    const symbol = SYMBOLS[0];
    const path = `/api/v1/index/${symbol}/latest`;
    const stopSlow = feed.watch(symbol, DAY_MS, () => undefined);
    try {
      await answered();
      expect(clock.pendingTimers).toBe(1);
      expect(sent(service, path)).toHaveLength(1);
      const stopFast = feed.watch(symbol, 100, () => undefined);
      const floor = engine.liveFloorMs(1);
      expect(feed.intervalFor(symbol)).toBe(floor);
      await clock.advance(floor - 1);
      expect(sent(service, path)).toHaveLength(1);
      await clock.advance(1);
      await answered();
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
    stops.push(
      feed.watch(SYMBOLS[1], 1000, () => undefined),
      feed.watch(SYMBOLS[2], 60_000, () => undefined),
    );
    expect(feed.intervalFor(SYMBOLS[0])).toBe(6000);
    expect(feed.intervalFor(SYMBOLS[2])).toBe(60_000);
    for (const stop of stops) stop();
    feed.stopAll();
  });
});
