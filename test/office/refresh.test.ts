import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { OfficeMockObject } from "office-addin-mock";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { refreshCommand } from "../../src/commands/refresh-command";
import { appContext, type AppContext } from "../../src/office/app-context/app-context";
import { FakeClock } from "../support/fake-clock";

const A = "RTM-NWE-A-1x3";
const PAST = { startDate: "2025-01-01", endDate: "2025-03-31" };

/** The sheet's INDEX cells; the Excel mock re-evaluates them when asked to calculate, as Excel would. */
function evaluateCells() {
  const { source } = appContext();
  return Promise.all([source.latest(A), source.latestValue(A), source.history(A, PAST)]);
}

let service: RunningReferenceService;
const calculations: string[] = [];
let recalculated: Promise<unknown> = Promise.resolve();
/** Told when Excel is asked to calculate: a test waits for that event, never for time. */
let calculationAsked: () => void = () => undefined;

beforeAll(async () => {
  service = await startReferenceService();
  const excel = new OfficeMockObject({
    context: {
      workbook: {
        application: {
          calculate(type: string) {
            calculations.push(type);
            recalculated = evaluateCells();
            calculationAsked();
          },
        },
      },
    },
    run: async function (this: { context: unknown }, batch: (context: unknown) => Promise<unknown>) {
      return batch(this.context);
    },
  });
  (globalThis as { Excel?: unknown }).Excel = excel;
});

afterAll(async () => {
  delete (globalThis as { Excel?: unknown }).Excel;
  await service.close();
});

function paths(): string[] {
  return service.requests.map((r) => r.path);
}

/**
 * Saves settings and waits for what follows in the background: the context refreshes, Excel is asked to calculate,
 * and the sheet's cells have been evaluated again.
 */
async function saveAndRecalculate(settings: Parameters<AppContext["settings"]["save"]>[0]): Promise<void> {
  const asked = new Promise<void>((resolve) => (calculationAsked = resolve));
  await appContext().settings.save(settings);
  await asked;
  await recalculated;
}

test("saving settings points the shared context at the new service, invalidates and recalculates", async () => {
  await saveAndRecalculate({ baseUrl: service.url });
  expect(calculations).toEqual(["Full"]);
  await evaluateCells();
  expect(paths()).toContain(`/api/v1/index/${A}/latest`);
});

/** A minute after the cells were first evaluated: past history is still within its 12 h time-to-live then. */
const REFRESHED_AT = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_123);
const REAL_TIMERS = [
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "setImmediate",
  "clearImmediate",
  "nextTick",
  "queueMicrotask",
  "hrtime",
  "performance",
] as const;

test("the ribbon's Refresh recalculates through Excel, shows the time, and does not refetch past history", async () => {
  await evaluateCells();
  service.resetRequestLog();
  calculations.length = 0;
  const event = { completed: jest.fn() };
  // Only Date is faked (timers stay real for the HTTP round trip), so the time shown is the one we set.
  jest.useFakeTimers({ now: REFRESHED_AT, doNotFake: [...REAL_TIMERS] });
  try {
    await refreshCommand(() => appContext().refresh())(event);
    await recalculated;
  } finally {
    jest.useRealTimers();
  }

  expect(event.completed).toHaveBeenCalledTimes(1);
  expect(calculations).toEqual(["Full"]);
  expect(appContext().snapshot().lastRefreshedAt).toBe(REFRESHED_AT.toISOString());
  // The latest fix was asked again (one request for the fix and the value); the past history was not.
  expect(paths()).toEqual([`/api/v1/index/${A}/latest`]);
});

test("the command completes when the refresh does not answer within its timeout", async () => {
  const event = { completed: jest.fn() };
  const clock = new FakeClock();
  const command = refreshCommand(() => new Promise<void>(() => undefined), { timeoutMs: 20, clock })(event);
  await clock.advance(19);
  expect(event.completed).not.toHaveBeenCalled();
  await clock.advance(1);
  await command;
  expect(event.completed).toHaveBeenCalledTimes(1);
});

test("the command completes even when the refresh fails, and the failure is kept in the diagnostics", async () => {
  const event = { completed: jest.fn() };
  const diagnostics = new DiagnosticsRecorder();
  await refreshCommand(() => Promise.reject(new Error("Excel refused")), { diagnostics })(event);
  expect(event.completed).toHaveBeenCalledTimes(1);
  expect(diagnostics.recent()).toEqual([
    expect.objectContaining({ where: "ribbon command", message: expect.stringContaining("Excel refused") }),
  ]);
});

test("a new API key rebuilds the engine: the tier and its limit follow the service's headers", async () => {
  calculations.length = 0;
  await saveAndRecalculate({ baseUrl: service.url, apiKey: DEMO_KEYS.apiKey });
  expect(calculations).toEqual(["Full"]);
  // The cells' answers carried the key's limit in their headers: the snapshot reads it from the new engine.
  expect(appContext().snapshot()).toMatchObject({ tier: "api-key", limitPerMinute: 100 });
});
