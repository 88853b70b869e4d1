import { IndexDataClient } from "../../src/client/client";
import { isNotFoundError } from "@index-data/wire/errors";
import { FakeClock } from "../support/fake-clock";
import { NO_DATA_SYMBOL, SYMBOLS, engineFor, sent, startService, stopAll } from "./helpers";

afterEach(stopAll);

describe("one request per distinct resource", () => {
  test("500 cells asking for the same latest fix send one request", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const results = await Promise.all(Array.from({ length: 500 }, () => engine.latest(SYMBOLS[0])));
    expect(sent(service)).toEqual([`/api/v1/index/${SYMBOLS[0]}/latest`]);
    expect(new Set(results.map((r) => r.data.value)).size).toBe(1);
    expect(results.every((r) => !r.meta.servedStale)).toBe(true);
  });

  test("different resources of one symbol are different requests; the default volatility window is shared", async () => {
    const service = await startService();
    const engine = engineFor(service);
    await Promise.all([
      engine.volatility(SYMBOLS[0]),
      engine.volatility(SYMBOLS[0], 30),
      engine.volatility(SYMBOLS[0], 60),
      engine.forward(SYMBOLS[0]),
      engine.forward(SYMBOLS[0]),
      engine.capacity(SYMBOLS[0]),
    ]);
    expect(sent(service).sort()).toEqual(
      [
        `/api/v1/index/${SYMBOLS[0]}/capacity-metrics`,
        `/api/v1/index/${SYMBOLS[0]}/forward`,
        `/api/v1/index/${SYMBOLS[0]}/volatility?windowDays=30`,
        `/api/v1/index/${SYMBOLS[0]}/volatility?windowDays=60`,
      ].sort(),
    );
  });

  test("a result is reused within its time-to-live and fetched again after it", async () => {
    const service = await startService();
    // The cache's time-to-live follows the engine's clock, which moves only when the test says so. No budget
    // channel: with no other runtime to hear from, the first request does not wait on the clock for their word.
    const clock = new FakeClock();
    const engine = engineFor(service, { ttls: { latest: 300 }, clock, budgetChannel: null });
    await engine.latest(SYMBOLS[1]);
    await clock.advance(299);
    await engine.latest(SYMBOLS[1]);
    expect(sent(service)).toHaveLength(1);
    await clock.advance(2);
    await engine.latest(SYMBOLS[1]);
    expect(sent(service)).toHaveLength(2);
  });
});

describe("latest values from the catalogue", () => {
  test("many symbols' values come from one /indexes call and agree with /latest", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const cells = SYMBOLS.flatMap((symbol) => Array.from({ length: 20 }, () => engine.latestValue(symbol)));
    const values = await Promise.all(cells);
    expect(sent(service)).toEqual(["/api/v1/indexes"]);
    const client = new IndexDataClient({ baseUrl: service.url });
    for (const symbol of SYMBOLS) {
      const fix = await client.latest(symbol);
      const cell = values.find((v) => v.data.symbol === symbol);
      expect(cell?.data).toEqual({ symbol, value: fix.value, asOf: fix.asOf });
    }
  });

  test("a symbol whose full fix is wanted anyway takes it from that fix, not from the catalogue", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const [fix, value] = await Promise.all([engine.latest(SYMBOLS[2]), engine.latestValue(SYMBOLS[2])]);
    expect(sent(service)).toEqual([`/api/v1/index/${SYMBOLS[2]}/latest`]);
    expect(value.data).toEqual({ symbol: SYMBOLS[2], value: fix.data.value, asOf: fix.data.asOf });
  });

  test("unknown and no-data symbols get the service's own 404, while the others come from the catalogue", async () => {
    const service = await startService();
    const engine = engineFor(service);
    const outcomes = await Promise.allSettled([
      engine.latestValue(SYMBOLS[0]),
      engine.latestValue("NOPE-1"),
      engine.latestValue(NO_DATA_SYMBOL),
    ]);
    expect(outcomes[0]?.status).toBe("fulfilled");
    expect(outcomes[1]?.status === "rejected" && isNotFoundError(outcomes[1].reason)).toBe(true);
    expect(outcomes[2]?.status === "rejected" && isNotFoundError(outcomes[2].reason)).toBe(true);
    expect(sent(service).sort()).toEqual(
      ["/api/v1/indexes", "/api/v1/index/NOPE-1/latest", `/api/v1/index/${NO_DATA_SYMBOL}/latest`].sort(),
    );
  });
});
