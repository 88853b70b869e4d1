import { IndexDataClient } from "../../src/client/client";
import type { HistoryQuery } from "@index-data/wire/resources/history";
import { SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";
import { DAY_MS } from "@index-data/wire/time";

afterEach(stopAll);

function daysAgo(n: number): string {
  return new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
}

describe("history ranges of one symbol are merged", () => {
  test("overlapping and adjacent ranges go out as one request, and each slice equals the service's own answer", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const symbol = SYMBOLS[0];
    const queries: HistoryQuery[] = [
      { startDate: "2025-01-01", endDate: "2025-03-31" },
      { startDate: "2025-03-01", endDate: "2025-06-30" }, // overlapping
      { startDate: "2025-07-01", endDate: "2025-07-31" }, // adjacent
      { startDate: "2025-02-10T00:00:00.000Z", endDate: "2025-02-20T12:30:00Z" }, // instants: read as UTC days
    ];
    const merged = await Promise.all(queries.map((q) => engine.history(symbol, q)));
    expect(sent(service, `/api/v1/index/${symbol}/history`)).toEqual([
      `/api/v1/index/${symbol}/history?startDate=2025-01-01&endDate=2025-07-31`,
    ]);
    const client = new IndexDataClient({ baseUrl: service.url });
    for (const [i, query] of queries.entries()) {
      const direct = await client.history(symbol, query);
      expect(merged[i]?.data.values).toEqual(direct.values);
      expect(Date.parse(merged[i]?.data.startDate ?? "")).toBe(Date.parse(direct.startDate));
      expect(Date.parse(merged[i]?.data.endDate ?? "")).toBe(Date.parse(direct.endDate));
      expect(direct.values.length).toBeGreaterThan(0);
    }
  });

  test("a later request inside a fetched union is sliced from it without a request", async () => {
    const service = await startService();
    const engine = engineFor(service);
    await Promise.all([
      engine.history(SYMBOLS[1], { startDate: "2025-01-01", endDate: "2025-02-28" }),
      engine.history(SYMBOLS[1], { startDate: "2025-02-01", endDate: "2025-04-30" }),
    ]);
    const inside = await engine.history(SYMBOLS[1], { startDate: "2025-03-03", endDate: "2025-03-09" });
    expect(sent(service)).toHaveLength(1);
    expect(inside.data.values.map((v) => v.date.slice(0, 10))).toEqual([
      "2025-03-03",
      "2025-03-04",
      "2025-03-05",
      "2025-03-06",
      "2025-03-07",
      "2025-03-08",
      "2025-03-09",
    ]);
  });

  test("different symbols are never merged; weekly history is not merged (its buckets depend on the range)", async () => {
    const service = await startService({ flavor: "older" });
    const engine = engineFor(service);
    await Promise.all([
      engine.history(SYMBOLS[0], { startDate: "2025-01-01", endDate: "2025-03-31" }),
      engine.history(SYMBOLS[1], { startDate: "2025-01-01", endDate: "2025-03-31" }),
      engine.history(SYMBOLS[0], { startDate: "2025-01-01", endDate: "2025-03-31", granularity: "weekly" }),
      engine.history(SYMBOLS[0], { startDate: "2025-02-01", endDate: "2025-03-31", granularity: "weekly" }),
    ]);
    expect(sent(service)).toHaveLength(4);
  });

  test("a refresh keeps past history and fetches history that reaches today again", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const past = { startDate: daysAgo(60), endDate: daysAgo(30) };
    const current = { startDate: daysAgo(10), endDate: daysAgo(0) };
    await Promise.all([engine.history(SYMBOLS[2], past), engine.history(SYMBOLS[3], current)]);
    expect(sent(service)).toHaveLength(2);
    engine.invalidate();
    await Promise.all([engine.history(SYMBOLS[2], past), engine.history(SYMBOLS[3], current)]);
    expect(sent(service, `/api/v1/index/${SYMBOLS[2]}/`)).toHaveLength(1);
    expect(sent(service, `/api/v1/index/${SYMBOLS[3]}/`)).toHaveLength(2);
  });

  test("a range a cell foresees widens the union its symbol sends meanwhile, and the cell's later ask is inside it", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const symbol = SYMBOLS[4];
    const foreseen = { startDate: "2024-06-01", endDate: "2025-06-30" };
    const withdraw = engine.foreseeHistory(symbol, foreseen);
    await engine.history(symbol, { startDate: "2025-04-01", endDate: "2025-06-30" });
    withdraw();
    const later = await engine.history(symbol, { startDate: "2024-06-10", endDate: "2025-06-20" });
    expect(sent(service)).toEqual([`/api/v1/index/${symbol}/history?startDate=2024-06-01&endDate=2025-06-30`]);
    const direct = await new IndexDataClient({ baseUrl: service.url }).history(symbol, {
      startDate: "2024-06-10",
      endDate: "2025-06-20",
    });
    expect(later.data.values).toEqual(direct.values);
  });

  test("a foreseen range is never sent on its own, and once withdrawn widens nothing", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const symbol = SYMBOLS[5];
    engine.foreseeHistory(SYMBOLS[0], { startDate: "2024-01-01", endDate: "2025-01-31" });
    engine.foreseeHistory(symbol, { startDate: "2024-01-01", endDate: "2025-01-31" })();
    await engine.history(symbol, { startDate: "2025-01-01", endDate: "2025-01-31" });
    expect(sent(service)).toEqual([`/api/v1/index/${symbol}/history?startDate=2025-01-01&endDate=2025-01-31`]);
    // The other symbol's range is held, unsent, until its cell withdraws it.
    expect(sent(service, `/api/v1/index/${SYMBOLS[0]}/`)).toEqual([]);
    expect(engine.bookkeeping()["historiesForeseen"]).toBe(1);
  });
});
