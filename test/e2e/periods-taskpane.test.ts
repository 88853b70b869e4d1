import type { Page } from "playwright-core";
import { artifactPath } from "../support/browser";
import { configure, indexButton, startRig, type TaskpaneRig } from "./taskpane-page";

/** The taskpane's history chart switches between daily values and monthly averages with observed days. */
const FLAGSHIP = "RTM-NWE-A-1x3";
const monthlyChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} monthly averages chart` });
const dailyChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} history chart` });

let rig: TaskpaneRig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.stop());

it("switches the history chart to monthly averages, each month saying how many days were observed, and back", async () => {
  const { page } = await rig.open();
  await configure(page, rig.server.url);
  await indexButton(page, FLAGSHIP).click();
  await dailyChart(page).locator("svg").first().waitFor();

  await page.getByRole("tab", { name: "Monthly averages" }).click();
  await monthlyChart(page).locator("svg").first().waitFor();
  await expect(dailyChart(page).count()).resolves.toBe(0);
  const lines = await monthlyChart(page).locator("figcaption li").allInnerTexts();
  // The default range is 3 months up to today: 3 or 4 calendar months, each with its observed days.
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(lines.length).toBeLessThanOrEqual(4);
  for (const line of lines)
    expect(line).toMatch(/^\d{4}-\d{2}: average \d+(\.\d+)?, \d+ observed days?( \(\d+ carried forward\))?$/);
  // A full month of the newer reference service has both fresh and carried-forward days.
  expect(lines.some((line) => /carried forward/.test(line))).toBe(true);

  // The value axis hugs the averages (not from 0), and its top label is inside the drawing.
  const svg = monthlyChart(page).locator("svg").first();
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  const ticks = await svg
    .locator("text")
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ text: node.textContent ?? "", top: node.getBoundingClientRect().top })),
    );
  const values = ticks.map((tick) => Number(tick.text)).filter((n) => Number.isFinite(n) && n > 0 && n < 100);
  expect(values.length).toBeGreaterThan(1);
  expect(Math.min(...values)).toBeGreaterThan(1);
  expect(ticks.every((tick) => box !== null && tick.top >= box.y)).toBe(true);
  // Each point's tooltip says the days actually fixed, as its caption line does.
  if (box === null) throw new Error("the monthly chart has no drawing");
  // The chart answers a pointer over its line: the segment from a month's point towards the next.
  const first = lines[0] ?? "";
  await expect(page.getByText(first, { exact: true }).count()).resolves.toBe(1); // the caption's line
  await svg.locator('[id^="lineID"]').first().hover({ force: true });
  // Hovered, the first month's tooltip says the same sentence, its observed days with it.
  await page.getByText(first, { exact: true }).nth(1).waitFor();
  await page.screenshot({ path: artifactPath("taskpane-monthly-chart.png"), fullPage: true });

  await page.getByRole("tab", { name: "Daily" }).click();
  await dailyChart(page).locator("svg").first().waitFor();
  await expect(monthlyChart(page).count()).resolves.toBe(0);
  await page.close();
});
