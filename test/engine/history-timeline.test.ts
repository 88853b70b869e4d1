import fc from "fast-check";
import { derivedKey, derivedOf, type Answered } from "@index-data/wire";
import { HistoryBatcher } from "../../src/engine/batching/history-batcher";
import { sliceHistory } from "../../src/engine/answers/history-ranges";
import { ResultCache } from "../../src/engine/answers/result-cache";
import { LastKnownStore } from "../../src/engine/answers/last-known-store";
import {
  historyTimeline,
  pointsWithin,
  toHistory,
  type History,
  type HistoryPoint,
  type HistoryQuery,
} from "@index-data/wire/resources/history";
import { MemoryStorage } from "../../src/settings/storage";
import { DAY_MS } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";

const DAY0 = Date.UTC(2025, 0, 6);

function point(ms: number): HistoryPoint {
  return { date: new Date(ms).toISOString(), value: 1, confidence: 1, status: "published" };
}

function history(times: readonly number[]): History {
  return {
    symbol: "RTM-NWE-A-1x3",
    granularity: "daily",
    startDate: new Date(times[0] ?? DAY0).toISOString(),
    endDate: new Date(times.at(-1) ?? DAY0).toISOString(),
    values: times.map(point),
  };
}

/** A history as an answer no cache holds (nothing derived from it is kept). */
function answered(data: History): Answered<History> {
  return { data, meta: { producedAt: new Date(DAY0).toISOString(), servedStale: false } };
}

/** Days as offsets from DAY0, ascending, some of them repeated (two points on one day are possible). */
const days = fc
  .array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 })
  .map((list) => [...list].sort((a, b) => a - b));

describe("a history's points by binary search over its dates", () => {
  test("pointsWithin finds exactly the points a filter by date would", () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -5, max: 65 }), fc.integer({ min: 0, max: 20 }), (offsets, from, span) => {
        const whole = history(offsets.map((d) => DAY0 + d * DAY_MS));
        const fromMs = DAY0 + from * DAY_MS;
        const toMs = fromMs + span * DAY_MS;
        const inside = pointsWithin(answered(whole), fromMs, toMs);
        const expected = whole.values.filter((p) => Date.parse(p.date) >= fromMs && Date.parse(p.date) < toMs);
        expect(inside.values).toEqual(expected);
        expect([...inside.timeline.times]).toEqual(expected.map((p) => Date.parse(p.date)));
      }),
    );
  });

  test("a slice is the union's points of its days, and keeps its part of the union's dates without reading them", () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 20 }), (offsets, from, span) => {
        const wide = history(offsets.map((d) => DAY0 + d * DAY_MS + 3_600_000));
        const range = { startMs: DAY0 + from * DAY_MS, endMs: DAY0 + (from + span) * DAY_MS };
        const slice = sliceHistory(answered(wide), range);
        const expected = wide.values.filter((p) => {
          const ms = Date.parse(p.date);
          return ms >= range.startMs && ms < range.endMs + DAY_MS;
        });
        expect(slice.data.values).toEqual(expected);
        // Seeded from the union's dates: the slice holds its timeline before anything reads it.
        expect(slice.derived?.size).toBe(1);
        expect([...historyTimeline(slice).times]).toEqual(expected.map((p) => Date.parse(p.date)));
      }),
    );
  });

  test("a service's dates out of order are sorted once, and the timeline follows them", () => {
    const wire = {
      symbol: "RTM-NWE-A-1x3",
      startDate: "2025-01-06",
      endDate: "2025-01-08",
      values: [DAY0 + 2 * DAY_MS, DAY0, DAY0 + DAY_MS].map((ms) => ({ ...point(ms), carriedForwardFrom: null })),
    };
    const parsed = toHistory(wire);
    expect(parsed.values.map((p) => Date.parse(p.date))).toEqual([DAY0, DAY0 + DAY_MS, DAY0 + 2 * DAY_MS]);
    expect(historyTimeline(answered(parsed))).toEqual({
      times: Float64Array.from([DAY0, DAY0 + DAY_MS, DAY0 + 2 * DAY_MS]),
      ordered: true,
    });
  });

  test("a history with an unreadable date is searched point by point, and that point is never inside", () => {
    const odd = { ...history([DAY0, DAY0 + DAY_MS]), values: [point(DAY0), { ...point(DAY0), date: "soon" }] };
    expect(historyTimeline(answered(odd)).ordered).toBe(false);
    expect(pointsWithin(answered(odd), DAY0 - DAY_MS, DAY0 + 5 * DAY_MS).values).toEqual([point(DAY0)]);
  });
});

/** A value derived from an answer, as a cell's shape is. */
const SHAPE = derivedKey<{ readonly made: number }>("shape");

describe("what is derived from an answer goes with the answer", () => {
  test("a history union's dates go when the union is dropped", async () => {
    const clock = new FakeClock(DAY0 + 100 * DAY_MS);
    const batcher = new HistoryBatcher(
      async (_symbol: string, query: HistoryQuery) => {
        const from = Date.parse(query.startDate ?? "");
        const answer = history([from, from + DAY_MS, from + 2 * DAY_MS]);
        return { data: answer, meta: { producedAt: new Date(clock.now()).toISOString(), servedStale: false } };
      },
      { windowMs: 5, maxSpanMs: 1000 * DAY_MS, ttlFor: () => 60_000, clock },
    );
    const first = batcher.get("RTM-NWE-A-1x3", { startMs: DAY0, endMs: DAY0 });
    const second = batcher.get("RTM-NWE-A-1x3", { startMs: DAY0 + DAY_MS, endMs: DAY0 + DAY_MS });
    await clock.advance(5);
    const slices = await Promise.all([first, second]);
    // The union's dates, read once for its slices: each slice holds its part of the same array.
    expect(batcher.derivedCount).toBe(1);
    const [one, two] = slices.map((slice) => historyTimeline(slice).times);
    expect([...(one ?? [])]).toEqual([DAY0]);
    expect([...(two ?? [])]).toEqual([DAY0 + DAY_MS]);
    expect(one?.buffer).toBe(two?.buffer);
    batcher.invalidate();
    expect(batcher.derivedCount).toBe(0);
  });

  test("a cached answer's derived values go when it expires, and every read of a key shares one promise", async () => {
    const clock = new FakeClock(DAY0);
    const cache = new ResultCache(
      new LastKnownStore(new MemoryStorage(), { namespace: "t", maxEntries: 10, maxChars: 1e6 }),
      {
        ttls: { historyPast: 1000 } as never,
        failureTtlMs: 100,
        maxEntries: 10,
        clock,
      },
    );
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { data: history([DAY0]), meta: { producedAt: new Date(clock.now()).toISOString(), servedStale: false } };
    };
    const first = cache.get("historyPast", "k", load);
    expect(cache.get("historyPast", "k", load)).toBe(first);
    const answer = await first;
    expect(cache.get("historyPast", "k", load)).toBe(cache.get("historyPast", "k", load));
    expect(loads).toBe(1);
    const timeline = historyTimeline(answer as Answered<History>);
    const shape = derivedOf(answer).get(SHAPE, () => ({ made: 1 }));
    expect(cache.derivedCount).toBe(2); // its dates, and a shape
    // Another cell reads the same answer: the very same values, not made again.
    const again = (await cache.get("historyPast", "k", load)) as Answered<History>;
    expect(historyTimeline(again)).toBe(timeline);
    expect(derivedOf(again).get(SHAPE, () => ({ made: 2 }))).toBe(shape);
    expect(cache.derivedCount).toBe(2);
    await clock.advance(1001);
    const renewed = (await cache.get("historyPast", "k", load)) as Answered<History>;
    expect(renewed).not.toBe(answer);
    expect(loads).toBe(2);
    // Held here, the expired answer keeps nothing derived from it; the new answer makes its own.
    expect(answer.derived?.size).toBe(0);
    expect(historyTimeline(renewed)).not.toBe(timeline);
    expect(historyTimeline(renewed)).toEqual(timeline);
    expect(derivedOf(renewed).get(SHAPE, () => ({ made: 3 }))).toEqual({ made: 3 });
  });
});
