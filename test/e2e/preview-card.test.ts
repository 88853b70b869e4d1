import type { Page } from "playwright-core";
import { evaluateInPreview, PREVIEW_DIST, useServedPages } from "../support/served-pages";

/**
 * INDEX.CARD in the formula preview, end to end: the built bundle in headless Chromium against the reference
 * service on a Sunday (the Friday fix carried forward), the card drawn as Excel lays it out, and `=A1.Field`.
 */
const SUNDAY = new Date("2025-03-16T12:00:00Z");

interface ShownCard {
  readonly title: string;
  readonly sections: { readonly title: string; readonly rows: [string, string][] }[];
  readonly provider: string;
}

describe("INDEX.CARD in the formula preview (Chromium, built bundle)", () => {
  const rig = useServedPages(PREVIEW_DIST, { flavor: "newer", now: () => SUNDAY, rateLimits: { anonymous: 100_000 } });

  async function evaluate(formulas: readonly string[], query = ""): Promise<Page> {
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 1200 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${rig.server.url}/preview.html?service=${encodeURIComponent(rig.server.url)}${query}`);
    await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
    await evaluateInPreview(page, formulas);
    expect(problems).toEqual([]);
    return page;
  }

  function shownCard(page: Page, address: string): Promise<ShownCard> {
    return page.$eval(`#results .result[data-address='${address}'] .outcome > .card`, (card) => ({
      title: card.querySelector(":scope > .card-title")?.textContent ?? "",
      sections: [...card.querySelectorAll(":scope > .card-section")].map((section) => ({
        title: section.querySelector(".card-section-title")?.textContent ?? "",
        rows: [...section.querySelectorAll(":scope > dl > .card-property")].map(
          (row) =>
            [row.querySelector("dt")?.textContent ?? "", row.querySelector("dd")?.textContent ?? ""] as [
              string,
              string,
            ],
        ),
      })),
      provider: card.querySelector(":scope > .card-provider")?.textContent ?? "",
    }));
  }

  function shownCell(page: Page, address: string) {
    return page.$eval(`#results .result[data-address='${address}']`, (result) => ({
      state: result.getAttribute("data-state"),
      kind: result.querySelector("td")?.getAttribute("data-kind") ?? undefined,
      text: result.querySelector("td")?.textContent ?? undefined,
      code: result.querySelector(".error .code")?.textContent ?? undefined,
      message: result.querySelector(".error .message")?.textContent ?? undefined,
    }));
  }

  it("draws the card as Excel lays it out: title, sections in reading order, the service's figures", async () => {
    const page = await evaluate([`=INDEX.CARD("RTM-NWE-A-1x3")`]);
    const card = await shownCard(page, "A1");
    expect(card.title).toMatch(/^RTM-NWE-A-1x3 · North-West Europe/);
    expect(card.sections.map((s) => s.title)).toEqual(["Fix", "Quality", "Coverage", "Index"]);
    expect(card.sections[0]?.rows).toEqual([
      ["Value", "1.6508 USD/kg"],
      ["As of", "2025-03-16"],
      ["Unit", "USD/kg"],
      ["Currency", "USD"],
    ]);
    expect(card.sections[1]?.rows.slice(0, 4)).toEqual([
      ["Confidence", "66"],
      ["Status", "FIRM"],
      ["Publication mode", "CARRIED_FORWARD"],
      ["Carried forward from", "2025-03-14"],
    ]);
    const coverage = await page.$$eval("#results .result[data-address='A1'] .card .card .card-property", (rows) =>
      rows.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
    );
    expect(coverage).toEqual([
      ["Contributors", "13"],
      ["Executed trades", "29"],
      ["Firm quotes", "24"],
      ["Indicatives", "3"],
      ["Total mass (kg)", "4,428,000 kg"],
      ["Top contributor share", "32.7%"],
    ]);
    expect(card.provider).toBe("Data provided by Index Data Service");
    await page.close();
  });

  it("reads one field of the card with =A1.Field, and says #FIELD! or #REF! where there is none", async () => {
    const page = await evaluate([
      `=INDEX.CARD("RTM-NWE-A-1x3")`,
      `=A1.Confidence`,
      `=A1.[Carried forward from]`,
      `=a1.[data coverage]`,
      `=A1.Colour`,
      `=INDEX.LATEST("RTM-NWE-A-1x3")`,
      `=A6.Value`,
      `=A9.Value`,
    ]);
    expect(await shownCell(page, "A2")).toMatchObject({ state: "value", kind: "number", text: "66" });
    expect(await shownCell(page, "A3")).toMatchObject({ state: "value", kind: "date", text: "2025-03-14" });
    expect((await shownCard(page, "A4")).title).toBe("Data coverage");
    expect(await shownCell(page, "A5")).toMatchObject({
      state: "error",
      code: "#FIELD!",
      message: expect.stringContaining('A1 has no field "Colour"'),
    });
    expect(await shownCell(page, "A6")).toMatchObject({ state: "value", kind: "number", text: "1.6508" });
    expect(await shownCell(page, "A7")).toMatchObject({ state: "error", code: "#FIELD!" });
    expect(await shownCell(page, "A8")).toMatchObject({ state: "error", code: "#REF!" });
    await page.close();
  });

  it("on a host without CustomFunctionsRuntime 1.4 (?dates=serial) the card is the plain latest value", async () => {
    const page = await evaluate([`=INDEX.CARD("RTM-NWE-A-1x3")`, `=A1.Confidence`], "&dates=serial");
    expect(await shownCell(page, "A1")).toMatchObject({ state: "value", kind: "number", text: "1.6508" });
    expect(await page.$("#results .card")).toBeNull();
    expect(await shownCell(page, "A2")).toMatchObject({ state: "error", code: "#FIELD!" });
    await page.close();
  });

  it("calls a card's reference method on a card line, =A1.History(…), as it reads =A1.Confidence", async () => {
    const range = `"2025-01-06", "2025-01-10"`;
    const page = await evaluate([
      `=INDEX.CARD("RTM-NWE-A-1x3")`,
      `=A1.History(${range})`,
      `=INDEX.HISTORY("RTM-NWE-A-1x3", ${range})`,
      `=A1.history(${range}, "weekly")`,
      `=A1.Chart()`,
      `=A1.History`,
    ]);
    const cells = (address: string) =>
      page.$$eval(`#results .result[data-address='${address}'] td`, (tds) => tds.map((td) => td.textContent));
    expect(await cells("A2")).toHaveLength(10);
    expect(await cells("A2")).toEqual(await cells("A3"));
    expect((await cells("A4")).length).toBeGreaterThan(0);
    expect(await shownCell(page, "A5")).toMatchObject({
      state: "error",
      code: "#FIELD!",
      message: expect.stringContaining(
        'A1 has no method "Chart"; its methods: History, Vol, Forward, Periods, Capacity',
      ),
    });
    expect(await shownCell(page, "A6")).toMatchObject({ state: "error", code: "#VALUE!" });
    await page.close();
  });
});
