import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { artifactPath } from "../support/browser";
import { markupIndexes } from "../support/extra-indexes";
import {
  configure,
  indexButton,
  indexButtons,
  indexRow,
  indexRows,
  shownCount,
  startRig,
  type TaskpaneRig,
} from "./taskpane-page";

/** The taskpane in headless Chromium against the reference service: browse, search, filter, detail, layout. */
const MARKUP = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script>"];
const FLAGSHIP = "RTM-NWE-A-1x3";

const historyChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} history chart` });
const forwardChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} forward curve chart` });

let rig: TaskpaneRig;
beforeAll(async () => {
  rig = await startRig({
    testFaults: true,
    extraIndexes: markupIndexes(MARKUP, { hub: "ZZ", grade: "Z", leadTime: "9x9" }),
  });
});
afterAll(() => rig.stop());

it("carries a Content-Security-Policy that blocks connections to anything but its origin and the service", async () => {
  const { page } = await rig.open();
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toMatch(/connect-src 'self' https?:\/\/[^;\s]+;/);
  expect(policy).toMatch(/script-src 'self'[^;]*;/);
  expect(policy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  // The reference service itself is another origin (another port) than the page: the browser must refuse it.
  const direct = await page.evaluate(async (url) => {
    const violation = new Promise<string>((resolve) => {
      document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), {
        once: true,
      });
      setTimeout(() => resolve("no violation"), 3000);
    });
    const outcome = await fetch(`${url}/api/status`).then(
      () => "fetched",
      () => "failed",
    );
    return { outcome, directive: await violation };
  }, rig.service.url);
  expect(direct).toEqual({ outcome: "failed", directive: "connect-src" });
  await page.close();
});

it("searches and filters the catalogue, showing inactive and no-data indexes as such", async () => {
  const { page, errors } = await rig.open();
  await configure(page, rig.server.url);
  const rows = indexButtons(page);
  await rows.first().waitFor();
  const [shown, total] = await shownCount(page);
  expect(shown).toBe(total);
  expect(total).toBeGreaterThanOrEqual(8);

  await page.getByRole("searchbox").fill("grade b");
  await page
    .getByText(/Showing \d+ of/)
    .filter({ hasNotText: `Showing ${total} of` })
    .waitFor();
  const gradeB = await indexRows(page).allInnerTexts();
  expect(gradeB.length).toBeGreaterThan(0);
  expect(gradeB.length).toBeLessThan(total);
  for (const text of gradeB) expect(text.toLowerCase()).toContain("grade b");

  await page.getByRole("searchbox").fill("");
  await page.getByLabel("Status").selectOption("inactive");
  await page.getByText(`Showing 1 of ${total} indexes`).waitFor();
  await expect(indexRows(page).first().innerText()).resolves.toContain("Inactive");

  await page.getByLabel("Status").selectOption("any");
  await page.getByLabel("Hub").selectOption("NWE");
  // The list re-renders after the select: wait until no row of another hub is left, then read them.
  await indexRows(page).filter({ hasNotText: "NWE" }).first().waitFor({ state: "detached" });
  const nwe = await indexRows(page).allInnerTexts();
  expect(nwe.length).toBeGreaterThan(1);
  for (const text of nwe) expect(text).toContain("NWE");
  await page.getByLabel("Hub").selectOption("");
  await page.getByRole("searchbox").fill("RTM-CHN-A-1x3");
  await expect(indexRow(page, "RTM-CHN-A-1x3").innerText()).resolves.toContain("No data");
  await page.screenshot({ path: artifactPath("taskpane-catalogue.png"), fullPage: true });
  expect(errors.filter((e) => !e.startsWith("Failed to load resource") && !e.includes("telemetry"))).toEqual([]);
  await page.close();
});

it("renders markup and script from the service as inert text", async () => {
  const { page } = await rig.open();
  await configure(page, rig.server.url);
  await page.getByRole("searchbox").fill("ZZ");
  for (const description of MARKUP) await page.getByText(description, { exact: true }).waitFor();
  const injected = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    images: document.querySelectorAll("img").length,
    scripts: [...document.querySelectorAll("script")].filter((s) => s.textContent?.includes("__pwned")).length,
  }));
  expect(injected).toEqual({ pwned: null, images: 0, scripts: 0 });
  await page.screenshot({ path: artifactPath("taskpane-inert-markup.png"), fullPage: true });
  await page.close();
});

it("opens a detail with latest fix, coverage, charts, capacity and volatility; inserts are off outside Excel", async () => {
  const { page } = await rig.open();
  await configure(page, rig.server.url);
  await indexButton(page, FLAGSHIP).click();
  await expect(
    page.getByRole("heading", { name: FLAGSHIP, level: 2 }).evaluate((h) => h === document.activeElement),
  ).resolves.toBe(true);
  const fix = page.getByRole("definition").first();
  await fix.waitFor();
  await expect(page.getByRole("region", { name: "Latest fix" }).innerText()).resolves.toMatch(/USD\/kg/);
  await expect(page.getByRole("region", { name: "Data coverage" }).getByRole("definition").count()).resolves.toBe(6);
  await historyChart(page).locator("svg").first().waitFor();
  await forwardChart(page).locator("svg").first().waitFor();
  await expect(page.getByRole("region", { name: "Capacity" }).innerText()).resolves.toContain("Fill ratio");
  await expect(page.getByRole("region", { name: "Volatility" }).innerText()).resolves.toMatch(/\d+(\.\d+)?%/);
  // Newer description: the older-only window dates are absent, and say so rather than 0.
  await expect(page.getByRole("region", { name: "Volatility" }).innerText()).resolves.toContain(
    "Not sent by this service",
  );

  const before = await historyChart(page).locator("figcaption").innerText();
  await page.getByLabel("History range").selectOption("1Y");
  await historyChart(page).locator("figcaption").filter({ hasNotText: before }).waitFor();

  const insert = page.getByRole("button", { name: "Insert latest value" });
  await expect(insert.isDisabled()).resolves.toBe(true);
  await expect(page.getByRole("note").filter({ hasText: "Inserting into a workbook" }).innerText()).resolves.toContain(
    "needs Excel",
  );
  await page.screenshot({ path: artifactPath("taskpane-detail.png"), fullPage: true });

  await page.getByRole("button", { name: /Back to indexes/ }).click();
  await expect(indexButton(page, FLAGSHIP).evaluate((b) => b === document.activeElement)).resolves.toBe(true);
  await page.close();
});

it("shows the health banner with each reason in words and its code when degraded, and none when ok", async () => {
  rig.service.faults.setHealth("degraded");
  try {
    const { page } = await rig.open();
    await configure(page, rig.server.url);
    const banner = page.getByLabel("Benchmark health");
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain("Benchmark degraded");
    expect(text).toContain("(benchmark_flagship_flat_over_72h)");
    expect(text).toContain("has not moved for more than 72 hours");
    await page.screenshot({ path: artifactPath("taskpane-health-degraded.png") });
    rig.service.faults.setHealth("ok");
    const refreshed = page.getByText(/Last refreshed: \d\d:\d\d:\d\d/);
    const before = await refreshed.innerText();
    await page.waitForTimeout(1100); // the clock shows seconds: let it move
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await banner.waitFor({ state: "detached" });
    await page
      .getByText(/Last refreshed: \d\d:\d\d:\d\d/)
      .filter({ hasNotText: before })
      .waitFor();
    await page.close();
  } finally {
    rig.service.faults.setHealth("ok");
  }
});

it.each([320, 360, 480])("fits %i px wide without horizontal scrolling", async (width) => {
  const { page } = await rig.open(width, 800);
  await configure(page, rig.server.url);
  await indexButtons(page).first().waitFor();
  const catalogue = await page.evaluate(() => document.documentElement.scrollWidth);
  await indexButton(page, FLAGSHIP).click();
  await forwardChart(page).locator("svg").first().waitFor();
  const detail = await page.evaluate(() => document.documentElement.scrollWidth);
  expect({ catalogue, detail }).toEqual({ catalogue: width, detail: width });
  await page.screenshot({
    path: artifactPath(`taskpane-detail-${width}px.png`),
    fullPage: true,
  });
  await page.close();
});

it("takes the README screenshot at 360 x 800 (UPDATE_SCREENSHOTS=1 writes it to docs/screenshots)", async () => {
  const { page } = await rig.open(360, 800);
  await configure(page, rig.server.url);
  await page.getByRole("searchbox").fill("RTM");
  await indexButtons(page).first().waitFor();
  await page.getByText(/requests done/).waitFor({ state: "detached" });
  const png = await page.screenshot({ path: artifactPath("taskpane.png"), animations: "disabled" });
  // PNG IHDR: width and height are the big-endian words at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([360, 800]);
  if (process.env["UPDATE_SCREENSHOTS"] === "1") {
    const dir = resolve(__dirname, "..", "..", "docs", "screenshots");
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, "taskpane.png"), png);
  }
  await page.close();
});
