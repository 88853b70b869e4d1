import { IndexDataClient } from "../../src/client/client";
import { evaluateInPreview, PREVIEW_DIST, useServedPages } from "../support/served-pages";

/**
 * Numbers from arithmetic (INDEX.PERIODS's averages and changes) in the formula preview: shown as Excel shows
 * them, without float noise, while each cell keeps the full value.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const rig = useServedPages(PREVIEW_DIST, { flavor: "newer", rateLimits: { anonymous: 100_000 } });

it("shows INDEX.PERIODS's changes without float noise and keeps the full value in the cell", async () => {
  const page = await rig.browser.newPage();
  await page.goto(`${rig.server.url}/preview.html?service=${encodeURIComponent(rig.server.url)}`);
  await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
  await evaluateInPreview(page, [
    `=INDEX.PERIODS("${FLAGSHIP}", "2025-01-01", "2025-06-30", "monthly", "first,last,change")`,
  ]);
  const cells = await page.$$eval("#results .result td.number", (tds) =>
    tds.map((td) => ({ text: td.textContent ?? "", value: Number(td.dataset["value"]) })),
  );

  // The fault: the service's values have 4 decimals, and some differences of them carry float noise.
  const values = (
    await new IndexDataClient({ baseUrl: rig.service.url }).history(FLAGSHIP, {
      startDate: "2025-01-01",
      endDate: "2025-06-30",
    })
  ).values;
  expect(values.every((point) => Number(point.value.toFixed(4)) === point.value)).toBe(true);
  expect(cells.some((cell) => String(cell.value).length > 12)).toBe(true);
  // Shown to 12 significant digits; each first, last and change of 4-decimal prices reads with 4 decimals at most.
  for (const cell of cells) expect(cell.text).toBe(String(Number(cell.value.toPrecision(12))));
  expect(cells.every((cell) => !/\.\d{5,}/.test(cell.text))).toBe(true);
  await page.close();
});
