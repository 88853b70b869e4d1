import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { installCustomFunctionsStandIn } from "../../src/preview/custom-functions-stand-in";
import { PREVIEW_TEXT } from "../../src/formulas";
import { LATEST_FIELD_NAMES } from "../../src/formulas/index-functions/latest";

/**
 * Excel evaluates a formula while it is typed (invocation.isInValuePreview, CustomFunctionsRuntime 1.5).
 * Those previews answer only from what the cache holds for that exact resource, or show PREVIEW_TEXT; they never
 * reach the service, whatever else the cache holds (the catalogue, other symbols).
 */
const SYMBOL = "RTM-USG.B-2x4";
/** What a trader types on the way to a symbol; the last is well-formed but names no index. */
const TYPED = ["R", "RTM", "RTM-US", "RTM-USG-C", "RTM-USG.B-2x"];

type Functions = import("../../src/functions/bindings").BoundFunctions;

let service: RunningReferenceService;
let f: Functions;

beforeAll(async () => {
  installCustomFunctionsStandIn(globalThis as unknown as Record<string, unknown>);
  const { bindFunctions } = await import("../../src/functions/bindings");
  const { CellEvaluator } = await import("../../src/functions/cell-evaluator");
  const { appContext } = await import("../../src/office/app-context/app-context");
  f = bindFunctions(new CellEvaluator(appContext));
  service = await startReferenceService({ rateLimits: { anonymous: 100_000 } });
  await appContext().settings.save({ baseUrl: service.url });
});

afterAll(async () => {
  await service.close();
});

/** What a cell shows: the value, or the error code and message it was rejected with. */
function shown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: { code?: string; message?: string }) => `${error.code ?? "?"} ${error.message ?? ""}`,
  );
}

/** A spill of one cell is what that cell shows. */
function onlyCell(cell: unknown): unknown {
  return Array.isArray(cell) && cell.length === 1 && Array.isArray(cell[0]) && cell[0].length === 1
    ? (cell[0] as unknown[])[0]
    : cell;
}

function preview(): CustomFunctions.Invocation {
  return { address: "Sheet1!B2", isInValuePreview: true } as unknown as CustomFunctions.Invocation;
}

const entered = { address: "Sheet1!B2", isInValuePreview: false } as unknown as CustomFunctions.Invocation;

/** INDEX.LIVE previewed: what it shows first, and whether it went on watching (it must not). */
function livePreview(symbol: string, field: string): Promise<unknown> {
  return new Promise((resolve) => {
    const invocation = {
      ...preview(),
      setResult: (value: unknown) =>
        resolve(value instanceof Error ? `${(value as { code?: string }).code ?? "?"} ${value.message}` : value),
    } as unknown as Parameters<Functions["LIVE"]>[3];
    f.LIVE(symbol, field, 30, invocation);
  });
}

/** Every INDEX function, as typed with `symbol` in its symbol argument (the others need none). */
function everyFunction(symbol: string): Array<[string, () => Promise<unknown>]> {
  const p = preview();
  return [
    ["LIST", () => f.LIST(true, true, p)],
    ...LATEST_FIELD_NAMES.map((field): [string, () => Promise<unknown>] => [
      `LATEST(${field})`,
      () => f.LATEST(symbol, field, p),
    ]),
    ["FIX", () => f.FIX(symbol, false, p)],
    ["HISTORY", () => f.HISTORY(symbol, "2025-01-06", "2025-01-10", "daily", false, "asc", [], p)],
    ["HISTORY open-ended", () => f.HISTORY(symbol, "-30D", "", "", false, "", [], p)],
    ["PANEL", () => f.PANEL([[symbol], ["RTM-NWE-A-1x3"]], "2025-01-06", "2025-01-10", "blank", true, "", "", p)],
    ["PANEL by period", () => f.PANEL([[symbol]], "2025-01-01", "2025-03-31", "blank", true, "monthly", "avg", p)],
    ["PERIODS", () => f.PERIODS(symbol, "2025-01-01", "2025-06-30", "monthly", "avg,observed", true, p)],
    ["VOL", () => f.VOL(symbol, 30, p)],
    ["FORWARD", () => f.FORWARD(symbol, true, null, p)],
    ["FORWARD tenor", () => f.FORWARD(symbol, null, "3M", p)],
    ["CHANGE", () => f.CHANGE(symbol, "1M", "pct", true, p)],
    ["CAPACITY", () => f.CAPACITY(symbol, "fillRatio", p)],
    ["CARD", () => f.CARD(symbol, [[""]], p)],
    ["HEALTH", () => f.HEALTH("status", p)],
    ["STATUS", () => f.STATUS(p)],
    ["METHODOLOGY", () => f.METHODOLOGY("version", p)],
    ["LIVE", () => livePreview(symbol, "value")],
  ];
}

describe("a value preview never spends the budget", () => {
  test("every INDEX function previewed with partial symbols while the catalogue is fresh sends 0 requests", async () => {
    // The workbook has loaded the catalogue (an INDEX.LIST cell) and one index's figures, as a sheet in use has.
    expect(Array.isArray(await shown(f.LIST(false, true, entered)))).toBe(true);
    expect(typeof (await shown(f.LATEST(SYMBOL, "confidence", entered)))).toBe("number");
    service.resetRequestLog();
    const unexpected: string[] = [];
    for (const typed of TYPED) {
      for (const [name, call] of everyFunction(typed)) {
        const cell = onlyCell(await shown(call()));
        // The symbol rule turns a fragment away (#VALUE!, no request), or the preview text shows; LIST answers
        // from the catalogue the cache holds.
        const ok =
          name === "LIST"
            ? Array.isArray(cell) && cell.length > 2
            : cell === PREVIEW_TEXT || String(cell).startsWith("#VALUE! ");
        if (!ok) unexpected.push(`${name} "${typed}": ${JSON.stringify(cell)}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(service.requests.map((r) => r.path)).toEqual([]);
  });

  test("a preview of a formula whose exact resource is cached shows the value, without a request", async () => {
    const enteredValue = await shown(f.LATEST(SYMBOL, "confidence", entered));
    const enteredHistory = await shown(
      f.HISTORY(SYMBOL, "2025-01-06", "2025-01-10", "daily", false, "asc", [], entered),
    );
    service.resetRequestLog();
    expect(await shown(f.LATEST(SYMBOL, "confidence", preview()))).toBe(enteredValue);
    expect(await shown(f.HISTORY(SYMBOL, "2025-01-07", "2025-01-09", "daily", false, "asc", [], preview()))).toEqual(
      (enteredHistory as unknown[][]).slice(1, 4),
    );
    // The value alone comes from the cached fix or the catalogue's row for that symbol.
    expect(await shown(f.LATEST(SYMBOL, "value", preview()))).toEqual(expect.any(Number));
    expect(await livePreview(SYMBOL, "confidence")).toBe(enteredValue);
    expect(service.requests).toHaveLength(0);
  });

  test("a well-formed symbol that is not cached shows the preview text; entered, it is fetched as ever", async () => {
    service.resetRequestLog();
    expect(await shown(f.VOL("RTM-NWE-A-1x3", 30, preview()))).toBe(PREVIEW_TEXT);
    expect(service.requests).toHaveLength(0);
    expect(typeof (await shown(f.VOL("RTM-NWE-A-1x3", 30, entered)))).toBe("number");
    expect(service.requests.map((r) => r.path)).toEqual(["/api/v1/index/RTM-NWE-A-1x3/volatility?windowDays=30"]);
  });
});
