import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { FunctionVisibility } from "../../src/formulas";
import { appContext } from "../../src/office/app-context/app-context";
import { applyFunctionVisibility, keepFunctionVisibility } from "../../src/office/autocomplete-visibility";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";
import { FakeOfficeHost } from "../support/office-fake/office-host";

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

/**
 * Excel in Office, over a workbook fake, as the add-in's globals: Excel.run on the workbook, the host's ExcelApi in
 * Office.context.requirements, and Excel.CustomFunctionManager.setVisibility (queued, and applied at the next sync).
 */
function officeWithExcel(excelApi = "1.20") {
  const book = new FakeWorkbook(() => Promise.reject(new Error("no formulas here")), ["Sheet1"], { excelApi });
  new FakeOfficeHost({ workbook: book }).install();
  const { application } = book;
  const nextApplied = () => application.until("functionVisibility", application.functionVisibility.length + 1);
  return { applied: application.functionVisibility, nextApplied };
}
afterEach(() => FakeOfficeHost.uninstall());

const HIDDEN: FunctionVisibility = { show: [], hide: ["FORWARD", "HEALTH", "STATUS"] };
const SHOWN: FunctionVisibility = { show: ["FORWARD", "HEALTH", "STATUS"], hide: [] };

it("hides FORWARD, HEALTH and STATUS against the older description, having asked /api/status once", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { applied } = officeWithExcel();
  older.resetRequestLog();
  expect(await applyFunctionVisibility(appContext())).toEqual(HIDDEN);
  expect(older.requests.map((r) => `${r.status} ${r.path}`)).toEqual(["404 /api/status"]);
  expect(applied).toEqual([HIDDEN]);
});

it("shows them again when the settings change to a service of the newer description", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { applied, nextApplied } = officeWithExcel();
  let set = nextApplied();
  const stop = keepFunctionVisibility(appContext());
  await set;
  set = nextApplied();
  await appContext().settings.save({ baseUrl: newer.url });
  await set;
  stop();
  expect(applied).toEqual([HIDDEN, SHOWN]);
});

it("asks nothing and sets nothing where the host lacks ExcelApi 1.20", async () => {
  await appContext().settings.save({ baseUrl: older.url });
  const { applied } = officeWithExcel("1.19");
  older.resetRequestLog();
  expect(await applyFunctionVisibility(appContext())).toBeUndefined();
  expect(older.requests).toEqual([]);
  expect(applied).toEqual([]);
});

it("leaves the list as it is when the service cannot say (nothing answers)", async () => {
  await appContext().settings.save({ baseUrl: "http://127.0.0.1:9" });
  const { applied } = officeWithExcel();
  expect(await applyFunctionVisibility(appContext())).toBeUndefined();
  expect(applied).toEqual([]);
});
