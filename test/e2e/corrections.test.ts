import { msToSerial } from "../../src/formulas/dates";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { openFunctionsPage, type CellOutcome, type FunctionsPage } from "../support/functions-page";
import { useServedPages } from "../support/served-pages";

/**
 * INDEX.CORRECTIONS through the production bundle in Chromium, no gateway: INDEX.HISTORY shows a range, the service
 * restates a day, and INDEX.CORRECTIONS(symbol, start) spills that day with the value the workbook saw and the one
 * the service gives now, from one fresh read past the cache.
 */
const TODAY = new Date("2025-06-18T10:00:00.000Z");
const FLAGSHIP = "RTM-NWE-A-1x3";
const START = "2025-06-09";
const END = "2025-06-17";
const RESTATED = "2025-06-16";
const HISTORY_PATH = `/api/v1/index/${FLAGSHIP}/history`;

const rig = useServedPages(BUILD_UNDER_TEST, {
  testFaults: true,
  now: () => TODAY,
  rateLimits: { anonymous: 100_000 },
});
let page: FunctionsPage;

// The page closes with the rig's browser.
beforeAll(async () => {
  page = await openFunctionsPage(rig.browser, {
    pageOrigin: rig.server.url,
    capabilities: { formattedNumbers: false },
  });
}, 60_000);

function spillOf(outcome: CellOutcome | undefined): unknown[][] {
  if (outcome === undefined || !("value" in outcome) || !Array.isArray(outcome.value))
    throw new Error(`not a spill: ${JSON.stringify(outcome)}`);
  return outcome.value as unknown[][];
}

function rowOn(rows: unknown[][], day: string): unknown[] {
  const row = rows.find((r) => r[0] === msToSerial(Date.parse(day)));
  if (row === undefined) throw new Error(`no ${day} in ${JSON.stringify(rows)}`);
  return row;
}

const history = { fn: "HISTORY", args: [FLAGSHIP, START, END, "daily", false, "asc", "status"] };

test("a day the service restates after the sheet showed it spills with the value seen and the value now", async () => {
  const before = spillOf((await page.evaluate([history])).outcomes[0]);
  const [, seenValue, seenStatus] = rowOn(before, RESTATED);
  expect(typeof seenValue).toBe("number");

  rig.service.faults.restate({ symbol: FLAGSHIP, date: RESTATED, valuePercent: 1.5, status: "REVISED" });
  rig.service.resetRequestLog();
  const { outcomes } = await page.evaluate([{ fn: "CORRECTIONS", args: [FLAGSHIP, START, true] }]);

  // The fault happened: the page read the history again, fresh, and the service answered with the day restated.
  const reads = rig.service.requests.filter((request) => request.path.startsWith(HISTORY_PATH));
  expect(reads.map(({ status }) => status)).toEqual([200]);
  const now = await (await fetch(`${rig.service.url}${HISTORY_PATH}?startDate=${RESTATED}&endDate=${RESTATED}`)).json();
  const restated = (now as { values: Array<{ value: number; status: string }> }).values[0];
  expect(restated?.status).toBe("REVISED");
  expect(restated?.value).not.toBe(seenValue);

  const spill = spillOf(outcomes[0]);
  expect(spill[0]).toEqual(["date", "was", "was status", "now", "now status", "seen changed"]);
  expect(spill.slice(1).map((row) => row.slice(0, 5))).toEqual([
    [msToSerial(Date.parse(RESTATED)), seenValue, seenStatus, restated?.value, "REVISED"],
  ]);
  expect(typeof spill[1]?.[5]).toBe("number"); // when it was seen changed: a real Excel date-time
  // The sheet's history was not replaced by the fresh read: it still shows what it was served.
  expect(rowOn(spillOf((await page.evaluate([history])).outcomes[0]), RESTATED)).toEqual(rowOn(before, RESTATED));
});
