import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { live } from "../../src/functions/live.functions";
import { getContext } from "../../src/office/context";

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
  await getContext().settings.save({ baseUrl: service.url });
});

afterAll(async () => {
  await service.close();
  delete (globalThis as { CustomFunctions?: unknown }).CustomFunctions;
});

function invocation() {
  const results: unknown[] = [];
  const inv = { setResult: (v: unknown) => results.push(v), onCanceled: undefined as undefined | (() => void) };
  return { inv, results };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 20));
  if (!condition()) throw new Error("condition not met in time");
}

const polls = () => service.requests.filter((r) => r.path === `/api/v1/index/${A}/latest`).length;

test("INDEX.LIVE: cells of one symbol share one poll, each cell updates only when its figure changes, and cancel stops polling", async () => {
  const value = invocation();
  const confidence = invocation();
  type Invocation = Parameters<typeof live>[3];
  live(A, undefined as unknown as string, 1, value.inv as unknown as Invocation);
  live(A, "confidence", 1, confidence.inv as unknown as Invocation);
  await until(() => value.results.length === 1 && confidence.results.length === 1);
  expect(typeof value.results[0]).toBe("number");
  expect(polls()).toBe(1);

  service.faults.publishFix(A, 4.321);
  await until(() => value.results.length === 2);
  expect(value.results[1]).toBe(4.321);
  // The new fix kept its confidence figure unchanged or not: either way, one push at most, and only on change.
  expect(confidence.results.length).toBeLessThanOrEqual(2);
  if (confidence.results.length === 2) expect(confidence.results[1]).not.toEqual(confidence.results[0]);

  value.inv.onCanceled?.();
  confidence.inv.onCanceled?.();
  // Nothing is polled once the last cell is canceled; test/engine/live.test.ts moves a fake clock past the
  // interval to prove no timer is left to fire.
  expect(getContext().live.watchedSymbols).toBe(0);
  expect(getContext().live.intervalFor(A)).toBeUndefined();
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
