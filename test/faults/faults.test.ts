import { startReferenceService, type FaultKind, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/client/engine";
import { MemoryStorage } from "../../src/client/storage";
import {
  indexCapacity,
  indexForward,
  indexHealth,
  indexHistory,
  indexLatest,
  indexStatus,
  indexVol,
  isCellError,
  type FormulaEnv,
  type FormulaResult,
} from "../../src/excel";

/*
 * Every fault the reference service can inject, against a small sheet evaluated through the custom
 * functions' pure layer with the request engine as its source: every cell settles within the engine's
 * documented bound, as a value or an error with a message; no promise is left pending; no rejection goes
 * unhandled; and where a last-known value exists, the cell shows it.
 */

const WINDOW_MS = 2000;
const TIMEOUT_MS = 1000;
const A = "RTM-NWE-A-1x3";
const B = "RTM-MED-A-1x3";

type Cell = (env: FormulaEnv) => Promise<FormulaResult>;
const SHEET: ReadonlyArray<readonly [string, Cell]> = [
  ["A value", (env) => indexLatest(env, A, "value")],
  ["B value", (env) => indexLatest(env, B, "value")],
  ["A confidence", (env) => indexLatest(env, A, "confidence")],
  ["A history", (env) => indexHistory(env, [A, "2025-01-01", "2025-03-31"])],
  ["B history", (env) => indexHistory(env, [B, "2025-02-01", "2025-02-28"])],
  ["A vol", (env) => indexVol(env, A, 30)],
  ["A forward", (env) => indexForward(env, A, false)],
  ["B capacity", (env) => indexCapacity(env, B, "fillRatio")],
  ["status", (env) => indexStatus(env)],
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let service: RunningReferenceService;

beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => process.off("unhandledRejection", onUnhandled));
beforeEach(async () => {
  unhandled.length = 0;
  service = await startReferenceService({ testFaults: true, rateLimitWindowMs: WINDOW_MS });
});
afterEach(() => service.close());

function engineOn(storage: MemoryStorage, ttls?: { latest: number }): RequestEngine {
  return new RequestEngine(
    { baseUrl: service.url, timeoutMs: TIMEOUT_MS },
    { storage, rateWindowMs: WINDOW_MS, batchWindowMs: 5, ...(ttls ? { ttls: { ...ttls, catalogue: 1, historyPast: 1, historyCurrent: 1, volatility: 1, forward: 1, capacity: 1, systemStatus: 1 } } : {}) },
  );
}

/** Evaluates the sheet; fails the test if any cell is still pending after the engine's bound. */
async function evaluateSheet(engine: RequestEngine): Promise<FormulaResult[]> {
  const bound = engine.options.settleBoundMs;
  const env: FormulaEnv = { source: engine, caps: { formattedNumbers: false }, settleMs: bound };
  let pending = SHEET.length;
  const cells = SHEET.map(([, cell]) => cell(env).finally(() => (pending -= 1)));
  let guard: ReturnType<typeof setTimeout> | undefined;
  const overdue = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`${pending} cells still pending after the bound of ${bound} ms`)), bound + 500);
  });
  try {
    return await Promise.race([Promise.all(cells), overdue]);
  } finally {
    clearTimeout(guard);
  }
}

function expectSettledCleanly(engine: RequestEngine, results: readonly FormulaResult[]): void {
  for (const result of results) {
    if (isCellError(result)) expect(result.message.length).toBeGreaterThan(10);
    else expect(result).toBeDefined();
  }
  expect(engine.snapshot()).toMatchObject({ requestsQueued: 0, inFlight: 0 });
  expect(unhandled).toEqual([]);
}

const FAULTS: ReadonlyArray<readonly [string, () => void]> = [
  ["a burst of 500s", () => service.faults.failNext("500", Infinity)],
  ["503s", () => service.faults.failNext("503", Infinity)],
  ["dropped connections", () => service.faults.failNext("drop", Infinity)],
  ["malformed bodies", () => service.faults.failNext("malformed", Infinity)],
  ["10-second latency (client timeout 1 s)", () => service.faults.setLatency(10_000)],
  ["429 with Retry-After", () => service.faults.failNext("429" satisfies FaultKind, Infinity)],
  ["429 without Retry-After", () => service.faults.failNext("429-no-retry-after", Infinity)],
  ["health down", () => service.faults.setHealth("down")],
];

describe.each(FAULTS)("fault: %s", (_name, inject) => {
  test("every cell settles within the bound, with a value or an error that says what to do", async () => {
    const engine = engineOn(new MemoryStorage());
    inject();
    const results = await evaluateSheet(engine);
    expectSettledCleanly(engine, results);
    engine.close();
  }, 60_000);

  test("where a last-known value exists, the cell shows it", async () => {
    const storage = new MemoryStorage();
    const healthy = engineOn(storage);
    const before = await evaluateSheet(healthy);
    expect(before.filter(isCellError)).toEqual([]);
    await healthy.flush();
    healthy.close();

    // Reopened with everything expired: every cell has to ask the service, which now fails.
    const reopened = engineOn(storage, { latest: 1 });
    inject();
    const after = await evaluateSheet(reopened);
    expectSettledCleanly(reopened, after);
    const healthDown = _name === "health down";
    // Down is the service's answer, and data still flows: only INDEX.STATUS changes, nothing is stale.
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    expect(after.at(-1)).toBe(healthDown ? "down" : before.at(-1));
    const env: FormulaEnv = { source: reopened, caps: { formattedNumbers: false } };
    expect(await indexLatest(env, A, "stale")).toBe(!healthDown);
    reopened.close();
  }, 60_000);
});

test("INDEX.HEALTH shows the service's own verdict when it is down, not a stale one", async () => {
  const engine = engineOn(new MemoryStorage());
  service.faults.setHealth("down");
  const env: FormulaEnv = { source: engine, caps: { formattedNumbers: false } };
  const [status, health] = await Promise.all([indexStatus(env), indexHealth(env, undefined)]);
  expect(status).toBe("down");
  expect(isCellError(health) ? health.message : health).toBeTruthy();
  engine.close();
});
