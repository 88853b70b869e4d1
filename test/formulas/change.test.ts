import type { History, HistoryPoint, HistoryQuery, LatestFix } from "@index-data/wire";
import { isCellError, type CellError } from "../../src/formulas/cell-error";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexChange } from "../../src/formulas/index-functions/change";
import { cardChange } from "../../src/formulas/index-functions/card-methods";
import { linkedIndexValue } from "../../src/formulas/entity";
import { FixtureSource } from "./support/fixture-source";
import { serial } from "../support/excel-serial";

/**
 * INDEX.CHANGE's definition on a history whose every value is known: the base is the value on the last day on or
 * before the latest fix's date minus the period (calendar months clamped to the month's end, YTD the 31 December
 * before), carried days count as days, a gap takes the day before it, and a base before the history starts is said
 * in words. The history here: one value a day from `FIRST` to `LATEST`, each day's value its day of the year / 100
 * + 1 (so every expected base is read off the date), with a gap of three days in February.
 */
const SYMBOL = "RTM-NWE-A-1x3";
const LATEST = "2025-03-31";
const FIRST = "2024-01-10";
const GAP = new Set(["2025-02-26", "2025-02-27", "2025-02-28"]);
const DAY = 86_400_000;

function valueOn(day: string): number {
  const ms = Date.parse(day);
  const startOfYear = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  return (ms - startOfYear) / DAY / 100 + 1;
}

function point(day: string): HistoryPoint {
  const carried = new Date(day).getUTCDay() % 6 === 0;
  return {
    date: `${day}T00:00:00.000Z`,
    value: valueOn(day),
    confidence: 80,
    status: "FIRM",
    publicationMode: carried ? "CARRIED_FORWARD" : "FRESH",
    carriedForwardFrom: carried ? `${day}T00:00:00.000Z` : null,
  };
}

/** The service's answer for a query: every day of the range that has a value, in order. */
function history(symbol: string, query?: HistoryQuery): History {
  const from = Math.max(Date.parse(query?.startDate ?? FIRST), Date.parse(FIRST));
  const to = Math.min(Date.parse(query?.endDate ?? LATEST), Date.parse(LATEST));
  const values: HistoryPoint[] = [];
  for (let ms = Math.floor(from / DAY) * DAY; ms <= to; ms += DAY) {
    const day = new Date(ms).toISOString().slice(0, 10);
    if (!GAP.has(day)) values.push(point(day));
  }
  return {
    symbol,
    granularity: "daily",
    startDate: query?.startDate ?? FIRST,
    endDate: query?.endDate ?? LATEST,
    values,
  };
}

const fix = (value: number): LatestFix =>
  ({ symbol: SYMBOL, value, asOf: `${LATEST}T00:00:00.000Z` }) as unknown as LatestFix;

function env(options: { latest?: number; now?: string; formattedNumbers?: boolean } = {}) {
  const source = new FixtureSource({ history, latest: fix(options.latest ?? 2) });
  const now = new Date(`${options.now ?? LATEST}T15:00:00Z`);
  return { source, caps: { formattedNumbers: options.formattedNumbers ?? false }, now: () => now } satisfies FormulaEnv;
}

const historyCalls = (e: ReturnType<typeof env>) => e.source.calls.filter((call) => call.method === "history");

describe("INDEX.CHANGE's definition", () => {
  it.each([
    ["1D", "2025-03-30"],
    ["1W", "2025-03-24"],
    ["1M", "2025-02-25"], // 31 March − 1M is 28 February (clamped), in the gap: the last day before it
    ["3M", "2024-12-31"],
    ["6M", "2024-09-30"],
    ["YTD", "2024-12-31"],
    ["1Y", "2024-03-31"],
    ["WTD", "2025-03-30"], // 31 March 2025 is a Monday: the base is the Sunday before its ISO week
    ["MTD", "2025-02-25"], // the last day of February is in the gap: the last day before it
    ["QTD", "2024-12-31"],
  ])("%s: the base is the value of %s, the last day with a value on or before the target", async (period, base) => {
    const result = await indexChange(env(), SYMBOL, period, "abs", true);
    expect(result).toEqual([
      [`change ${period}`, "base date"],
      [2 - valueOn(base), serial(base)],
    ]);
  });

  it("pct is latest ÷ base − 1, a formatted percentage where the host shows formatted numbers", async () => {
    const base = valueOn("2025-03-24");
    expect(await indexChange(env(), SYMBOL, "1w", null, null)).toBe(2 / base - 1);
    expect(await indexChange(env({ formattedNumbers: true }), SYMBOL, "1W", "pct", null)).toEqual({
      type: "FormattedNumber",
      basicValue: 2 / base - 1,
      numberFormat: "0.00%",
    });
  });

  it("defaults to 1D and pct; a carried-forward day is a day like any other", async () => {
    // 30 March 2025 is a Sunday: its point is carried forward, and is the 1D base all the same.
    expect(point("2025-03-30").publicationMode).toBe("CARRIED_FORWARD");
    expect(await indexChange(env(), SYMBOL, null, null, null)).toBe(2 / valueOn("2025-03-30") - 1);
  });

  it("asks the latest value, then one range anchored on its date: the year before it and two weeks more", async () => {
    const e = env();
    await indexChange(e, SYMBOL, "1M", null, null);
    expect(historyCalls(e).map((call) => call.args[1])).toEqual([{ startDate: "2024-03-17", endDate: "2025-03-31" }]);
    expect(e.source.calls.filter((call) => call.method === "latestValue")).toHaveLength(1);
  });

  it("asks that same range for every period and mode", async () => {
    const e = env();
    for (const period of ["1D", "1W", "1M", "3M", "6M", "1Y", "WTD", "MTD", "QTD", "YTD"])
      for (const mode of ["pct", "abs"]) await indexChange(e, SYMBOL, period, mode, null);
    const asked = new Set(historyCalls(e).map((call) => JSON.stringify(call.args[1])));
    expect([...asked]).toEqual([JSON.stringify({ startDate: "2024-03-17", endDate: "2025-03-31" })]);
    expect(historyCalls(e)).toHaveLength(20);
  });

  it("reckons the range from the latest fix's date, not from today: a fix 20 days old costs no second range", async () => {
    // Today is 20 April; the latest fix is still 31 March: the 1W base is 24 March, in the range anchored on 31 March.
    const e = env({ now: "2025-04-20" });
    expect(await indexChange(e, SYMBOL, "1W", "abs", null)).toBe(2 - valueOn("2025-03-24"));
    expect(historyCalls(e).map((call) => call.args[1])).toEqual([{ startDate: "2024-03-17", endDate: "2025-03-31" }]);
  });

  it("says in words when the base falls before the index's history starts", async () => {
    const e = env({ now: "2024-02-01" });
    const young = new FixtureSource({
      history,
      latest: { ...fix(2), asOf: "2024-02-01T00:00:00.000Z" } as LatestFix,
    });
    expect(await indexChange({ ...e, source: young }, SYMBOL, "1M", null, null)).toBe(
      "no 1M base on 2024-01-01: history starts 2024-01-10",
    );
    expect(await indexChange({ ...e, source: young }, SYMBOL, "YTD", null, true)).toEqual([
      ["change YTD", "base date"],
      ["no YTD base on 2023-12-31: history starts 2024-01-10", ""],
    ]);
  });

  it("refuses a period or mode it does not know before any request", async () => {
    const e = env();
    const result = (await indexChange(e, SYMBOL, "2D", null, null)) as CellError;
    expect(isCellError(result)).toBe(true);
    expect(result.code).toBe("#VALUE!");
    expect(result.message).toBe(
      'period: use one of "1d", "1w", "1m", "3m", "6m", "1y", "wtd", "mtd", "qtd", "ytd" (got "2D")',
    );
    expect(((await indexChange(e, SYMBOL, "1D", "bps", null)) as CellError).message).toMatch(/^mode: use one of/);
    expect(e.source.calls).toEqual([]);
  });

  it("is #N/A saying why when the base is 0 and a percentage is asked", async () => {
    const zero = new FixtureSource({
      history: (symbol, query) => ({
        ...history(symbol, query),
        values: history(symbol, query).values.map((p) => ({ ...p, value: 0 })),
      }),
      latest: fix(2),
    });
    const result = (await indexChange({ ...env(), source: zero }, SYMBOL, "1D", null, null)) as CellError;
    expect(result.code).toBe("#N/A");
    expect(result.message).toBe("the 1D base (2025-03-30) is 0: no percentage change");
  });
});

describe("=A1.Change() on the Index value", () => {
  it("is INDEX.CHANGE of the entity's symbol", async () => {
    const e = env();
    expect(await cardChange(e, linkedIndexValue(SYMBOL), "1M", "abs", true)).toEqual(
      await indexChange(e, SYMBOL, "1M", "abs", true),
    );
  });
});
