import type { Page } from "playwright-core";
import { NOT_OPENABLE_NOTE } from "../../src/taskpane/model/catalogue";
import { artifactPath } from "../support/browser";
import { DOT_SEGMENT_INDEXES, extraIndex } from "../support/extra-indexes";
import {
  configure,
  indexButton,
  indexButtons,
  indexRow,
  shownCount,
  startRig,
  type TaskpaneRig,
} from "./taskpane-page";

/**
 * A 50,000-index catalogue in headless Chromium (issue 15 #9): the list is windowed, scrolls, searches and is
 * keyboard-operable. Symbols that fail the one symbol rule ("." and "..") are listed but cannot be opened (#5).
 * Behaviour only: no timing is asserted.
 */
const GENERATED = 50_000;
const NEAR_THE_END = `XL-${GENERATED - 7}`;
const generated = Array.from({ length: GENERATED }, (_, i) =>
  extraIndex(`XL-${i}`, {
    hub: ["NWE", "MED", "USG"][i % 3] ?? "NWE",
    description: `Generated index number ${i} for the large-catalogue test.`,
    isActive: i % 13 !== 0,
    hasData: false, // no price walks: the service answers the list at once
  }),
);

let rig: TaskpaneRig;
beforeAll(async () => {
  rig = await startRig({ extraIndexes: [...generated, ...DOT_SEGMENT_INDEXES] });
});
afterAll(() => rig.stop());

async function openCatalogue(): Promise<Page> {
  const { page } = await rig.open(360, 800);
  await configure(page, rig.server.url);
  await indexButtons(page).first().waitFor();
  return page;
}

const list = (page: Page) => page.getByRole("list", { name: "Indexes" });
/** The 1-based position of the row holding the focused element, from its aria-posinset. */
const focusedPosition = (page: Page) =>
  page.evaluate(() => Number(document.activeElement?.closest("li")?.getAttribute("aria-posinset")));
/** The accessible name (the symbol) of a row button: its content, which is the symbol alone. */
const nameOf = (button: Element) => button.textContent ?? "";

it("renders far fewer rows than the catalogue holds, and tells assistive technology the full size", async () => {
  const page = await openCatalogue();
  const [shown, total] = await shownCount(page);
  expect(total).toBeGreaterThanOrEqual(GENERATED);
  expect(shown).toBe(total);
  const items = list(page).getByRole("listitem");
  const rendered = await items.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(60);
  await expect(items.first().getAttribute("aria-setsize")).resolves.toBe(String(total));
  await expect(items.first().getAttribute("aria-posinset")).resolves.toBe("1");
  await page.close();
});

it("shows later rows when scrolled, and drops the first ones", async () => {
  const page = await openCatalogue();
  const firstSymbol = await indexButtons(page).first().evaluate(nameOf);
  expect(firstSymbol).not.toBe("");
  // Scroll the list's viewport (the list's parent) to about row 30,000.
  await list(page).evaluate((ul) => {
    const scroller = ul.parentElement!;
    scroller.scrollTop = scroller.scrollHeight * 0.6;
  });
  await page.waitForFunction(
    () => Number(document.querySelector("li[aria-posinset]")?.getAttribute("aria-posinset")) > 29_000,
  );
  await expect(indexButtons(page).first().evaluate(nameOf)).resolves.toMatch(/^XL-\d+$/);
  const positions = await list(page)
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("aria-posinset"))));
  expect(Math.min(...positions)).toBeGreaterThan(29_000);
  expect(positions.length).toBeLessThan(60);
  await expect(indexButton(page, firstSymbol).count()).resolves.toBe(0);
  await page.screenshot({ path: artifactPath("taskpane-large-catalogue-scrolled.png") });
  await page.close();
});

it("finds an index near the end of the catalogue by search", async () => {
  const page = await openCatalogue();
  await page.getByRole("searchbox").fill(NEAR_THE_END);
  await indexButton(page, NEAR_THE_END).waitFor();
  const [shown, total] = await shownCount(page);
  expect(shown).toBe(1);
  expect(total).toBeGreaterThan(GENERATED);
  await expect(indexButtons(page).count()).resolves.toBe(1);
  await page.close();
});

it("moves between rows with the keyboard, rendering rows as it goes, and keeps one tab stop", async () => {
  const page = await openCatalogue();
  const [, total] = await shownCount(page);
  await page.getByRole("searchbox").focus();
  // The list is one tab stop: Tab from the last filter lands on the first row.
  await page.getByLabel("Status").focus();
  await page.keyboard.press("Tab");
  await expect(focusedPosition(page)).resolves.toBe(1);
  await page.keyboard.press("ArrowDown");
  await expect(focusedPosition(page)).resolves.toBe(2);
  await page.keyboard.press("End");
  await expect(focusedPosition(page)).resolves.toBe(total);
  await page.keyboard.press("ArrowUp");
  await expect(focusedPosition(page)).resolves.toBe(total - 1);
  await page.keyboard.press("Home");
  await expect(focusedPosition(page)).resolves.toBe(1);
  await page.keyboard.press("PageDown");
  await expect(focusedPosition(page)).resolves.toBeGreaterThan(1);
  // Enter opens the focused index (the last generated one; "." and ".." come after it), and Back returns
  // focus to its row, scrolled back into view.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  const symbol = await page.evaluate(() => document.activeElement?.textContent ?? "");
  expect(symbol).toBe(`XL-${GENERATED - 1}`);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: symbol, level: 2 }).waitFor();
  await page.getByRole("button", { name: /Back to indexes/ }).click();
  await expect(indexButton(page, symbol).evaluate((b) => b === document.activeElement)).resolves.toBe(true);
  await expect(focusedPosition(page)).resolves.toBe(total - 2);
  await page.close();
});

it('lists "." and ".." as not openable, with the note, and builds no request for them', async () => {
  const page = await openCatalogue();
  await page.getByRole("searchbox").fill("broken feed");
  for (const symbol of [".", ".."]) {
    const row = indexButton(page, symbol);
    await row.waitFor();
    await expect(row.getAttribute("aria-disabled")).resolves.toBe("true");
    await expect(indexRow(page, symbol).innerText()).resolves.toContain(NOT_OPENABLE_NOTE);
    rig.service.resetRequestLog();
    // Neither a click nor Enter opens it (playwright refuses to click an aria-disabled element unless forced).
    await row.click({ force: true });
    await row.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2 }).count()).resolves.toBe(0);
    expect(rig.service.requests.filter((r) => r.path.startsWith("/api/v1/index/"))).toEqual([]);
  }
  await page.screenshot({ path: artifactPath("taskpane-not-openable.png") });
  await page.close();
});
