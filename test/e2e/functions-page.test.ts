import { IndexDataClient } from "../../src/client";
import { launchChromium } from "../support/browser";
import { openFunctionsPage } from "../support/functions-page";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { startStaticServer, type StaticServer } from "../support/static-server";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import type { Browser } from "playwright-core";

/**
 * The rig the desk and cold-open benchmarks stand on: the built shared runtime page evaluates INDEX cells through
 * its registered functions, against the service its seeded settings name, and shows what the client shows.
 */
let service: RunningReferenceService;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  service = await startReferenceService();
  server = await startStaticServer({ root: BUILD_UNDER_TEST, proxyApiTo: service.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await service?.close();
});

test("cells evaluated in the built page show the service's figures, and every request went to the service", async () => {
  const page = await openFunctionsPage(browser, { pageOrigin: server.url });
  service.resetRequestLog();
  const symbol = "RTM-NWE-A-1x3";
  const { outcomes } = await page.evaluate([
    { fn: "VOL", args: [symbol, 90] },
    { fn: "LATEST", args: [symbol, "confidence"] },
    { fn: "LATEST", args: ["RTM-NOPE-1x3", null] },
  ]);
  const client = new IndexDataClient({ baseUrl: service.url });
  const [vol, fix] = await Promise.all([client.volatility(symbol, 90), client.latest(symbol)]);
  expect(outcomes[0]).toEqual({ value: vol.annualizedVol });
  expect(outcomes[1]).toEqual({ value: fix.confidence });
  expect(outcomes[2]).toEqual({ error: { code: "#N/A", message: expect.stringContaining("RTM-NOPE-1x3") } });
  expect(service.requests.map((r) => r.path)).toEqual(
    expect.arrayContaining([`/api/v1/index/${symbol}/volatility?windowDays=90`, `/api/v1/index/${symbol}/latest`]),
  );
  await page.close();
});

test("with its pane closed the runtime page is hidden and loads no pane UI; open, it does", async () => {
  /** The pane's UI chunk, fetched by the page (it is asked for at start-up when the page is visible). */
  const paneLoaded = (page: Awaited<ReturnType<typeof openFunctionsPage>>) =>
    page.page.evaluate(() =>
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("taskpane-ui")),
    );
  const closed = await openFunctionsPage(browser, { pageOrigin: server.url, paneClosed: true });
  expect(await closed.page.evaluate(() => document.visibilityState)).toBe("hidden");
  expect(await paneLoaded(closed)).toBe(false);
  await closed.close();
  const open = await openFunctionsPage(browser, { pageOrigin: server.url });
  await open.page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.includes("taskpane-ui")),
  );
  expect(await paneLoaded(open)).toBe(true);
  await open.close();
});
