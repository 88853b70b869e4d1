import type { Page } from "playwright-core";
import { DEMO_KEYS } from "../../reference-service/src/tiers";
import { PREVIEW_DIST, useServedPages } from "../support/served-pages";

/**
 * Freeze, Restore and Refresh scope in the formula preview, end to end: the built bundle in headless Chromium
 * against the reference service, whose request log tells which requests the page sent.
 */
const A = "RTM-NWE-A-1x3";
const B = "RTM-USG.B-2x4";

interface Line {
  readonly address: string;
  readonly state: string;
  readonly frozen: boolean;
  readonly updates: number;
  readonly cells: string[][];
  readonly code: string | undefined;
  readonly message: string | undefined;
}

type ReceiptField =
  "cell" | "range" | "formula" | "values" | "asOf" | "publicationMode" | "service" | "frozenAt" | "note";

const rig = useServedPages(PREVIEW_DIST, { flavor: "newer", rateLimits: { anonymous: 100_000, "api-key": 100_000 } });

async function openPreview(): Promise<Page> {
  const page = await rig.browser.newPage({ viewport: { width: 1200, height: 1400 } });
  await page.goto(`${rig.server.url}/preview.html?service=${encodeURIComponent(rig.server.url)}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
  return page;
}

function settledLines(page: Page, count: number): Promise<unknown> {
  return page.waitForFunction(
    (n) => {
      const results = [...document.querySelectorAll<HTMLElement>("#results .result")];
      return (
        results.length === n && results.every((r) => r.dataset["state"] !== undefined && r.dataset["state"] !== "busy")
      );
    },
    count,
    { timeout: 60_000 },
  );
}

async function evaluate(page: Page, formulas: readonly string[]): Promise<Line[]> {
  await page.fill("#formulas", formulas.join("\n"));
  await page.click("#evaluate");
  await settledLines(page, formulas.length);
  return lines(page);
}

function lines(page: Page): Promise<Line[]> {
  return page.$$eval("#results .result", (sections) =>
    sections.map((section) => ({
      address: section.getAttribute("data-address") ?? "",
      state: section.getAttribute("data-state") ?? "",
      frozen: section.getAttribute("data-frozen") === "true",
      updates: Number(section.getAttribute("data-updates") ?? "0"),
      cells: [...section.querySelectorAll("tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
      ),
      code: section.querySelector(".error .code")?.textContent ?? undefined,
      message: section.querySelector(".error .message")?.textContent ?? undefined,
    })),
  );
}

function receipt(page: Page): Promise<Record<ReceiptField, string>[]> {
  return page.$$eval("#receipt tr[data-cell]", (rows) =>
    rows.map((row) =>
      Object.fromEntries(
        [...row.querySelectorAll("td")].map((td) => [td.getAttribute("data-field") ?? "", td.textContent ?? ""]),
      ),
    ),
  ) as Promise<Record<ReceiptField, string>[]>;
}

async function actionMessage(page: Page, startsWith: string): Promise<string> {
  await page.waitForFunction(
    (start) => document.getElementById("sheet-message")?.textContent?.startsWith(start) === true,
    startsWith,
    { timeout: 30_000 },
  );
  return (await page.textContent("#sheet-message")) ?? "";
}

async function check(page: Page, addresses: readonly string[]): Promise<void> {
  for (const address of addresses) await page.check(`#results .result[data-address='${address}'] input.select`);
}

test("freeze shows each INDEX line's values, marks it frozen and lists a receipt without the API key", async () => {
  const page = await openPreview();
  await page.click("details.settings > summary");
  await page.fill("#api-key", DEMO_KEYS.apiKey);
  await page.click("#save-key");
  await page.waitForFunction(
    () => document.getElementById("key-status")?.textContent?.startsWith("Key saved") === true,
  );
  rig.service.resetRequestLog();
  const formulas = [
    `=INDEX.LATEST("${A}", "confidence")`,
    `=INDEX.HISTORY("${A}", "2024-02-26", "2024-03-01")`,
    `=INDEX.LATEST("RTM-NOPE-1x3")`,
    "42",
  ];
  const before = await evaluate(page, formulas);
  // The key was in use: the service saw keyed requests.
  expect(rig.service.requests.length).toBeGreaterThan(0);
  expect(rig.service.requests.every((r) => r.apiKeyTier === "api-key")).toBe(true);
  const fix = (await (await fetch(`${rig.service.url}/api/v1/index/${A}/latest`)).json()) as {
    confidence: number;
    asOf: string;
    publicationMode: string;
  };
  expect(fix.publicationMode).toMatch(/\w/);
  expect(before[0]?.cells).toEqual([[String(fix.confidence)]]);
  expect(before[1]?.cells.length).toBeGreaterThan(1);
  expect(before[2]?.code).toBe("#N/A");

  rig.service.resetRequestLog();
  await page.click("#freeze");
  expect(await actionMessage(page, "Froze")).toBe("Froze 3 INDEX lines; the receipt is below.");
  await settledLines(page, formulas.length);
  const after = await lines(page);
  expect(after.map((line) => line.frozen)).toEqual([true, true, true, false]);
  expect(after.slice(0, 3).map((line) => line.cells)).toEqual(before.slice(0, 3).map((line) => line.cells));
  expect(after[2]?.code).toBe("#N/A");
  expect(rig.service.requests).toEqual([]); // freezing reads what the lines show; it asks the service nothing
  const editor = (await page.inputValue("#formulas")).split("\n");
  expect(editor[0]).toBe(`[[${fix.confidence}]]`);
  expect(editor[2]).toBe(`[["#N/A"]]`);
  expect(editor[3]).toBe("42");
  // A frozen history line reads as its cells do: dates as dates, not serials.
  const history = JSON.parse(editor[1] ?? "[]") as unknown[][];
  expect(history.map((row) => row[0])).toEqual(before[1]?.cells.map((row) => row[0]));
  expect(history[0]?.[0]).toBe("2024-02-26");

  const rows = await receipt(page);
  expect(rows.map((row) => [row.cell, row.formula])).toEqual([
    ["Preview!A1", formulas[0]],
    ["Preview!A2", formulas[1]],
    ["Preview!A3", formulas[2]],
  ]);
  expect(rows[0]).toMatchObject({
    range: "Preview!A1",
    values: `[[${fix.confidence}]]`,
    asOf: fix.asOf,
    publicationMode: fix.publicationMode,
    service: rig.server.url,
    note: "",
  });
  expect(rows[1]?.range).toMatch(/^Preview!A2:[A-Z]+\d+$/);
  expect(rows[2]).toMatchObject({ values: `[["#N/A"]]`, note: before[2]?.message });
  expect(rows.every((row) => !Number.isNaN(Date.parse(row.frozenAt)))).toBe(true);
  // An address is one word: at a narrow width the Cell and Range columns still read on one line each.
  await page.setViewportSize({ width: 600, height: 1400 });
  const lineBoxes = await page.$$eval("#receipt td[data-field='cell'], #receipt td[data-field='range']", (cells) =>
    cells.map((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
    }),
  );
  expect(lineBoxes).toEqual(Array(6).fill(1));
  const shown = await page.evaluate(() => document.body.innerText + document.documentElement.outerHTML);
  expect(shown).toContain("Preview!A1");
  expect(shown).not.toContain(DEMO_KEYS.apiKey);
  await page.close();
});

test("restore puts the formulas back and leaves a line edited since freezing alone", async () => {
  const page = await openPreview();
  const formulas = [`=INDEX.LATEST("${A}", "asOf")`, `=INDEX.VOL("${A}", 30)`, `=INDEX.FORWARD("${B}")`];
  const before = await evaluate(page, formulas);
  await page.click("#freeze");
  await actionMessage(page, "Froze 3");
  const frozen = (await page.inputValue("#formulas")).split("\n");
  await page.fill("#formulas", [frozen[0], "99", frozen[2]].join("\n"));

  await page.click("#restore");
  expect(await actionMessage(page, "Restored")).toBe(
    "Restored 2 INDEX formulas. Left alone because they were changed after freezing: Preview!A2.",
  );
  expect((await page.inputValue("#formulas")).split("\n")).toEqual([formulas[0], "99", formulas[2]]);
  await settledLines(page, 3);
  const after = await lines(page);
  expect(after.map((line) => [line.frozen, line.state])).toEqual([
    [false, "value"],
    [false, "value"],
    [false, "value"],
  ]);
  expect(after[0]?.cells).toEqual(before[0]?.cells);
  expect(after[1]?.cells).toEqual([["99"]]);
  expect(after[2]?.cells).toEqual(before[2]?.cells);
  // The edited line's row stays in the receipt; the restored rows left it.
  expect((await receipt(page)).map((row) => row.cell)).toEqual(["Preview!A2"]);
  await page.close();
});

test("a scoped refresh shows its plan first, then asks once per distinct resource of the scope", async () => {
  const page = await openPreview();
  const formulas = [
    `=INDEX.LATEST("${A}", "confidence")`,
    `=INDEX.LATEST("${A}", "status")`,
    `=INDEX.VOL("${B}", 30)`,
    `=INDEX.FORWARD("${B}")`,
    `=INDEX.LATEST("${A}")`,
  ];
  await evaluate(page, formulas);

  async function refresh(scope: string): Promise<{ plan: string; requests: string[] }> {
    await page.selectOption("#refresh-scope", scope);
    await page.evaluate(() => (document.getElementById("scope-plan")!.textContent = ""));
    await page.click("#plan-refresh");
    await page.waitForFunction(() => document.getElementById("scope-plan")?.textContent !== "");
    const plan = (await page.textContent("#scope-plan")) ?? "";
    rig.service.resetRequestLog();
    if (await page.isVisible("#run-refresh")) {
      await page.evaluate(() => (document.getElementById("sheet-message")!.textContent = ""));
      await page.click("#run-refresh");
      await actionMessage(page, "Refreshed");
    }
    return { plan, requests: rig.service.requests.map((r) => r.path).sort() };
  }

  await check(page, ["A1", "A2", "A3"]);
  const selection = await refresh("selection");
  expect(selection.plan).toBe("3 cells, 2 requests. Cells elsewhere that show the same data update too.");
  expect(selection.requests).toEqual([`/api/v1/index/${A}/latest`, `/api/v1/index/${B}/volatility?windowDays=30`]);
  expect((await lines(page)).map((line) => line.updates)).toEqual([2, 2, 2, 1, 1]);

  const all = await refresh("workbook");
  expect(all.plan).toBe("5 cells, 3 requests. Cells elsewhere that show the same data update too.");
  expect(all.requests).toEqual([
    `/api/v1/index/${A}/latest`,
    `/api/v1/index/${B}/forward`,
    `/api/v1/index/${B}/volatility?windowDays=30`,
  ]);

  const stale = await refresh("stale");
  expect(stale.plan).toBe("Nothing is stale; nothing to refresh.");
  expect(stale.requests).toEqual([]);
  await page.close();
});
