import type { Browser } from "playwright-core";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { launchChromium } from "../support/browser";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { serial } from "../support/excel-serial";
import { openFunctionsPage, type FunctionsPage } from "../support/functions-page";
import { startStaticServer, type StaticServer } from "../support/static-server";

/**
 * INDEX.CHANGE through the production bundle in Chromium (the shared runtime page, its functions called as Excel
 * calls them) against the reference service on 31 March 2025: for every period and mode, exactly what the definition
 * in docs/functions.md computes from the service's own history, worked out here from the client's answers and this
 * file's own reading of the calendar; 31 March − 1M lands on 28 February (clamped), YTD on 31 December; a base
 * before a young index's history starts is said in words.
 */
const NOW = new Date("2025-03-31T10:00:00Z");
const FLAGSHIP = "RTM-NWE-A-1x3";
const YOUNG = "RTM-IND-B-2x4";
const PERIODS = ["1D", "1W", "1M", "3M", "6M", "YTD", "1Y"] as const;
const DAY = 86_400_000;

let service: RunningReferenceService;
let server: StaticServer;
let browser: Browser;
let page: FunctionsPage;
let client: IndexDataClient;

beforeAll(async () => {
  service = await startReferenceService({ flavor: "newer", now: () => NOW, rateLimits: { anonymous: 100_000 } });
  server = await startStaticServer({ root: BUILD_UNDER_TEST, proxyApiTo: service.url });
  browser = await launchChromium();
  page = await openFunctionsPage(browser, {
    pageOrigin: server.url,
    capabilities: { formattedNumbers: true, referenceMethods: true },
  });
  client = new IndexDataClient({ baseUrl: service.url });
}, 60_000);

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await server?.close();
  await service?.close();
});

/** The target day of the definition, from the calendar alone: months back clamped to the month's length. */
function target(latest: string, period: (typeof PERIODS)[number]): string {
  const [y, m, d] = latest.split("-").map(Number) as [number, number, number];
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (period === "1D") return day(Date.UTC(y, m - 1, d) - DAY);
  if (period === "1W") return day(Date.UTC(y, m - 1, d) - 7 * DAY);
  if (period === "YTD") return `${y - 1}-12-31`;
  const back = { "1M": 1, "3M": 3, "6M": 6, "1Y": 12 }[period];
  const month = m - 1 - back;
  const lastDay = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return day(Date.UTC(y, month, Math.min(d, lastDay)));
}

/** The service's value on the last day on or before `day`, and that day. */
async function baseOn(symbol: string, day: string): Promise<{ value: number; date: string }> {
  const from = new Date(Date.parse(day) - 30 * DAY).toISOString().slice(0, 10);
  const history = await client.history(symbol, { startDate: from, endDate: day });
  const last = history.values[history.values.length - 1];
  if (last === undefined) throw new Error(`the service has no value up to ${day}`);
  return { value: last.value, date: last.date.slice(0, 10) };
}

describe("INDEX.CHANGE through the built bundle", () => {
  it("gives, for every period and mode, what the definition computes from the service's history", async () => {
    const latest = await client.latest(FLAGSHIP);
    const latestDay = latest.asOf.slice(0, 10);
    expect(latestDay).toBe("2025-03-31");
    const cells = PERIODS.flatMap((period) =>
      (["pct", "abs"] as const).map((mode) => ({ fn: "CHANGE", args: [FLAGSHIP, period, mode, true] })),
    );
    const { outcomes } = await page.evaluate(cells);
    for (const [i, cell] of cells.entries()) {
      const [, period, mode] = cell.args as [string, (typeof PERIODS)[number], "pct" | "abs"];
      const base = await baseOn(FLAGSHIP, target(latestDay, period));
      const change = mode === "pct" ? latest.value / base.value - 1 : latest.value - base.value;
      const shown = mode === "pct" ? { type: "FormattedNumber", basicValue: change, numberFormat: "0.00%" } : change;
      const baseDate = { type: "FormattedNumber", basicValue: serial(base.date), numberFormat: "yyyy-mm-dd" };
      expect({ period, mode, outcome: outcomes[i] }).toEqual({
        period,
        mode,
        outcome: {
          value: [
            [`change ${period}`, "base date"],
            [shown, baseDate],
          ],
        },
      });
    }
  });

  it("takes the base of 31 March − 1M on 28 February (clamped), and YTD's on 31 December", async () => {
    const { outcomes } = await page.evaluate([
      { fn: "CHANGE", args: [FLAGSHIP, "1M", "abs", true] },
      { fn: "CHANGE", args: [FLAGSHIP, "YTD", "abs", true] },
    ]);
    const baseDates = outcomes.map(
      (outcome) => (outcome as { value: [[], [unknown, { basicValue: number }]] }).value[1][1],
    );
    expect(baseDates.map((date) => date.basicValue)).toEqual([serial("2025-02-28"), serial("2024-12-31")]);
  });

  it("says in words when the base falls before the index's history starts", async () => {
    const first = (await client.history(YOUNG, { startDate: "2024-01-01" })).values[0]?.date.slice(0, 10);
    const latestDay = (await client.latest(YOUNG)).asOf.slice(0, 10);
    const { outcomes } = await page.evaluate([{ fn: "CHANGE", args: [YOUNG, "1M", null, null] }]);
    expect(outcomes[0]).toEqual({ value: [[`no 1M base on ${target(latestDay, "1M")}: history starts ${first}`]] });
  });

  it('=A1.Change("1M") on the Index value equals INDEX.CHANGE of its symbol', async () => {
    const [card] = (await page.evaluate([{ fn: "CARD", args: [FLAGSHIP, null] }])).outcomes as [{ value: unknown }];
    const { outcomes } = await page.evaluate([
      { fn: "CARD.CHANGE", args: [card.value, "1M", null, null] },
      { fn: "CHANGE", args: [FLAGSHIP, "1M", null, null] },
    ]);
    expect(outcomes[0]).toHaveProperty("value");
    expect(outcomes[0]).toEqual(outcomes[1]);
  });
});
