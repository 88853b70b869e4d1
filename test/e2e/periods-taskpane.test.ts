import type { Page } from "playwright-core";
import { configure, indexButton, startRig, type TaskpaneRig } from "./taskpane-page";

/** The taskpane's history chart switches between daily values and monthly averages with observed days. */
const FLAGSHIP = "RTM-NWE-A-1x3";
const monthlyChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} monthly averages chart` });
const dailyChart = (page: Page) => page.getByRole("figure", { name: `${FLAGSHIP} history chart` });

let rig: TaskpaneRig;
beforeAll(async () => {
  rig = await startRig();
}, 60_000);
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
  for (const line of lines) expect(line).toMatch(/^\d{4}-\d{2}: average \d+(\.\d+)?, \d+ observed days?( \(\d+ carried forward\))?$/);
  // A full month of the newer reference service has both fresh and carried-forward days.
  expect(lines.some((line) => /carried forward/.test(line))).toBe(true);

  await page.getByRole("tab", { name: "Daily" }).click();
  await dailyChart(page).locator("svg").first().waitFor();
  await expect(monthlyChart(page).count()).resolves.toBe(0);
  await page.close();
});
