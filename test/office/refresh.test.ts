import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { refreshCommand } from "../../src/commands/refresh-command";
import { appContext, type AppContext } from "../../src/office/app-context/app-context";
import { FakeClock } from "../support/fake-clock";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { FakeOfficeHost } from "../support/office-fake/office-host";

const A = "RTM-NWE-A-1x3";
const PAST = { startDate: "2025-01-01", endDate: "2025-03-31" };

/** The sheet's INDEX cells, as the workbook fake evaluates them: again at each full calculation, as Excel does. */
function evaluateCells() {
  const { source } = appContext();
  return Promise.all([source.latest(A), source.latestValue(A), source.history(A, PAST)]);
}

let service: RunningReferenceService;
const book = new FakeWorkbook(async () => {
  const [fix] = await evaluateCells();
  return [[fix.data.value]];
});
const { calculations } = book.application;

beforeAll(async () => {
  service = await startReferenceService();
  new FakeOfficeHost({ workbook: book }).install();
});

afterAll(async () => {
  FakeOfficeHost.uninstall();
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
  const calculated = book.application.until("calculations", calculations.length + 1);
  await appContext().settings.save(settings);
  await calculated;
  await book.settled();
}

test("saving settings points the shared context at the new service, invalidates and recalculates", async () => {
  await saveAndRecalculate({ baseUrl: service.url });
  expect(calculations).toEqual(["Full"]);
  // The user types the sheet's formula: it asks the new service.
  book.type("Sheet1!A1", `=INDEX.FIX("${A}")`);
  await book.settled();
  expect(paths()).toContain(`/api/v1/index/${A}/latest`);
  expect(typeof book.shown("Sheet1!A1")).toBe("number");
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
    await book.settled();
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
