import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { evaluateInPreview, PREVIEW_DIST, useServedPages } from "../support/served-pages";

/**
 * The Index data type in the formula preview, end to end: the built bundle in headless Chromium against the
 * reference service on a Sunday (the Friday fix carried forward). Convert to Index links the lines holding a
 * symbol; each shows the card the bundle's own load service (ENTITYSERVICE) answers; =A1.Price reads a field.
 * Excel's own card cannot be drawn here: the preview draws the same entity as Excel lays it out.
 */
const SUNDAY = new Date("2025-03-16T12:00:00Z");

describe("the Index data type in the formula preview (Chromium, built bundle)", () => {
  const rig = useServedPages(PREVIEW_DIST, { flavor: "newer", now: () => SUNDAY, rateLimits: { anonymous: 100_000 } });

  async function preview(lines: readonly string[]): Promise<Page> {
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 1200 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${rig.server.url}/preview.html?service=${encodeURIComponent(rig.server.url)}`);
    await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
    await evaluateInPreview(page, lines);
    expect(problems).toEqual([]);
    return page;
  }

  /** Clicks a button and waits until every line has settled again (a linked line loads its entity). */
  async function press(page: Page, name: string): Promise<string> {
    await page.$eval("#sheet-message", (node) => (node.textContent = ""));
    await page.getByRole("button", { name, exact: true }).click();
    await page.waitForFunction(() => (document.getElementById("sheet-message")?.textContent ?? "") !== "");
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>("#results .result")].every((r) => r.dataset["state"] !== "busy"),
    );
    return (await page.textContent("#sheet-message")) ?? "";
  }

  const cell = (page: Page, address: string) =>
    page.$eval(`#results .result[data-address='${address}']`, (result) => ({
      linked: result.getAttribute("data-linked") === "true",
      title: result.querySelector(".outcome > .card > .card-title")?.textContent ?? undefined,
      text: result.querySelector("td")?.textContent ?? undefined,
      code: result.querySelector(".error .code")?.textContent ?? undefined,
      message: result.querySelector(".error .message")?.textContent ?? undefined,
    }));

  it("converts the ticked lines holding symbols, shows each one's card from the load service, and reads =A1.Price", async () => {
    const page = await preview([
      "RTM-NWE-A-1x3",
      "rtm-ind-b-2x4",
      "RTM-NOPE-Z-1x3",
      "=A1.Price",
      "=A1.Confidence",
      "=A2.[Carried forward from]",
    ]);
    for (const line of ["A1", "A2", "A3"]) await page.getByRole("checkbox", { name: `Select ${line}` }).check();
    rig.service.resetRequestLog();
    const message = await press(page, "Convert to Index");

    expect(message).toBe(
      'Converted 2 cells to Index entities. Symbols are case-sensitive, so A2 "rtm-ind-b-2x4" became RTM-IND-B-2x4. Left 1 cell untouched that holds no known index symbol: A3 "RTM-NOPE-Z-1x3".',
    );
    expect(await cell(page, "A1")).toMatchObject({
      linked: true,
      title: expect.stringMatching(/^RTM-NWE-A-1x3 · North-West Europe/),
    });
    expect(await cell(page, "A2")).toMatchObject({ linked: true, title: expect.stringMatching(/^RTM-IND-B-2x4 · /) });
    expect(await cell(page, "A3")).toMatchObject({ linked: false, text: "RTM-NOPE-Z-1x3" });
    expect(await cell(page, "A4")).toMatchObject({ text: "1.6508 USD/kg" });
    expect(await cell(page, "A5")).toMatchObject({ text: "66" });
    expect((await page.inputValue("#formulas")).split("\n").slice(0, 2)).toEqual(["RTM-NWE-A-1x3", "RTM-IND-B-2x4"]);
    // One batch through the engine: the catalogue once, one latest fix per linked symbol.
    const paths = rig.service.requests.map((entry) => entry.path).sort();
    expect(paths).toEqual([
      "/api/v1/index/RTM-IND-B-2x4/latest",
      "/api/v1/index/RTM-NWE-A-1x3/latest",
      "/api/v1/indexes",
    ]);

    // The README's picture: the converted line A1, marked Index, and its card, at the card's width.
    await page.setViewportSize({ width: 540, height: 1200 });
    await page
      .locator("#results .result[data-address='A1']")
      .screenshot({ path: join("test-artifacts", "data-type-card.png") });
    if (process.env["UPDATE_SCREENSHOTS"] === "1") {
      mkdirSync(join("docs", "screenshots"), { recursive: true });
      copyFileSync(join("test-artifacts", "data-type-card.png"), join("docs", "screenshots", "data-type.png"));
    }

    // The line left alone is still ticked; with nothing ticked, Convert to text acts on every line.
    await page.getByRole("checkbox", { name: "Select A3" }).uncheck();
    expect(await press(page, "Convert to text")).toBe("Converted 2 cells back to the symbol as text.");
    expect(await cell(page, "A1")).toMatchObject({ linked: false, text: "RTM-NWE-A-1x3" });
    expect(await cell(page, "A4")).toMatchObject({ code: "#FIELD!" });
    await page.close();
  });
});
