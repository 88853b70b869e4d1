import { NO_STARTUP } from "../support/startup";
import { appContext } from "../../src/office/app-context/app-context";
import { excelWorkbookActions } from "../../src/office/workbook-actions";
import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { InstantClock } from "../support/fake-clock";
import { insertWorkbook } from "../support/office-fake/custom-function-answers";
import { FakeOfficeHost } from "../support/office-fake/office-host";

/**
 * The API key lives only in the add-in's storage (OfficeRuntime.storage). Excel and Office are the project's fake, and
 * every Office.js call the add-in makes in a batch is recorded on its way in (the object path, the arguments, each
 * property written). The whole settings flow, a refresh, data requests and every insert action run; then no recorded
 * call, nothing the workbook or the document holds, and no log line may contain the key.
 */
const KEY = DEMO_KEYS.apiKey;
const calls: string[] = [];

const show = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)));

/** The object a recording proxy stands for, so that the fake gets its own objects back as arguments. */
const unwrapped = new WeakMap<object, object>();

/** `node` with every method call and property write through it recorded under `path`, and so on down. */
function recording<T extends object>(node: T, path: string): T {
  const wrap = (value: unknown, at: string) =>
    typeof value === "object" && value !== null && !Array.isArray(value) && !("then" in value)
      ? recording(value, at)
      : value;
  const proxy = new Proxy(node, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof key !== "string") return value;
      if (typeof value !== "function") return wrap(value, `${path}.${key}`);
      return (...args: unknown[]) => {
        const call = `${path}.${key}(${args.map(show).join(", ")})`;
        calls.push(call);
        const inner = args.map((arg) => (typeof arg === "object" && arg !== null ? (unwrapped.get(arg) ?? arg) : arg));
        return wrap((value as (...a: unknown[]) => unknown).apply(target, inner), call);
      };
    },
    set(target, key, value: unknown) {
      calls.push(`${path}.${String(key)} = ${show(value)}`);
      return Reflect.set(target, key, value, target);
    },
  });
  unwrapped.set(proxy, node);
  return proxy;
}

/** Every string reachable from `node`, including the fake's stored (loaded or not) values. */
function strings(node: unknown, seen = new Set<unknown>()): string[] {
  if (typeof node === "string") return [node];
  if (typeof node !== "object" || node === null || seen.has(node)) return [];
  seen.add(node);
  const values = node instanceof Map ? [...node.keys(), ...node.values()] : Object.values(node as object);
  return values.flatMap((value) => strings(value, seen));
}

/** What the add-in keeps in OfficeRuntime.storage now. */
async function stored(office: FakeOfficeHost): Promise<(string | null)[]> {
  return Promise.all(office.storage.keys().map((key) => office.storage.getItem(key)));
}

let service: RunningReferenceService;
// The history and forward formulas settle on #N/A here: no spill, so no chart.
const book = insertWorkbook({ error: "#N/A" });
const office = new FakeOfficeHost({ workbook: book });

beforeAll(async () => {
  service = await startReferenceService({ port: 0 });
  office.install();
  // Every batch the add-in runs, through the Excel global, gets a recording context.
  const excel = (globalThis as unknown as { Excel: { run: (...args: unknown[]) => Promise<unknown> } }).Excel;
  const plain = excel.run;
  excel.run = (...args) =>
    plain(
      ...args.map((arg) =>
        typeof arg === "function"
          ? (context: object) => (arg as (c: object) => unknown)(recording(context, "context"))
          : arg,
      ),
    );
});

afterAll(async () => {
  FakeOfficeHost.uninstall();
  await service.close();
});

it("keeps the API key out of every workbook API and every log", async () => {
  const logged: string[] = [];
  const consoleSpies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
  );
  const app = appContext();
  await app.settings.save({ baseUrl: service.url, apiKey: KEY, keyHeaderStyle: "x-api-key" });
  const storedWithKey = await stored(office);
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
  expect(storedWithKey.some((value) => value?.includes(KEY))).toBe(true);
  expect((await stored(office)).some((value) => value?.includes(KEY))).toBe(false);
  expect(calls.some((c) => c.startsWith("context.workbook.getActiveCell()"))).toBe(true);
  expect(calls).toContain("context.workbook.application.calculate(Full)");
  expect(book.formulaAt("Sheet1!B2")).toContain("RTM-NWE-A-1x3");

  expect(calls.filter((c) => c.includes(KEY))).toEqual([]);
  expect(strings(book).filter((s) => s.includes(KEY))).toEqual([]);
  expect(strings(office.office).filter((s) => s.includes(KEY))).toEqual([]);
  expect(strings(office.documentSettings).filter((s) => s.includes(KEY))).toEqual([]);
  expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
});
