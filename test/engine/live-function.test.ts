import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { FUNCTIONS } from "../../src/functions/bindings";
import { CellEvaluator } from "../../src/functions/cell-evaluator";
import { EngineHost } from "../../src/runtime/engine-host";
import { MemoryStorage, SettingsStore } from "../../src/settings";
import { FakeClock } from "../support/fake-clock";

/**
 * The shared runtime as the functions entry hands it to the cells outside Excel (an EngineHost over memory storage),
 * but on a fake clock, so the test moves INDEX.LIVE's polls on by hand instead of waiting out the budget's interval.
 * No budget channel: with no other runtime to hear from, no request waits on the clock for their word.
 */
const storage = new MemoryStorage();
const host = new EngineHost({
  settings: new SettingsStore(storage),
  storage,
  recalc: async () => false,
  engineOptions: { clock: new FakeClock(), budgetChannel: null },
});
const appContext = () => host;

/** INDEX.LIVE as Excel calls it (src/functions/bindings.ts). */
const live = FUNCTIONS.LIVE.bind(new CellEvaluator(appContext));

/** The custom functions runtime's error type, as INDEX.LIVE hands errors to setResult. */
class FakeCustomFunctionsError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

const A = "RTM-NWE-A-1x3";
let service: RunningReferenceService;

beforeAll(async () => {
  (globalThis as { CustomFunctions?: unknown }).CustomFunctions = {
    Error: FakeCustomFunctionsError,
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  service = await startReferenceService({ testFaults: true });
  await appContext().settings.save({ baseUrl: service.url });
});

afterAll(async () => {
  await service.close();
  delete (globalThis as { CustomFunctions?: unknown }).CustomFunctions;
});

/** A streaming cell: what Excel was handed, and a wait for the next result (an event, never a sleep). */
function invocation() {
  const results: unknown[] = [];
  let heard = () => undefined as void;
  const inv = {
    setResult: (v: unknown) => {
      results.push(v);
      heard();
    },
    onCanceled: undefined as undefined | (() => void),
  };
  /** Resolves once the cell has been handed `count` results in all. */
  const handed = (count: number) =>
    new Promise<void>((resolve) => {
      heard = () => (results.length >= count ? resolve() : undefined);
      heard();
    });
  return { inv, results, handed };
}

const polls = () => service.requests.filter((r) => r.path === `/api/v1/index/${A}/latest`).length;

test("INDEX.LIVE: cells of one symbol share one poll, each cell updates only when its figure changes, and cancel stops polling", async () => {
  const clock = appContext().clock as FakeClock;
  const value = invocation();
  const confidence = invocation();
  type Invocation = Parameters<typeof live>[3];
  live(A, undefined as unknown as string, 1, value.inv as unknown as Invocation);
  live(A, "confidence", 1, confidence.inv as unknown as Invocation);
  await Promise.all([value.handed(1), confidence.handed(1)]);
  expect(typeof value.results[0]).toBe("number");
  expect(polls()).toBe(1);

  service.faults.publishFix(A, 4.321);
  // The next poll is one interval on (the budget's floor: the cells asked for every second).
  const interval = appContext().live.intervalFor(A) ?? Infinity;
  expect(interval).toBeGreaterThan(1000);
  await clock.advance(interval);
  await value.handed(2);
  expect(polls()).toBe(2);
  expect(value.results[1]).toBe(4.321);
  // The new fix kept its confidence figure unchanged or not: either way, one push at most, and only on change.
  expect(confidence.results.length).toBeLessThanOrEqual(2);
  if (confidence.results.length === 2) expect(confidence.results[1]).not.toEqual(confidence.results[0]);

  value.inv.onCanceled?.();
  confidence.inv.onCanceled?.();
  // Nothing is polled once the last cell is canceled: no timer is left to fire.
  expect(appContext().live.watchedSymbols).toBe(0);
  expect(appContext().live.intervalFor(A)).toBeUndefined();
  await clock.advance(10 * interval);
  expect(polls()).toBe(2);
});

test("INDEX.LIVE with a bad argument shows #VALUE! at once and sends nothing", () => {
  service.resetRequestLog();
  const bad = invocation();
  live(A, "nonsense-field", 1, bad.inv as unknown as Parameters<typeof live>[3]);
  expect(bad.results).toHaveLength(1);
  expect(bad.results[0]).toBeInstanceOf(FakeCustomFunctionsError);
  expect((bad.results[0] as FakeCustomFunctionsError).code).toBe("#VALUE!");
  expect(service.requests).toHaveLength(0);
});
