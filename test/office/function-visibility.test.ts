import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { FunctionVisibility } from "../../src/formulas";
import { appContext } from "../../src/office/app-context/app-context";
import {
  applyFunctionVisibility,
  keepFunctionVisibility,
  type VisibilityHost,
} from "../../src/office/autocomplete-visibility";

/**
 * AutoComplete offers the functions the connected service publishes (ExcelApi 1.20, Excel.CustomFunctionManager):
 * against the older description FORWARD, HEALTH and STATUS are hidden, and shown again when the settings point at a
 * service of the newer one. The service is asked once (`/api/status`, which only the newer one publishes).
 */
let newer: RunningReferenceService;
let older: RunningReferenceService;

beforeAll(async () => {
  newer = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 } });
  older = await startReferenceService({ flavor: "older", rateLimits: { anonymous: 100_000 } });
});
afterAll(async () => {
  await newer.close();
  await older.close();
});

/** Excel as the visibility code sees it: setVisibility is queued, and applied at the next sync, as Office.js does. */
function fakeExcel(supported = true) {
  const applied: Excel.CustomFunctionVisibilityOptions[] = [];
  let queued: Excel.CustomFunctionVisibilityOptions[] = [];
  let synced: () => void = () => undefined;
  const context = {
    sync: async () => {
      applied.push(...queued);
      queued = [];
      synced();
    },
  } as unknown as Excel.RequestContext;
  /** Resolves at the next sync. */
  const nextSync = () => new Promise<void>((resolve) => void (synced = resolve));
  const host: VisibilityHost = {
    run: (batch) => batch(context),
    supported: () => supported,
    setVisibility: (options) => void queued.push(options),
  };
  return { host, applied, nextSync };
}

const HIDDEN: FunctionVisibility = { show: [], hide: ["FORWARD", "HEALTH", "STATUS"] };
const SHOWN: FunctionVisibility = { show: ["FORWARD", "HEALTH", "STATUS"], hide: [] };

it("hides FORWARD, HEALTH and STATUS against the older description, having asked /api/status once", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { host, applied } = fakeExcel();
  older.resetRequestLog();
  expect(await applyFunctionVisibility(appContext(), host)).toEqual(HIDDEN);
  expect(older.requests.map((r) => `${r.status} ${r.path}`)).toEqual(["404 /api/status"]);
  expect(applied).toEqual([HIDDEN]);
});

it("shows them again when the settings change to a service of the newer description", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { host, applied, nextSync } = fakeExcel();
  let synced = nextSync();
  const stop = keepFunctionVisibility(appContext(), host);
  await synced;
  synced = nextSync();
  await appContext().settings.save({ baseUrl: newer.url });
  await synced;
  stop();
  expect(applied).toEqual([HIDDEN, SHOWN]);
});

it("asks nothing and sets nothing where the host lacks ExcelApi 1.20", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { host, applied } = fakeExcel(false);
  older.resetRequestLog();
  expect(await applyFunctionVisibility(appContext(), host)).toBeUndefined();
  expect(older.requests).toEqual([]);
  expect(applied).toEqual([]);
});

it("leaves the list as it is when the service cannot say (nothing answers)", async () => {
  await appContext().settings.save({ baseUrl: "http://127.0.0.1:9" });
  const { host, applied } = fakeExcel();
  expect(await applyFunctionVisibility(appContext(), host)).toBeUndefined();
  expect(applied).toEqual([]);
});
