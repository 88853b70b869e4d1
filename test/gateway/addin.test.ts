import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { startGateway, type RunningGateway } from "../../gateway/src";
import { systemClock, type Clock } from "@index-data/wire/time";
import { launchChromium } from "../support/browser";
import { PREVIEW_DIST, evaluateInPreview } from "../support/served-pages";
import { startStaticServer, type StaticServer } from "../support/static-server";
import { makeDesk } from "./support/desk";
import { pollUntil } from "./support/poll";

/**
 * The add-in against the gateway: the built functions bundle (the formula preview) in Chromium, pointed at a
 * gateway with a desk token as its API key, shows the same cells as the same bundle pointed at the service.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const FORMULAS = [
  `=INDEX.LATEST("${FLAGSHIP}")`,
  `=INDEX.LATEST("${FLAGSHIP}", "confidence")`,
  `=INDEX.FIX("RTM-USG.B-2x4", TRUE)`,
  `=INDEX.HISTORY("${FLAGSHIP}", "2025-01-06", "2025-01-10")`,
  `=INDEX.HISTORY("RTM-MED-A-1x3", "2024-02-26", "2024-03-08", "daily", TRUE, "desc", "confidence", "status")`,
  `=INDEX.VOL("${FLAGSHIP}", 90)`,
  `=INDEX.FORWARD("${FLAGSHIP}")`,
  `=INDEX.CAPACITY("${FLAGSHIP}", "fillRatio")`,
  `=INDEX.LIST(TRUE, FALSE)`,
  `=INDEX.STATUS()`,
  `=INDEX.LATEST("RTM-NOPE-1x3")`,
] as const;
const desk = makeDesk(["trader"]);

/**
 * The gateway's clock: real timers, and a time shifted so that its counting window opens as the sheet goes through
 * it. A loaded machine then has a whole window (60 s) for a sheet of 11 cells before the counts start again.
 */
let shiftMs = 0;
/** The gateway's default window (the service's RATE_WINDOW_MS). */
const WINDOW_MS = 60_000;
const gatewayClock: Clock = { ...systemClock, now: () => Date.now() + shiftMs };
function openGatewayWindow(): void {
  const now = Date.now();
  shiftMs = WINDOW_MS - (now % WINDOW_MS);
}

let service: RunningReferenceService;
let gateway: RunningGateway;
let direct: StaticServer;
let viaGateway: StaticServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(PREVIEW_DIST, "preview.html")))
    throw new Error(`${join(PREVIEW_DIST, "preview.html")} is missing: run "npm run build:test" (npm test does it).`);
  service = await startReferenceService({ rateLimits: { anonymous: 100_000, "api-key": 100_000 } });
  gateway = await startGateway({
    upstream: service.url,
    upstreamKey: DEMO_KEYS.apiKey,
    tokens: () => desk.entries,
    clock: gatewayClock,
  });
  // Each page reaches its service through its own origin's /api, as the add-in's pages do in development.
  [direct, viaGateway, browser] = await Promise.all([
    startStaticServer({ root: PREVIEW_DIST, proxyApiTo: service.url }),
    startStaticServer({ root: PREVIEW_DIST, proxyApiTo: gateway.url }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([direct?.close(), viaGateway?.close()]);
  await gateway?.close();
  await service?.close();
});

async function openPreview(server: StaticServer, apiKey?: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${server.url}/preview.html?service=${encodeURIComponent(server.url)}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
  if (apiKey !== undefined) {
    await page.click("details.settings > summary");
    await page.fill("#api-key", apiKey);
    await page.click("#save-key");
    await page.waitForFunction(
      () => document.getElementById("key-status")?.textContent?.startsWith("Key saved") === true,
    );
  }
  return page;
}

/** Every line's cells as shown (text), or its error code and message; not when this page fetched (INDEX.FIX's fetchedAt). */
async function cells(page: Page): Promise<string[][][]> {
  await evaluateInPreview(page, FORMULAS);
  return page.$$eval("#results .result", (lines) =>
    lines.map((line) => {
      const error = line.querySelector(".error");
      if (error !== null)
        return [[error.querySelector(".code")?.textContent ?? "", error.querySelector(".message")?.textContent ?? ""]];
      const rows = [...line.querySelectorAll("tr")].map((row) =>
        [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""),
      );
      return rows.filter((row) => row[0] !== "fetchedAt");
    }),
  );
}

test("a sheet through the gateway shows exactly the cells it shows against the service", async () => {
  const expected = await cells(await openPreview(direct));
  service.resetRequestLog();
  openGatewayWindow();
  const page = await openPreview(viaGateway, desk.tokens["trader"]);
  const shown = await cells(page);
  expect(shown).toEqual(expected);
  expect(expected[3]?.map((row) => row[1])).toEqual(["1.8459", "1.838", "1.8607", "1.8256", "1.8542"]);
  expect(expected[10]?.[0]?.[0]).toBe("#N/A");
  // It went through the gateway: every request reached the service with the gateway's key, none with the token.
  expect(service.requests.length).toBeGreaterThan(0);
  expect(service.requests.every((r) => r.apiKeyTier === "api-key")).toBe(true);
  // The counts reach the store in batches and health reads them at most once a second: wait for them, not a time.
  const counted = async () =>
    (
      (await (
        await fetch(`${gateway.url}/gateway/health`, { headers: { "x-api-key": desk.tokens["trader"] ?? "" } })
      ).json()) as { requestsByUser: Record<string, number> }
    ).requestsByUser["trader"] ?? 0;
  await pollUntil("the trader's requests counted", async () => (await counted()) >= service.requests.length);
  expect(await counted()).toBeGreaterThanOrEqual(service.requests.length);
});

test("the add-in with a wrong desk token shows the gateway's 401 in words, and nothing reaches the service", async () => {
  service.resetRequestLog();
  const page = await openPreview(viaGateway, "idg_wrong-token");
  await evaluateInPreview(page, [`=INDEX.LATEST("${FLAGSHIP}")`]);
  const error = await page.$eval("#results .result .error", (node) => ({
    code: node.querySelector(".code")?.textContent,
    message: node.querySelector(".message")?.textContent,
  }));
  expect(error).toEqual({
    code: "#VALUE!",
    message:
      "Unknown desk token. Check the API key in Settings; the desk's administrator can issue a new token. " +
      "The API key was refused: check it in the taskpane settings, or clear it to use the anonymous tier.",
  });
  expect(service.requests).toEqual([]);
});
