import { cellCall } from "../../src/engine/cells/call-context";
import { CellSource } from "../../src/engine/cells/cell-source";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { FakeClock } from "../support/fake-clock";

/*
 * A cell's source in front of a built engine: its calls go straight to the engine (no promise of its own before
 * the engine's), and its address is indexed the moment its evaluation starts; before the engine is built, the calls
 * wait for it as before.
 */
function engineOn(clock: FakeClock): RequestEngine {
  return new RequestEngine(
    // A request that never answers, timed out on the test's clock: no real timer outlives the test.
    { baseUrl: "http://127.0.0.1:9", fetch: () => new Promise<Response>(() => undefined), timeoutClock: clock },
    { storage: new MemoryStorage(), clock, budgetChannel: null },
  );
}

test("with the engine built, a cell is indexed at once and its read reaches the engine in the same turn", () => {
  const engine = engineOn(new FakeClock());
  const read = jest.spyOn(engine, "read");
  const source = new CellSource(
    () => Promise.resolve(engine),
    cellCall("Sheet1!B2", false),
    () => engine,
  );
  expect(engine.addresses.addresses()).toEqual(["Sheet1!B2"]);
  void source.volatility("RTM-NWE-A-1x3", 30);
  expect(read).toHaveBeenCalledWith("volatility", ["RTM-NWE-A-1x3", 30], {
    address: "Sheet1!B2",
    preview: false,
    user: false,
  });
  engine.close();
});

test("before the engine is built, a cell's read waits for it", async () => {
  const engine = engineOn(new FakeClock());
  const read = jest.spyOn(engine, "read");
  const source = new CellSource(() => Promise.resolve(engine), cellCall("Sheet1!B2", false));
  void source.volatility("RTM-NWE-A-1x3", 30);
  expect(read).not.toHaveBeenCalled();
  await Promise.resolve();
  await Promise.resolve();
  expect(read).toHaveBeenCalledTimes(1);
  expect(engine.addresses.addresses()).toEqual(["Sheet1!B2"]);
  engine.close();
});

test("before the engine is built, a cell's foreseen range reaches it once built, and its withdrawal follows", async () => {
  const engine = engineOn(new FakeClock());
  let built: (engine: RequestEngine) => void = () => undefined;
  const building = new Promise<RequestEngine>((resolve) => (built = resolve));
  const source = new CellSource(() => building, cellCall("Sheet1!B2", false));
  const query = { startDate: "2024-06-01", endDate: "2025-06-30" };
  const withdraw = source.foreseeHistory("RTM-NWE-A-1x3", query);
  expect(engine.bookkeeping()["historiesForeseen"]).toBe(0);
  built(engine);
  await building;
  expect(engine.bookkeeping()["historiesForeseen"]).toBe(1);
  withdraw();
  expect(engine.bookkeeping()["historiesForeseen"]).toBe(0);
  // Withdrawn before the engine is built, it never reaches it.
  const early = new CellSource(() => Promise.resolve(engine), cellCall("Sheet1!B3", false));
  early.foreseeHistory("RTM-NWE-A-1x3", query)();
  await Promise.resolve();
  expect(engine.bookkeeping()["historiesForeseen"]).toBe(0);
  engine.close();
});
