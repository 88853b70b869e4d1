import { OfficeMockObject } from "office-addin-mock";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { refreshCommand } from "../../src/commands/refresh-command";
import { getContext } from "../../src/office/context";

// office-addin-mock reads the OfficeApp enum from office-addin-manifest, which jest maps to an empty stub.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", OneNote: "onenote", Outlook: "outlook", PowerPoint: "powerpoint", Project: "project", Word: "word" },
}));

const A = "RTM-NWE-A-1x3";
const PAST = { startDate: "2025-01-01", endDate: "2025-03-31" };

/** The sheet's INDEX cells; the Excel mock re-evaluates them when asked to calculate, as Excel would. */
function evaluateCells() {
  const { source } = getContext();
  return Promise.all([source.latest(A), source.latestValue(A), source.history(A, PAST)]);
}

let service: RunningReferenceService;
const calculations: string[] = [];
let recalculated: Promise<unknown> = Promise.resolve();

beforeAll(async () => {
  service = await startReferenceService();
  const excel = new OfficeMockObject({
    context: {
      workbook: {
        application: {
          calculate(type: string) {
            calculations.push(type);
            recalculated = evaluateCells();
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

async function settled(): Promise<void> {
  await recalculated;
  // The context refreshes on a settings change in the background; let it reach Excel.
  for (let i = 0; i < 50 && calculations.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  await recalculated;
}

test("saving settings points the shared context at the new service, invalidates and recalculates", async () => {
  await getContext().settings.save({ baseUrl: service.url });
  await settled();
  expect(calculations).toEqual(["Full"]);
  await evaluateCells();
  expect(paths()).toContain(`/api/v1/index/${A}/latest`);
});

const REFRESHED_AT = new Date("2031-05-06T07:08:09.000Z");
const REAL_TIMERS = ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate", "nextTick", "queueMicrotask", "hrtime", "performance"] as const;

test("the ribbon's Refresh recalculates through Excel, shows the time, and does not refetch past history", async () => {
  await evaluateCells();
  service.resetRequestLog();
  calculations.length = 0;
  const event = { completed: jest.fn() };
  // Only Date is faked (timers stay real for the HTTP round trip), so the time shown is the one we set.
  jest.useFakeTimers({ now: REFRESHED_AT, doNotFake: [...REAL_TIMERS] });
  try {
    await refreshCommand(() => getContext().refresh())(event);
    await recalculated;
  } finally {
    jest.useRealTimers();
  }

  expect(event.completed).toHaveBeenCalledTimes(1);
  expect(calculations).toEqual(["Full"]);
  expect(getContext().snapshot().lastRefreshedAt).toBe(REFRESHED_AT.toISOString());
  // The latest fix was asked again (one request for the fix and the value); the past history was not.
  expect(paths()).toEqual([`/api/v1/index/${A}/latest`]);
});

test("the command completes when the refresh does not answer within its timeout", async () => {
  const event = { completed: jest.fn() };
  await refreshCommand(() => new Promise<void>(() => undefined), 20)(event);
  expect(event.completed).toHaveBeenCalledTimes(1);
});

test("the command completes even when the refresh fails", async () => {
  const event = { completed: jest.fn() };
  await refreshCommand(() => Promise.reject(new Error("Excel refused")))(event);
  expect(event.completed).toHaveBeenCalledTimes(1);
});

test("a new API key rebuilds the engine: the tier and its limit follow the service's headers", async () => {
  calculations.length = 0;
  await getContext().settings.save({ baseUrl: service.url, apiKey: DEMO_KEYS.apiKey });
  await settled();
  expect(calculations).toEqual(["Full"]);
  await new Promise((r) => setTimeout(r, 250)); // the snapshot is announced at most every 200 ms
  expect(getContext().snapshot()).toMatchObject({ tier: "api-key", limitPerMinute: 100 });
});
