import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { isoToSerial } from "../../src/formulas/dates";
import { launchChromium } from "../support/browser";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { evaluateInPreview } from "../support/served-pages";
import { EXPECTED_LIST_HEADER } from "../support/list-header";
import { startStaticServer, type StaticServer } from "../support/static-server";

/**
 * The formula preview, end to end: the built bundle (preview.html, functions.json, functions.js) in
 * headless Chromium against the reference service, every INDEX function typed into the page.
 */
const DIST = BUILD_UNDER_TEST;
const FLAGSHIP = "RTM-NWE-A-1x3";

interface RenderedCell {
  readonly kind: string;
  readonly text: string;
  readonly value?: number;
  readonly message?: string;
}
interface Rendered {
  readonly state: string;
  readonly code: string | undefined;
  readonly message: string | undefined;
  readonly raw: boolean;
  readonly cells: RenderedCell[][];
}

const FORMULAS = [
  `=INDEX.LIST()`,
  `=INDEX.LIST(TRUE, FALSE)`,
  `=INDEX.LATEST("${FLAGSHIP}")`,
  `=INDEX.LATEST("${FLAGSHIP}", "asOf")`,
  `=INDEX.LATEST("RTM-NOPE-1x3")`,
  `=INDEX.FIX("${FLAGSHIP}", TRUE)`,
  `=INDEX.HISTORY("${FLAGSHIP}", "2024-01-01", "2024-03-31", "weekly", TRUE, "desc", "confidence", "status")`,
  `=INDEX.HISTORY("${FLAGSHIP}", DATE(2024,2,26), DATE(2024,3,1))`,
  `=INDEX.PANEL({"${FLAGSHIP}";"RTM-IND-B-2x4"}, "-60D", , "na")`,
  `=INDEX.VOL("${FLAGSHIP}", 90)`,
  `=INDEX.VOL("${FLAGSHIP}", 1)`,
  `=INDEX.FORWARD("${FLAGSHIP}")`,
  `=INDEX.CAPACITY("${FLAGSHIP}", "fillRatio")`,
  `=INDEX.CAPACITY("${FLAGSHIP}")`,
  `=INDEX.HEALTH()`,
  `=INDEX.STATUS()`,
  `=INDEX.METHODOLOGY()`,
  `=INDEX.LIVE("${FLAGSHIP}")`,
] as const;

async function evaluateAll(page: Page, formulas: readonly string[]): Promise<Rendered[]> {
  await evaluateInPreview(page, formulas);
  return page.$$eval("#results .result", (sections) =>
    sections.map((section) => ({
      state: section.getAttribute("data-state") ?? "",
      code: section.querySelector(".error .code")?.textContent ?? undefined,
      message: section.querySelector(".error .message")?.textContent ?? undefined,
      raw: section.querySelector(".error.raw") !== null,
      cells: [...section.querySelectorAll("tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => ({
          kind: td.getAttribute("data-kind") ?? "",
          text: td.textContent ?? "",
          ...(td.getAttribute("data-value") !== null ? { value: Number(td.getAttribute("data-value")) } : {}),
          ...(td.getAttribute("data-message") !== null ? { message: td.getAttribute("data-message") ?? "" } : {}),
        })),
      ),
    })),
  );
}

describe("formula preview in Chromium (built bundle)", () => {
  let service: Awaited<ReturnType<typeof startReferenceService>>;
  let server: StaticServer;
  let browser: Browser;
  let client: IndexDataClient;

  beforeAll(async () => {
    if (!existsSync(join(DIST, "preview.html")) || !existsSync(join(DIST, "functions.json"))) {
      throw new Error(
        `${join(DIST, "preview.html")} or functions.json is missing: run "npm run build:test" (jest's globalSetup does it).`,
      );
    }
    service = await startReferenceService({ flavor: "newer", rateLimits: { anonymous: 100_000 }, testFaults: true });
    server = await startStaticServer({ root: DIST, proxyApiTo: service.url });
    browser = await launchChromium();
    client = new IndexDataClient({ baseUrl: service.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await service?.close();
  });

  async function openPreview(query: string): Promise<Page> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${server.url}/preview.html?service=${encodeURIComponent(server.url)}${query}`);
    await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
    expect(await page.getAttribute("body", "data-ready")).toBe("true");
    expect(problems).toEqual([]);
    return page;
  }

  it("evaluates every INDEX function through the real bundle and renders its result", async () => {
    const page = await openPreview("");
    expect(await page.textContent("#service")).toContain(`Service: ${server.url}`);
    const results = await evaluateAll(page, FORMULAS);
    const [
      list,
      activeList,
      latest,
      asOf,
      unknown,
      fix,
      weekly,
      daily,
      panel,
      vol,
      badVol,
      forward,
      fill,
      capacity,
      health,
      status,
      methodology,
      live,
    ] = results;
    expect(results.filter((r) => r.raw)).toEqual([]);

    const catalogue = await client.listIndexes();
    expect(list?.cells[0]?.map((c) => c.text)).toEqual(EXPECTED_LIST_HEADER);
    expect(list?.cells.slice(1).map((row) => row[0]?.text)).toEqual(catalogue.map((entry) => entry.symbol));
    expect(activeList?.cells.length).toBe(catalogue.filter((entry) => entry.isActive).length);

    const latestFix = await client.latest(FLAGSHIP);
    expect(latest?.cells).toEqual([[{ kind: "number", text: String(latestFix.value), value: latestFix.value }]]);
    expect(asOf?.cells[0]?.[0]).toMatchObject({ kind: "date", value: isoToSerial(latestFix.asOf) });
    expect(unknown).toMatchObject({
      state: "error",
      code: "#N/A",
      message: expect.stringMatching(/unknown index 'RTM-NOPE-1x3'/),
    });
    expect(fix?.cells[0]?.map((c) => c.text)).toEqual(["field", "value"]);
    expect(fix?.cells.find((row) => row[0]?.text === "confidence")?.[1]?.value).toBe(latestFix.confidence);

    const weeklyHistory = await client.history(FLAGSHIP, { startDate: "2024-01-01", endDate: "2024-03-31" });
    expect(weekly?.cells[0]?.map((c) => c.text)).toEqual(["date", "value", "confidence", "status"]);
    const weeklyDates = weekly?.cells.slice(1).map((row) => row[0]?.text) ?? [];
    expect(weeklyDates.length).toBeGreaterThanOrEqual(12);
    expect([...weeklyDates].sort().reverse()).toEqual(weeklyDates);
    for (const row of weekly?.cells.slice(1) ?? []) {
      const point = weeklyHistory.values.find((p) => p.date.startsWith(row[0]?.text ?? "?"));
      expect(row[1]?.value).toBe(point?.value);
    }
    expect(daily?.cells.map((row) => row[0]?.text)).toEqual([
      "2024-02-26",
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);

    expect(panel?.cells[0]?.map((c) => c.text)).toEqual(["date", FLAGSHIP, "RTM-IND-B-2x4"]);
    expect(panel?.cells.slice(1).some((row) => row[2]?.kind === "error" && row[2].text === "#N/A")).toBe(true);

    expect(vol?.cells[0]?.[0]?.value).toBe((await client.volatility(FLAGSHIP, 90)).annualizedVol);
    expect(badVol).toMatchObject({ state: "error", code: "#VALUE!", message: expect.stringMatching(/^windowDays: /) });

    const curve = await client.forward(FLAGSHIP);
    expect(forward?.cells.slice(1).map((row) => row.map((c) => c.text))).toEqual(
      curve.curve.map((p) => [String(p.tenorMonths), p.tenorLabel, String(p.forwardPrice), String(p.spreadBps)]),
    );
    const capacityRecord = await client.capacity(FLAGSHIP);
    expect(fill?.cells[0]?.[0]?.value).toBe(capacityRecord.fillRatio);
    expect(capacity?.cells.find((row) => row[0]?.text === "bookedKg")?.[1]?.value).toBe(capacityRecord.bookedKg);

    expect(health?.cells[0]?.[0]?.text).toBe((await client.benchmarkHealth()).benchmarkStatus);
    expect(status?.cells[0]?.[0]?.text).toBe((await client.systemStatus()).status);
    expect(methodology?.cells[0]?.[0]?.text).toBe(latestFix.methodologyVersion);
    expect(live?.cells[0]?.[0]).toMatchObject({ kind: "number", value: latestFix.value });
    await page.close();
  });

  it("shows dates as plain serials where the host lacks formatted numbers (?dates=serial)", async () => {
    const page = await openPreview("&dates=serial");
    const [asOf, history] = await evaluateAll(page, [
      `=INDEX.LATEST("${FLAGSHIP}", "asOf")`,
      `=INDEX.HISTORY("${FLAGSHIP}", "2024-02-29", "2024-02-29")`,
    ]);
    const latestFix = await client.latest(FLAGSHIP);
    expect(asOf?.cells[0]?.[0]).toMatchObject({ kind: "number", value: isoToSerial(latestFix.asOf) });
    expect(history?.cells[0]?.[0]).toMatchObject({ kind: "number", value: isoToSerial("2024-02-29") });
    await page.close();
  });

  it("streams INDEX.LIVE through setResult, pushes a newly published fix, and Stop cancels it", async () => {
    const page = await openPreview("");
    const [live] = await evaluateAll(page, [`=INDEX.LIVE("${FLAGSHIP}", "value", 1)`]);
    const before = (await client.latest(FLAGSHIP)).value;
    expect(live?.cells[0]?.[0]).toMatchObject({ kind: "number", value: before });
    const published = Math.round((before + 0.5) * 10_000) / 10_000;
    service.faults.publishFix(FLAGSHIP, published);
    await page.waitForFunction(
      (value) => document.querySelector("#results .result td")?.getAttribute("data-value") === String(value),
      published,
      { timeout: 30_000 },
    );
    expect(await page.isVisible("#results .result .stop")).toBe(true);
    await page.click("#results .result .stop");
    const updates = await page.getAttribute("#results .result", "data-updates");
    service.faults.publishFix(FLAGSHIP, 2.75);
    await page.waitForTimeout(3_000);
    expect(await page.getAttribute("#results .result", "data-updates")).toBe(updates);
    service.faults.reset();
    await page.close();
  });

  it("Refresh fetches a newly published fix that plain re-evaluation keeps cached, without refetching past history", async () => {
    const page = await openPreview("");
    const formulas = [`=INDEX.LATEST("${FLAGSHIP}")`, `=INDEX.HISTORY("${FLAGSHIP}", "2025-01-06", "2025-01-31")`];
    const [before, history] = await evaluateAll(page, formulas);
    const shown = before?.cells[0]?.[0]?.value;
    expect(shown).toBe((await client.latest(FLAGSHIP)).value);
    expect(history?.cells.length).toBeGreaterThan(10);
    const historyRequests = () =>
      service.requests.filter((r) => r.path.startsWith(`/api/v1/index/${FLAGSHIP}/history`)).length;
    const historyBefore = historyRequests();

    const published = Math.round(((shown ?? 0) + 0.25) * 10_000) / 10_000;
    service.faults.publishFix(FLAGSHIP, published);
    // Evaluating again is a recalculation within the time-to-live: the cached fix answers.
    const [cached] = await evaluateAll(page, formulas);
    expect(cached?.cells[0]?.[0]?.value).toBe(shown);

    await page.click("#refresh");
    await page.waitForFunction(
      (value) => document.querySelector("#results .result td")?.getAttribute("data-value") === String(value),
      published,
      { timeout: 30_000 },
    );
    await page.waitForFunction(() => document.querySelectorAll("#results .result[data-state='busy']").length === 0);
    expect(await page.textContent("#freshness")).toMatch(/^Last refreshed /);
    // Past history survives a refresh: the same spill, and no new request for it.
    const historyShown = await page.$$eval("#results .result:nth-of-type(2) td", (cells) =>
      cells.map((td) => td.textContent),
    );
    expect(historyShown).toEqual(history?.cells.flat().map((cell) => cell.text));
    expect(historyRequests()).toBe(historyBefore);
    service.faults.reset();
    await page.close();
  });

  it("reports formula mistakes the way Excel would, without running anything", async () => {
    const page = await openPreview("");
    const results = await evaluateAll(page, [
      `=INDEX.NOPE()`,
      `=INDEX.LATEST(`,
      `=INDEX.LATEST()`,
      `=INDEX.VOL("${FLAGSHIP}", "abc")`,
    ]);
    expect(results.map((r) => r.code)).toEqual(["#NAME?", "#NAME?", "#VALUE!", "#VALUE!"]);
    expect(results.every((r) => (r.message ?? "").length > 5 && !r.raw)).toBe(true);
    await page.close();
  });
});
