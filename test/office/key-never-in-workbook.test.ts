import { NO_STARTUP } from "../support/startup";
import { OfficeMockObject } from "office-addin-mock";
import { appContext } from "../../src/office/app-context/app-context";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { InstantClock } from "../support/fake-clock";

/**
 * The API key lives only in the add-in's storage (OfficeRuntime.storage). Every workbook API a key could
 * leak into (document settings, custom XML parts, cells, names) is mocked and instrumented; the whole
 * settings flow, a refresh, data requests and every insert action run; then no recorded call, argument or
 * property may contain the key.
 */
const KEY = DEMO_KEYS.apiKey;
const calls: string[] = [];
const storageWrites: string[] = [];

/** Wraps every function reachable from `node` so its name and arguments are recorded. */
function instrument(node: Record<string, unknown>, path: string, seen = new Set<unknown>()): void {
  if (seen.has(node)) return;
  seen.add(node);
  for (const key of Object.keys(node)) {
    if (key.startsWith("_")) continue;
    const value = node[key];
    if (typeof value === "function") {
      const original = value as (...args: unknown[]) => unknown;
      node[key] = function (this: unknown, ...args: unknown[]) {
        calls.push(
          `${path}.${key}(${args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(", ")})`,
        );
        return original.apply(this, args);
      };
    } else if (typeof value === "object" && value !== null)
      instrument(value as Record<string, unknown>, `${path}.${key}`, seen);
  }
}

/** Every string reachable from `node`, including the mock's stored (loaded or not) values. */
function strings(node: unknown, seen = new Set<unknown>()): string[] {
  if (typeof node === "string") return [node];
  if (typeof node !== "object" || node === null || seen.has(node)) return [];
  seen.add(node);
  const values = node instanceof Map ? [...node.values()] : Object.values(node as object);
  return values.flatMap((value) => strings(value, seen));
}

function excelData() {
  const settingsStore: Record<string, unknown> = {};
  return {
    context: {
      workbook: {
        application: { calculate() {} },
        settings: {
          add(key: string, value: unknown) {
            settingsStore[key] = value;
          },
        },
        customXmlParts: {
          add(xml: string) {
            return { xml };
          },
        },
        names: {
          add(name: string, reference: unknown) {
            return { name, reference };
          },
        },
        activeCell: {
          address: "Sheet1!A1",
          formulas: [[""]],
          values: [["#N/A"]],
          valueTypes: [["Error"]],
          spill: { address: "", rowCount: 0, columnCount: 0 },
          getSpillingToRangeOrNullObject() {
            return this.spill;
          },
        },
        getActiveCell() {
          return this.activeCell;
        },
      },
    },
  };
}

let service: RunningReferenceService;
let excel: OfficeMockObject & Record<string, unknown>;
let office: OfficeMockObject & Record<string, unknown>;
const globals = globalThis as Record<string, unknown>;

beforeAll(async () => {
  service = await startReferenceService({ port: 0 });
  excel = new OfficeMockObject(excelData()) as OfficeMockObject & Record<string, unknown>;
  const context = excel["context"] as OfficeMockObject & Record<string, unknown>;
  // The history and forward formulas settle on #N/A here: no spill, so no chart (real office.js sets this at sync).
  const cell = (context["workbook"] as Record<string, Record<string, unknown>>)["activeCell"]!;
  (cell["spill"] as Record<string, unknown>)["isNullObject"] = true;
  excel["run"] = <T>(batch: (c: unknown) => Promise<T>) => batch(context);
  excel["CalculationType"] = { full: "Full" };
  office = new OfficeMockObject({
    context: {
      document: {
        settings: { set() {}, saveAsync() {} },
        customXmlParts: { addAsync() {} },
      },
    },
    HostType: { Excel: "Excel" },
    onReady: async () => ({ host: "Excel" }),
  }) as OfficeMockObject & Record<string, unknown>;
  instrument(excel, "Excel");
  instrument(office, "Office");
  const stored = new Map<string, string>();
  globals["Excel"] = excel;
  globals["Office"] = office;
  globals["OfficeRuntime"] = {
    storage: {
      getItem: async (key: string) => stored.get(key) ?? null,
      setItem: async (key: string, value: string) => {
        storageWrites.push(value);
        stored.set(key, value);
      },
      removeItem: async (key: string) => void stored.delete(key),
    },
  };
});

afterAll(async () => {
  delete globals["Excel"];
  delete globals["Office"];
  delete globals["OfficeRuntime"];
  await service.close();
});

it("keeps the API key out of every workbook API and every log", async () => {
  const logged: string[] = [];
  const consoleSpies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
  );
  const app = appContext();
  await app.settings.save({ baseUrl: service.url, apiKey: KEY, keyHeaderStyle: "x-api-key" });
  await app.refresh();
  const fix = await app.source.latest("RTM-NWE-A-1x3");
  const actions = excelWorkbookActions(NO_STARTUP, { timeoutMs: 0, clock: new InstantClock() }, (batch) =>
    Excel.run(batch),
  );
  await actions.insertLatest("RTM-NWE-A-1x3");
  await actions.insertAuditCard("RTM-NWE-A-1x3");
  await actions.insertHistory("RTM-NWE-A-1x3", "-3M");
  await actions.insertForward("RTM-NWE-A-1x3");
  await app.settings.clearKey();
  consoleSpies.forEach((spy) => spy.mockRestore());

  // Positive controls: the key was really used (the service saw the API-key tier) and really stored.
  expect(fix.data.symbol).toBe("RTM-NWE-A-1x3");
  expect(service.requests.some((r) => r.apiKeyTier === "api-key")).toBe(true);
  expect(storageWrites).toContain(KEY);
  expect(calls.some((c) => c.startsWith("Excel.context.workbook.getActiveCell"))).toBe(true);
  expect(calls.some((c) => c.startsWith("Excel.context.workbook.application.calculate"))).toBe(true);

  expect(calls.filter((c) => c.includes(KEY))).toEqual([]);
  expect(strings(excel).filter((s) => s.includes(KEY))).toEqual([]);
  expect(strings(office).filter((s) => s.includes(KEY))).toEqual([]);
  expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
});
