import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { installRuntimeStandIn } from "../../src/preview/runtime-stand-in";
import { PREVIEW_TEXT } from "../../src/functions/runtime";

/**
 * Excel evaluates a formula while it is typed (invocation.isInValuePreview, CustomFunctionsRuntime 1.5).
 * Those previews answer from the cache or show PREVIEW_TEXT; they never reach the service.
 */
const SYMBOL = "RTM-USG.B-2x4";
const TYPED = ["R", "RTM", "RTM-US", "RTM-USG.B", "RTM-USG.B-2x"];

let service: RunningReferenceService;
let latest: typeof import("../../src/functions/catalogue.functions").latest;
let vol: typeof import("../../src/functions/analytics.functions").vol;

beforeAll(async () => {
  installRuntimeStandIn(globalThis as unknown as Record<string, unknown>);
  ({ latest } = await import("../../src/functions/catalogue.functions"));
  ({ vol } = await import("../../src/functions/analytics.functions"));
  service = await startReferenceService({ rateLimits: { anonymous: 100_000 } });
  const { getContext } = await import("../../src/office/context");
  await getContext().settings.save({ baseUrl: service.url });
}, 30_000);

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

function preview(): CustomFunctions.Invocation {
  return { address: "Sheet1!B2", isInValuePreview: true } as unknown as CustomFunctions.Invocation;
}

const entered = { address: "Sheet1!B2", isInValuePreview: false } as unknown as CustomFunctions.Invocation;

function latestPaths(): string[] {
  return service.requests.map((r) => r.path).filter((path) => path.startsWith("/api/v1/index"));
}

test("previewing five partial symbols sends no request; entering the formula sends one", async () => {
  service.resetRequestLog();
  for (const typed of TYPED) {
    const cell = await shown(latest(typed, "confidence", preview()));
    // Either the symbol rule turns the fragment away (#VALUE!, no request) or the preview text shows.
    expect(cell === PREVIEW_TEXT || String(cell).startsWith("#VALUE!")).toBe(true);
  }
  expect(service.requests).toHaveLength(0);

  const value = await shown(latest(SYMBOL, "confidence", entered));
  expect(typeof value).toBe("number");
  expect(latestPaths()).toEqual([`/api/v1/index/${SYMBOL}/latest`]);
});

test("a preview of a formula whose resource is cached shows the value, without a request", async () => {
  const enteredValue = await shown(latest(SYMBOL, "confidence", entered));
  service.resetRequestLog();
  expect(await shown(latest(SYMBOL, "confidence", preview()))).toBe(enteredValue);
  expect(service.requests).toHaveLength(0);
});

test("a well-formed symbol that is not cached shows the preview text, not a fetched value", async () => {
  service.resetRequestLog();
  expect(await shown(vol("RTM-NWE-A-1x3", 30, preview()))).toBe(PREVIEW_TEXT);
  expect(service.requests).toHaveLength(0);
  // Entered for real, the same formula is fetched as ever.
  expect(typeof (await shown(vol("RTM-NWE-A-1x3", 30, entered)))).toBe("number");
  expect(service.requests.map((r) => r.path)).toEqual(["/api/v1/index/RTM-NWE-A-1x3/volatility?windowDays=30"]);
});
