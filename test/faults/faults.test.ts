import { startReferenceService, type FaultKind, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import { MemoryStorage } from "../../src/settings/storage";
import { isCellError, type FormulaEnv, type FormulaResult } from "../../src/formulas";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { FakeClock } from "../support/fake-clock";
import { faultWording, LOGGED_STATUS, STILL_WAITING, timeoutWording } from "./fault-wording";

/*
 * Every fault the reference service can inject, against a small sheet evaluated through the custom
 * functions' pure layer with the request engine as its source. Each test first proves the fault happened
 * (the service logged the cell's request with the fault's status; for latency, the request went out and
 * the client gave up on it), then that the cell shows the fault's own wording, which it could not show
 * had it only run into the settle bound. Margins are wide so the fault decides, not a loaded machine:
 * a 10 s client timeout where the service answers at once, a 60 s latency against a 1 s timeout.
 */

const WINDOW_MS = 2000;
const A = "RTM-NWE-A-1x3";
const B = "RTM-MED-A-1x3";
const A_HISTORY = `/api/v1/index/${A}/history?startDate=2025-01-01&endDate=2025-03-31`;

type Cell = (env: FormulaEnv) => Promise<FormulaResult>;
/** Each cell with the one request it makes. */
const SHEET: ReadonlyArray<readonly [string, Cell, string]> = [
  ["A value", (env) => INDEX.LATEST(env, [A, "value"]), `/api/v1/index/${A}/latest`],
  ["B value", (env) => INDEX.LATEST(env, [B, "value"]), `/api/v1/index/${B}/latest`],
  ["A confidence", (env) => INDEX.LATEST(env, [A, "confidence"]), `/api/v1/index/${A}/latest`],
  ["A history", (env) => INDEX.HISTORY(env, [A, "2025-01-01", "2025-03-31"]), A_HISTORY],
  ["A vol", (env) => INDEX.VOL(env, [A, 30]), `/api/v1/index/${A}/volatility?windowDays=30`],
  ["A forward", (env) => INDEX.FORWARD(env, [A, false]), `/api/v1/index/${A}/forward`],
  ["B capacity", (env) => INDEX.CAPACITY(env, [B, "fillRatio"]), `/api/v1/index/${B}/capacity-metrics`],
  ["status", (env) => INDEX.STATUS(env, []), "/api/status"],
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let service: RunningReferenceService;

beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => process.off("unhandledRejection", onUnhandled));
beforeEach(async () => {
  unhandled.length = 0;
  // This suite is about faults, not the budget (the engine's tests are): the limit cannot trip.
  service = await startReferenceService({
    testFaults: true,
    rateLimitWindowMs: WINDOW_MS,
    rateLimits: { anonymous: 100_000 },
  });
});
afterEach(() => service.close());

/** Requests the client sent, and how each ended: an HTTP status, or "aborted" when the client gave up. */
interface SentRequest {
  readonly path: string;
  readonly outcome: number | "aborted";
}

function recordingFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = `${url.pathname}${url.search}`;
    try {
      const response = await fetch(input, init);
      sent.push({ path, outcome: response.status });
      return response;
    } catch (error) {
      if (init?.signal?.aborted) sent.push({ path, outcome: "aborted" });
      throw error;
    }
  };
}

function engineOn(
  storage: MemoryStorage,
  timeoutMs: number,
  sent: SentRequest[] = [],
  ttls?: { latest: number },
  clock?: FakeClock,
): RequestEngine {
  return new RequestEngine(
    { baseUrl: service.url, timeoutMs, fetch: recordingFetch(sent) },
    {
      storage,
      clock,
      rateWindowMs: WINDOW_MS,
      batchWindowMs: 5,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      ...(ttls
        ? {
            ttls: {
              ...ttls,
              catalogue: 1,
              historyPast: 1,
              historyCurrent: 1,
              volatility: 1,
              forward: 1,
              capacity: 1,
              systemStatus: 1,
            },
          }
        : {}),
    },
  );
}

function envOf(engine: RequestEngine): FormulaEnv {
  return { source: engine, caps: { formattedNumbers: false }, settleMs: engine.options.settleBoundMs };
}

function messageOf(result: FormulaResult): string {
  if (!isCellError(result)) throw new Error(`expected an error cell, got ${JSON.stringify(result)}`);
  return result.message;
}

/**
 * Moves the engines' fake clock on while none of them has a request in flight (so a client timeout on it never
 * fires under a real request), until `work` settles: the holds after 429s pass without waiting for them.
 */
async function driven<T>(clock: FakeClock, engines: readonly RequestEngine[], work: Promise<T>): Promise<T> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turns = 0; !done; turns += 1) {
    if (turns > 100_000) throw new Error("the cells did not settle");
    await new Promise((resolve) => setImmediate(resolve));
    if (engines.every((engine) => engine.snapshot().inFlight === 0)) await clock.advance(100);
  }
  return work;
}

/**
 * Each cell on an engine of its own, all at once: no cell's outcome depends on which of them failed first. On
 * `clock` (fake) when given, moved on by `driven`.
 */
async function evaluateEachCellAlone(
  timeoutMs: number,
  sent: SentRequest[] = [],
  clock?: FakeClock,
): Promise<string[]> {
  const engines = SHEET.map(() => engineOn(new MemoryStorage(), timeoutMs, sent, undefined, clock));
  const work = Promise.all(SHEET.map(([, cell], i) => cell(envOf(engines[i] as RequestEngine))));
  const results = clock === undefined ? await work : await driven(clock, engines, work);
  for (const engine of engines) {
    expect(engine.snapshot()).toMatchObject({ requestsQueued: 0, inFlight: 0 });
    engine.close();
  }
  expect(unhandled).toEqual([]);
  return results.map(messageOf);
}

const ANSWERED_FAULTS: readonly FaultKind[] = ["500", "503", "drop", "malformed"];
const RATE_LIMITED: readonly FaultKind[] = ["429", "429-no-retry-after"];

describe.each(ANSWERED_FAULTS)("fault %s", (kind) => {
  test("the service answers every cell's request with the fault; each cell shows the fault's wording", async () => {
    service.faults.failNext(kind, Infinity);
    const messages = await evaluateEachCellAlone(10_000);
    for (const [name, , path] of SHEET) {
      const answered = service.requests.filter((entry) => entry.path === path).map((entry) => entry.status);
      expect({
        name,
        answered: answered.length > 0 && answered.every((status) => status === LOGGED_STATUS[kind]),
      }).toEqual({ name, answered: true });
    }
    expect(messages).toEqual(SHEET.map(([, , path]) => faultWording(kind, service.url, path)));
  });
});

describe.each(RATE_LIMITED)("fault %s, on every request until its bound", (kind) => {
  test("each cell waits its turn, is asked again after every 429, and at its bound says when to ask again, never the 429 as a fault", async () => {
    service.faults.failNext(kind, Infinity);
    const messages = await evaluateEachCellAlone(10_000, [], new FakeClock(Date.now()));
    for (const [name, , path] of SHEET) {
      const answered = service.requests.filter((entry) => entry.path === path).map((entry) => entry.status);
      // The fault happened, again and again: each request was refused every time it was asked.
      expect({ name, refused: answered.length > 1 && answered.every((status) => status === 429) }).toEqual({
        name,
        refused: true,
      });
    }
    for (const message of messages) expect(message).toMatch(STILL_WAITING);
  });
});

test("latency: every request goes out and the client gives up on it; each cell says the service did not answer in time", async () => {
  service.faults.setLatency(60_000);
  const sent: SentRequest[] = [];
  const messages = await evaluateEachCellAlone(1_000, sent);
  for (const [name, , path] of SHEET) {
    const outcomes = sent.filter((request) => request.path === path).map((request) => request.outcome);
    expect({ name, outcomes: [...new Set(outcomes)] }).toEqual({ name, outcomes: ["aborted"] });
  }
  expect(service.requests).toEqual([]); // nothing was answered
  expect(messages).toEqual(SHEET.map(([, , path]) => timeoutWording(service.url, 1, path)));
});

const FAULTS_WITH_LAST_KNOWN: ReadonlyArray<FaultKind | "latency"> = [...ANSWERED_FAULTS, ...RATE_LIMITED, "latency"];

test.each(FAULTS_WITH_LAST_KNOWN)(
  "fault %s: where a last-known value exists, the cell shows it, marked stale",
  async (kind) => {
    const storage = new MemoryStorage();
    const healthy = engineOn(storage, 10_000);
    const before = await Promise.all(SHEET.map(([, cell]) => cell(envOf(healthy))));
    expect(before.filter(isCellError)).toEqual([]);
    await healthy.flush();
    healthy.close();

    // Reopened with everything expired: every cell has to ask the service, which now fails.
    const sent: SentRequest[] = [];
    // A request refused with 429 waits its turn until its bound: a fake clock, moved on while nothing is in flight.
    const clock = RATE_LIMITED.includes(kind as FaultKind) ? new FakeClock(Date.now()) : undefined;
    const reopened = engineOn(storage, kind === "latency" ? 1_000 : 10_000, sent, { latest: 1 }, clock);
    service.resetRequestLog();
    if (kind === "latency") service.faults.setLatency(60_000);
    else service.faults.failNext(kind, Infinity);
    const asked = Promise.all(SHEET.map(([, cell]) => cell(envOf(reopened))));
    const after = clock === undefined ? await asked : await driven(clock, [reopened], asked);
    // The fault happened: every request was answered with it (latency: went out and was given up on).
    const outcomes =
      kind === "latency" ? sent.map((request) => request.outcome) : service.requests.map((entry) => entry.status);
    expect(outcomes.length).toBeGreaterThan(0);
    expect([...new Set(outcomes)]).toEqual([kind === "latency" ? "aborted" : LOGGED_STATUS[kind]]);
    // Figures show their last-known values; a state the service could not be asked for is never shown as current.
    const status = SHEET.findIndex(([name]) => name === "status");
    expect(before[status]).toBe("ok");
    expect(after[status]).toMatch(/^unreachable \(last seen ok at \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect(after.filter((_, i) => i !== status)).toEqual(before.filter((_, i) => i !== status));
    const stale = INDEX.LATEST(envOf(reopened), [A, "stale"]);
    expect(clock === undefined ? await stale : await driven(clock, [reopened], stale)).toBe(true);
    expect(reopened.snapshot()).toMatchObject({ requestsQueued: 0, inFlight: 0 });
    expect(unhandled).toEqual([]);
    reopened.close();
  },
  60_000,
);

test("health down is the service's answer: STATUS says down, HEALTH suspended, data still flows, nothing is stale", async () => {
  const engine = engineOn(new MemoryStorage(), 10_000);
  service.faults.setHealth("down");
  const env = envOf(engine);
  const [status, health, value] = await Promise.all([
    INDEX.STATUS(env, []),
    INDEX.HEALTH(env, [undefined]),
    INDEX.LATEST(env, [A, "value"]),
  ]);
  expect(service.requests.find((entry) => entry.path === "/api/status")?.status).toBe(200);
  expect(status).toBe("down");
  expect(health).toBe("suspended"); // the benchmarkStatus the service gives for a system that is down
  expect(typeof value).toBe("number");
  expect(await INDEX.LATEST(env, [A, "stale"])).toBe(false);
  engine.close();
});
