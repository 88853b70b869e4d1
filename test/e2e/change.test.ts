import { startReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { serial } from "../support/excel-serial";
import { openFunctionsPage, type FunctionsPage } from "../support/functions-page";
import { useServedPages } from "../support/served-pages";
import { startStaticServer } from "../support/static-server";
import {
  ChangeDefinition,
  GRID_INDEXES,
  GRID_PERIODS,
  MODES,
  TO_DATE_PERIODS,
  targetOf,
} from "../support/change-definition";

/**
 * INDEX.CHANGE through the production bundle in Chromium (the shared runtime page, its functions called as Excel
 * calls them) against the reference service on 31 March 2025: for every period and mode, exactly what the definition
 * in docs/functions.md computes from the service's own history, worked out from the client's answers and the tests'
 * own reading of the calendar (test/support/change-definition.ts); 31 March − 1M lands on 28 February (clamped), YTD
 * on 31 December; a base before a young index's history starts is said in words. And issue 45's grid: 98 cells one
 * after another against a service whose latest fixes are 16 days old cost a fix and one range per index.
 */
const NOW = new Date("2025-03-31T10:00:00Z");
const FLAGSHIP = "RTM-NWE-A-1x3";
const YOUNG = "RTM-IND-B-2x4";
const PERIODS = [...GRID_PERIODS, ...TO_DATE_PERIODS];

const rig = useServedPages(BUILD_UNDER_TEST, { flavor: "newer", now: () => NOW, rateLimits: { anonymous: 100_000 } });
let page: FunctionsPage;
let client: IndexDataClient;
let definition: ChangeDefinition;

// The page closes with the rig's browser.
beforeAll(async () => {
  page = await openFunctionsPage(rig.browser, {
    pageOrigin: rig.server.url,
    capabilities: { formattedNumbers: true, referenceMethods: true },
  });
  client = new IndexDataClient({ baseUrl: rig.service.url });
  definition = new ChangeDefinition(client);
}, 60_000);

describe("INDEX.CHANGE through the built bundle", () => {
  it("gives, for every period and mode, what the definition computes from the service's history", async () => {
    const latestDay = (await client.latest(FLAGSHIP)).asOf.slice(0, 10);
    expect(latestDay).toBe("2025-03-31");
    expect(targetOf(latestDay, "WTD")).toBe("2025-03-30"); // a Monday: the Sunday before
    const cells = PERIODS.flatMap((period) =>
      MODES.map((mode) => ({ fn: "CHANGE", args: [FLAGSHIP, period, mode, true] })),
    );
    const { outcomes } = await page.evaluate(cells);
    for (const [i, { args }] of cells.entries()) {
      const [, period, mode] = args as [string, (typeof PERIODS)[number], (typeof MODES)[number]];
      const { change, baseDate } = await definition.of(FLAGSHIP, period, mode);
      expect({ period, mode, outcome: outcomes[i] }).toEqual({
        period,
        mode,
        outcome: { value: shown(period, mode, change, baseDate) },
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
    expect(outcomes[0]).toEqual({ value: [[`no 1M base on ${targetOf(latestDay, "1M")}: history starts ${first}`]] });
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

  it("asked one after another against fixes 16 days old, 98 cells cost 14 requests: a fix and one range per index", async () => {
    const aged = await startReferenceService({ now: () => NOW, latestAgeDays: 16, rateLimits: { anonymous: 100_000 } });
    const agedServer = await startStaticServer({ root: BUILD_UNDER_TEST, proxyApiTo: aged.url });
    const agedClient = new IndexDataClient({ baseUrl: aged.url });
    // The pane closed, as Excel loads the runtime with a workbook: the only reads are the cells'.
    const agedPage = await openFunctionsPage(rig.browser, {
      pageOrigin: agedServer.url,
      capabilities: { formattedNumbers: true, referenceMethods: true },
      paneClosed: true,
    });
    try {
      const agedDefinition = new ChangeDefinition(agedClient);
      const grid = GRID_INDEXES.flatMap((symbol) =>
        GRID_PERIODS.flatMap((period) => MODES.map((mode) => ({ symbol, period, mode }))),
      );
      const want = await Promise.all(
        grid.map(async ({ symbol, period, mode }) => {
          const { change, baseDate } = await agedDefinition.of(symbol, period, mode);
          return { value: shown(period, mode, change, baseDate) };
        }),
      );
      aged.resetRequestLog();
      const outcomes = [];
      for (const { symbol, period, mode } of grid)
        outcomes.push(...(await agedPage.evaluate([{ fn: "CHANGE", args: [symbol, period, mode, true] }])).outcomes);
      expect(outcomes).toEqual(want);
      // The runtime's own start asks the service's status (which functions it publishes): not the grid's.
      const paths = aged.requests
        .map((request) => request.path.split("?")[0] ?? "")
        .filter((path) => path !== "/api/status");
      // One after another, each index's first cell asks its fix, then the range anchored on it; the rest ask nothing.
      expect(paths.sort()).toEqual(
        GRID_INDEXES.flatMap((symbol) => [`/api/v1/index/${symbol}/history`, `/api/v1/index/${symbol}/latest`]).sort(),
      );
    } finally {
      await agedPage.close();
      await agedServer.close();
      await aged.close();
    }
  });
});

/** A change cell with headers as the bundle hands it to Excel: the change (a percentage formatted) and its base date. */
function shown(period: string, mode: "pct" | "abs", change: number, baseDate: string): unknown {
  const value = mode === "pct" ? { type: "FormattedNumber", basicValue: change, numberFormat: "0.00%" } : change;
  return [
    [`change ${period}`, "base date"],
    [value, { type: "FormattedNumber", basicValue: serial(baseDate), numberFormat: "yyyy-mm-dd" }],
  ];
}
