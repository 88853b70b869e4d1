import type { History, HistoryPoint } from "@index-data/wire/resources/history";
import { CellError, isCellError } from "../../src/formulas/cell-error";
import type { FormulaResult, Spill } from "../../src/formulas/cells";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { indexPanel } from "../../src/formulas/index-functions/panel";
import { indexPeriods } from "../../src/formulas/index-functions/periods";
import { FixtureSource } from "./support/fixture-source";
import { serial } from "../support/excel-serial";

const A = "RTM-NWE-A-1x3";
const B = "RTM-NWE-B-1x3";
const NOW = new Date("2024-04-10T12:00:00Z");

const point = (date: string, value: number, carriedFrom?: string): HistoryPoint => ({
  date: `${date}T00:00:00.000Z`,
  value,
  confidence: 60,
  status: "FIRM",
  publicationMode: carriedFrom === undefined ? "FRESH" : "CARRIED_FORWARD",
  carriedForwardFrom: carriedFrom === undefined ? null : `${carriedFrom}T00:00:00.000Z`,
});

/** A: Jan 30–31 fresh, Feb 1 fresh, Feb 2 carried. B: only Feb 1. Service default range: Jan 15 – Feb 20. */
const HISTORIES: Record<string, HistoryPoint[]> = {
  [A]: [point("2024-01-30", 2), point("2024-01-31", 4), point("2024-02-01", 5), point("2024-02-02", 5, "2024-02-01")],
  [B]: [point("2024-02-01", 7)],
};

function history(symbol: string): History {
  return {
    symbol,
    granularity: "daily",
    startDate: "2024-01-15T00:00:00.000Z",
    endDate: "2024-02-20T23:59:59.999Z",
    values: HISTORIES[symbol] ?? [],
  };
}

function env(formattedNumbers = false): FormulaEnv & { source: FixtureSource } {
  return { source: new FixtureSource({ history }), caps: { formattedNumbers }, now: () => NOW };
}

function expectError(result: FormulaResult, code: string, text: RegExp): void {
  expect(isCellError(result)).toBe(true);
  expect((result as CellError).code).toBe(code);
  expect((result as CellError).message).toMatch(text);
}

describe("INDEX.PERIODS", () => {
  it("defaults: monthly avg and observed, no header, cut at the service's default range", async () => {
    const e = env();
    expect(await indexPeriods(e, [A])).toEqual([
      [serial("2024-01-15"), serial("2024-01-31"), 3, 2],
      [serial("2024-02-01"), serial("2024-02-20"), 5, 1],
    ]);
  });

  it("sends the same daily query as INDEX.HISTORY for the same range, so the engine can merge them", async () => {
    const e = env();
    await indexPeriods(e, [A, "2024-01-01", "2024-02-29", "weekly", "last"]);
    await indexHistory(e, [A, "2024-01-01", "2024-02-29"]);
    expect(e.source.calls).toHaveLength(2);
    expect(e.source.calls[0]?.args).toEqual([
      A,
      { startDate: "2024-01-01T00:00:00.000Z", endDate: "2024-02-29T23:59:59.999Z" },
    ]);
    expect(e.source.calls[0]?.args).toEqual(e.source.calls[1]?.args);
  });

  it("matches stats case-insensitively, keeps headers as typed, in the order given, dates formatted", async () => {
    const result = (await indexPeriods(env(true), [
      A,
      "2024-01-01",
      "2024-02-29",
      "Monthly",
      " Last, CARRIED ,pctChange",
      true,
    ])) as Spill;
    expect(result[0]).toEqual(["period start", "period end", "Last", "CARRIED", "pctChange"]);
    expect(result[1]).toEqual([
      { type: "FormattedNumber", basicValue: serial("2024-01-01"), numberFormat: "yyyy-mm-dd" },
      { type: "FormattedNumber", basicValue: serial("2024-01-31"), numberFormat: "yyyy-mm-dd" },
      4,
      0,
      "",
    ]);
    expect(result[2]?.slice(2)).toEqual([5, 1, 0.25]);
  });

  it("bad period or stat: #VALUE! naming what is allowed or what is unknown, and no request", async () => {
    const e = env();
    expectError(
      await indexPeriods(e, [A, null, null, "daily"]),
      "#VALUE!",
      /^period: use one of "weekly", "monthly", "quarterly", "yearly" \(got "daily"\)$/,
    );
    expectError(
      await indexPeriods(e, [A, null, null, null, "avg,mean"]),
      "#VALUE!",
      /^stats: unknown stat "mean"; use any of avg, low, high, first, last, observed, carried, confidence, change, pctchange/,
    );
    expectError(await indexPeriods(e, [A, null, null, null, null, "maybe"]), "#VALUE!", /^headers: use TRUE or FALSE/);
    expect(e.source.calls).toEqual([]);
  });

  it("no values in the range: #N/A saying so", async () => {
    expectError(
      await indexPeriods(env(), [A, "2024-03-01", "2024-03-31"]),
      "#N/A",
      /^no data: 'RTM-NWE-A-1x3' has no values in this date range$/,
    );
  });
});

describe("INDEX.PANEL with a period", () => {
  it("one row per period; per symbol one column per stat; a period a symbol has no value in is empty", async () => {
    const e = env();
    const result = await indexPanel(e, `${A},${B}`, "2024-01-01", "2024-02-29", null, true, "monthly", "avg,Observed");
    expect(result).toEqual([
      ["period start", "period end", `${A} avg`, `${A} Observed`, `${B} avg`, `${B} Observed`],
      [serial("2024-01-01"), serial("2024-01-31"), 3, 2, "", ""],
      [serial("2024-02-01"), serial("2024-02-29"), 5, 1, 7, 1],
    ]);
    expect(e.source.calls).toHaveLength(2);
  });

  it('fill "na" shows #N/A where a symbol has no value in a period', async () => {
    const result = (await indexPanel(
      env(),
      [[A], [B]],
      "2024-01-01",
      "2024-02-29",
      "na",
      false,
      "monthly",
      "avg",
    )) as Spill;
    expect(result[0]?.[2]).toBe(3);
    expectError(result[0]?.[3] as FormulaResult, "#N/A", /'RTM-NWE-B-1x3'/);
  });

  it("without a period the panel is daily as before; stats without a period is #VALUE! without a request", async () => {
    const e = env();
    const daily = (await indexPanel(e, A, "2024-01-31", "2024-01-31", null, false)) as Spill;
    expect(daily).toEqual([[serial("2024-01-31"), 4]]);
    const calls = e.source.calls.length;
    expectError(await indexPanel(e, A, null, null, null, null, null, "avg"), "#VALUE!", /^stats: stats need a period/);
    expectError(
      await indexPanel(e, A, null, null, null, null, "hourly"),
      "#VALUE!",
      /^period: use one of "weekly", "monthly"/,
    );
    expect(e.source.calls).toHaveLength(calls);
  });
});
