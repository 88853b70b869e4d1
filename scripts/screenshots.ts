// npm run screenshots — the README's pictures, taken from the real pages: the built test bundle (npm run build:test;
// this script builds nothing) in headless Chromium (test/support/browser.ts: CHROMIUM_PATH or Debian's), against the
// reference service on a fixed Sunday, so the pictures come out the same each time. Writes docs/screenshots/*.png:
// the pane, the Sheets tab (watch list, the builder and its column picker), a pricing sheet the builder wrote (its red
// and green changes), a card and an Index entity in the preview.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { configure, startRig } from "../test/e2e/taskpane-page";
import { BUILD_UNDER_TEST } from "../test/support/build-under-test";
import { evaluateInPreview } from "../test/support/served-pages";
import { pricingSheetPicture } from "./screenshots/pricing-sheet-picture";

const OUT = join(__dirname, "..", "docs", "screenshots");
/** A Sunday: the cards show the Friday fix carried forward, as the e2e suites' pictures do. */
const SUNDAY = new Date("2026-01-04T12:00:00Z");
const FLAGSHIP = "RTM-NWE-A-1x3";

async function shoot(page: Page, name: string, target?: string | Locator): Promise<void> {
  const file = join(OUT, name);
  if (target === undefined) await page.screenshot({ path: file });
  else await (typeof target === "string" ? page.locator(target) : target).first().screenshot({ path: file });
  console.log(`wrote ${file}`);
}

async function preview(page: Page, url: string, lines: readonly string[]): Promise<void> {
  await page.goto(`${url}/preview.html?service=${encodeURIComponent(url)}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
  await evaluateInPreview(page, lines);
}

async function main(): Promise<void> {
  if (!existsSync(join(BUILD_UNDER_TEST, "taskpane.html"))) {
    throw new Error(`${BUILD_UNDER_TEST}/taskpane.html is missing: run npm run build:test first`);
  }
  mkdirSync(OUT, { recursive: true });
  const rig = await startRig({ flavor: "newer", now: () => SUNDAY, rateLimits: { anonymous: 100_000 } });
  try {
    const { page: pane } = await rig.open(360, 800);
    // The build's default service is the dev server; the pane is pointed at this one as a user does, in Settings.
    await configure(pane, rig.server.url);
    await pane
      .getByRole("button", { name: new RegExp(FLAGSHIP) })
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot(pane, "taskpane.png");

    // The Sheets tab: a watch list made from search, and the pricing sheet builder under it, its column picker open.
    // The picture is the builder's part.
    const { page: sheets } = await rig.open(360, 2000);
    await configure(sheets, rig.server.url);
    await sheets.getByRole("tab", { name: "Sheets" }).click();
    await sheets.getByRole("textbox", { name: "List name" }).fill("North-West Europe");
    await sheets.getByRole("searchbox", { name: "Find indexes" }).fill("NWE");
    for (const box of await sheets.getByRole("list", { name: "Matching indexes" }).getByRole("checkbox").all())
      await box.check();
    await sheets.getByRole("button", { name: "Save list" }).click();
    await sheets.getByText(/^Saved the list/).waitFor();
    await sheets.getByRole("button", { name: "Choose columns…" }).click();
    await sheets
      .getByRole("region", { name: "Columns of the sheet" })
      .getByRole("checkbox", { name: "3M", exact: true })
      .check();
    await shoot(sheets, "sheets.png", sheets.getByRole("region", { name: "Pricing sheet" }));

    // A pricing sheet the builder wrote for that list, on the workbook fake: what Excel shows of its table.
    const sheet = await rig.browser.newPage({ viewport: { width: 1100, height: 400 } });
    await sheet.setContent(await pricingSheetPicture(rig.service.url, SUNDAY));
    await shoot(sheet, "pricing-sheet.png", "table");

    const card = await rig.browser.newPage({ viewport: { width: 900, height: 1000 } });
    await preview(card, rig.server.url, [`=INDEX.CARD("${FLAGSHIP}")`]);
    await shoot(card, "card.png", "#results .result");

    const entity = await rig.browser.newPage({ viewport: { width: 900, height: 1000 } });
    await preview(entity, rig.server.url, [FLAGSHIP, "RTM-IND-B-2x4"]);
    await entity.getByRole("button", { name: "Convert to Index", exact: true }).click();
    await entity.waitForFunction(() => (document.getElementById("sheet-message")?.textContent ?? "") !== "");
    await entity.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>("#results .result")].every((r) => r.dataset["state"] !== "busy"),
    );
    await shoot(entity, "data-type.png", "#results");
  } finally {
    await rig.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`npm run screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
