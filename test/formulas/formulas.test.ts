import { CellError, isCellError } from "../../src/formulas/cell-error";
import type { FormulaResult, Spill } from "../../src/formulas/cells";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { indexCapacity, indexForward, indexVol } from "../../src/formulas/index-functions/analytics";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { indexFix, indexLatest } from "../../src/formulas/index-functions/latest";
import { indexList } from "../../src/formulas/index-functions/list";
import { indexMethodology } from "../../src/formulas/index-functions/methodology";
import { indexPanel } from "../../src/formulas/index-functions/panel";
import { indexHealth, indexStatus } from "../../src/formulas/index-functions/service";
import { FixtureSource, serviceError, type FixtureAnswers } from "./support/fixture-source";
import { capacityFixture, historyFixture, latestFixture } from "./support/fixtures";
import { serial } from "../support/excel-serial";
import { EXPECTED_LIST_HEADER } from "../support/list-header";
import { BENCHMARK_SUMMARY, FLAGSHIP_SUMMARY } from "./support/service-answers";

const SYMBOL = "RTM-NWE-A-1x3";
const NOW = new Date("2024-03-10T12:00:00Z");

function env(answers: FixtureAnswers, formattedNumbers = false): FormulaEnv & { source: FixtureSource } {
  return { source: new FixtureSource(answers), caps: { formattedNumbers }, now: () => NOW };
}

function expectError(result: FormulaResult, code: string, text: RegExp): void {
  expect(isCellError(result)).toBe(true);
  expect((result as CellError).code).toBe(code);
  expect((result as CellError).message).toMatch(text);
}

const catalogue = [
  FLAGSHIP_SUMMARY,
  { symbol: "RTM-OLD-C-1x3", hub: "OLD", grade: "C", leadTime: "1x3", description: "Retired", isActive: false },
];

describe("INDEX.HISTORY shaping", () => {
  const newer = env({ history: () => historyFixture("history-newer-daily.json") });

  it("spills date and value ascending with no header by default, and asks for exactly the range given", async () => {
    const result = (await indexHistory(newer, [SYMBOL, "2024-02-26", "2024-02-29"])) as Spill;
    expect(result).toEqual([
      [serial("2024-02-26"), 1.85],
      [serial("2024-02-27"), 1.86],
      [serial("2024-02-28"), 1.87],
      [serial("2024-02-29"), 1.88],
    ]);
    expect(newer.source.calls[0]?.args).toEqual([
      SYMBOL,
      { startDate: "2024-02-26T00:00:00.000Z", endDate: "2024-02-29T23:59:59.999Z" },
    ]);
  });

  it("computes weekly locally when the service ignores granularity, sorts descending, adds headers and fields", async () => {
    const result = (await indexHistory(newer, [
      SYMBOL,
      "2024-02-19",
      "2024-03-10",
      "weekly",
      true,
      "desc",
      ["confidence", "status"],
    ])) as Spill;
    expect(result[0]).toEqual(["date", "value", "confidence", "status"]);
    expect(result.slice(1).map((row) => row[0])).toEqual([
      serial("2024-03-07"),
      serial("2024-03-01"),
      serial("2024-02-23"),
    ]);
    expect(newer.source.calls.at(-1)?.args[1]).toMatchObject({ granularity: "weekly" });
  });

  it("shows carriedForwardFrom as a date, and empty for a fresh value", async () => {
    const result = (await indexHistory(newer, [
      SYMBOL,
      "2024-02-23",
      "2024-02-24",
      0,
      false,
      0,
      "carriedForwardFrom",
    ])) as Spill;
    expect(result).toEqual([
      [serial("2024-02-23"), 1.84, ""],
      [serial("2024-02-24"), 1.84, serial("2024-02-23")],
    ]);
  });

  it("says a field is not published when the service's description lacks it", async () => {
    const older = env({ history: () => historyFixture("history-older-daily.json") });
    expectError(
      await indexHistory(older, [SYMBOL, "2024-02-19", "2024-03-10", null, null, null, ["publicationMode"]]),
      "#N/A",
      /publicationMode.*not published/,
    );
  });

  it("is #N/A no data for an empty range, and #VALUE! for a reversed one without any request", async () => {
    expectError(await indexHistory(newer, [SYMBOL, "2030-01-01", "2030-02-01"]), "#N/A", /no data/);
    const fresh = env({ history: () => historyFixture("history-newer-daily.json") });
    expectError(
      await indexHistory(fresh, [SYMBOL, "2024-03-01", "2024-02-01"]),
      "#VALUE!",
      /^start: must be on or before end/,
    );
    expectError(
      await indexHistory(fresh, [SYMBOL, null, null, "monthly"]),
      "#VALUE!",
      /^granularity: use one of "daily", "weekly"/,
    );
    expectError(await indexHistory(fresh, [SYMBOL, null, null, null, null, null, ["volume"]]), "#VALUE!", /^fields: /);
    expect(fresh.source.calls).toEqual([]);
  });
});

describe("INDEX.LATEST and INDEX.FIX", () => {
  const newer = env({ latest: () => latestFixture("latest-newer.json") }, true);
  const older = env({ latest: () => latestFixture("latest-older.json") });

  it("answers value, asOf and stale from latestValue, other fields from the latest fix", async () => {
    expect(await indexLatest(newer, SYMBOL, null)).toBe(1.8734);
    expect(await indexLatest(newer, SYMBOL, "asOf")).toMatchObject({
      type: "FormattedNumber",
      numberFormat: "yyyy-mm-dd hh:mm:ss.000",
    });
    expect(await indexLatest(newer, SYMBOL, "stale")).toBe(false);
    expect(await indexLatest(newer, SYMBOL, "dataCoverage.topContributorShare")).toBe(0.31);
    expect(await indexLatest(newer, SYMBOL, "Confidence")).toBe(82);
    expect(newer.source.calls.map((call) => call.method)).toEqual([
      "latestValue",
      "latestValue",
      "latestValue",
      "latest",
      "latest",
    ]);
  });

  it("marks last-known values as stale", async () => {
    const stale = env({ latest: () => latestFixture("latest-newer.json"), stale: true });
    expect(await indexLatest(stale, SYMBOL, "stale")).toBe(true);
  });

  it("shows carriedForwardFrom empty when fresh, and #N/A where the description does not send it", async () => {
    expect(await indexLatest(newer, SYMBOL, "carriedForwardFrom")).toBe("");
    expectError(await indexLatest(older, SYMBOL, "publicationMode"), "#N/A", /publicationMode.*not published/);
  });

  it("spills the whole fix as field/value rows, leaving out what the service does not send", async () => {
    const card = (await indexFix(older, SYMBOL, true)) as Spill;
    expect(card[0]).toEqual(["field", "value"]);
    expect(card).toContainEqual(["value", 1.8734]);
    expect(card).toContainEqual(["asOf", serial("2024-02-29")]);
    expect(card).toContainEqual(["topContributorShare", 0.31]);
    expect(card.map((row) => row[0])).not.toContain("publicationMode");
    const full = (await indexFix(newer, SYMBOL, null)) as Spill;
    expect(full.map((row) => row[0])).toContain("publicationMode");
  });

  it("refuses an unknown field before any request", async () => {
    const fresh = env({});
    expectError(await indexLatest(fresh, SYMBOL, "price"), "#VALUE!", /^field: use one of "symbol", "value"/);
    expect(fresh.source.calls).toEqual([]);
  });
});

describe("INDEX.LIST, VOL, FORWARD, CAPACITY", () => {
  it("lists the catalogue with headers, empty latest cells for an index without data", async () => {
    const result = (await indexList(env({ listIndexes: catalogue }), null, null)) as Spill;
    expect(result[0]).toEqual(EXPECTED_LIST_HEADER);
    expect(result[1]).toEqual([SYMBOL, "NWE", "A", "1x3", "Flagship", true, 1.87, serial("2024-02-29")]);
    expect(result[2]?.slice(5)).toEqual([false, "", ""]);
    expect(await indexList(env({ listIndexes: catalogue }), true, false)).toHaveLength(1);
  });

  it("returns volatility, and validates windowDays first", async () => {
    const vol = env({
      volatility: (symbol, windowDays) => ({
        symbol,
        annualizedVol: 0.2,
        windowDays: windowDays ?? 30,
        dataPoints: 20,
      }),
    });
    expect(await indexVol(vol, SYMBOL, 60)).toBe(0.2);
    expect(vol.source.calls[0]?.args).toEqual([SYMBOL, 60]);
    expectError(await indexVol(vol, SYMBOL, 1), "#VALUE!", /^windowDays: use a whole number from 2 to 365 \(got 1\)/);
    expectError(await indexVol(vol, SYMBOL, 30.5), "#VALUE!", /windowDays/);
    expect(vol.source.calls).toHaveLength(1);
  });

  it("spills the forward curve with a header row by default", async () => {
    const fwd = env({
      forward: (symbol) => ({
        symbol,
        spotPrice: 1.8,
        curve: [{ tenorMonths: 1, tenorLabel: "1M", forwardPrice: 1.81, spreadBps: 55 }],
      }),
    });
    expect(await indexForward(fwd, SYMBOL, null)).toEqual([
      ["tenorMonths", "tenorLabel", "forwardPrice", "spreadBps"],
      [1, "1M", 1.81, 55],
    ]);
  });

  it("returns one capacity figure, or the record without fields the description lacks", async () => {
    const older = env({ capacity: () => capacityFixture("capacity-older.json") });
    expect(await indexCapacity(older, SYMBOL, "fill ratio")).toBe(0.84);
    const record = (await indexCapacity(older, SYMBOL, null)) as Spill;
    expect(record).toContainEqual(["recordedAt", serial("2024-02-29") + 0.25]);
    expect(record.map((row) => row[0])).not.toContain("modelVersion");
    expectError(await indexCapacity(older, SYMBOL, "modelVersion"), "#N/A", /not published/);
    const newer = env({ capacity: () => capacityFixture("capacity-newer.json") });
    expect(await indexCapacity(newer, SYMBOL, "horizonDays")).toBe(90);
  });
});

describe("INDEX.HEALTH, STATUS, METHODOLOGY", () => {
  const health = {
    asOf: "2024-03-10T11:00:00Z",
    benchmarkStatus: "degraded",
    reasons: ["benchmark_flagship_flat_over_72h"],
    summary: BENCHMARK_SUMMARY,
  };

  it("gives the benchmark status, the reasons as a column, or a summary figure", async () => {
    const e = env({ benchmarkHealth: health });
    expect(await indexHealth(e, null)).toBe("degraded");
    expect(await indexHealth(e, "reasons")).toEqual([["benchmark_flagship_flat_over_72h"]]);
    expect(await indexHealth(e, "avgConfidence")).toBe(71);
    expect(await indexHealth(e, "status")).toBe("degraded");
    expect(await indexHealth(e, " Status ")).toBe("degraded");
  });

  it("reads /api/status, and falls back to /api/health where the service has no status endpoint", async () => {
    expect(
      await indexStatus(env({ systemStatus: { status: "ok", timestamp: "2024-03-10T11:00:00Z", reasons: [] } })),
    ).toBe("ok");
    const notFound = serviceError("NotFoundError", "not published", { status: 404 });
    expect(await indexStatus(env({ systemStatus: notFound, health: { healthy: false, httpStatus: 503 } }))).toBe(
      "degraded",
    );
    expect(
      await indexStatus(env({ systemStatus: notFound, health: { healthy: false, status: "DOWN", httpStatus: 503 } })),
    ).toBe("down");
    expect(await indexStatus(env({ systemStatus: notFound, health: { healthy: true, httpStatus: 200 } }))).toBe("ok");
  });

  it("a state the service could not be asked for (a last-known value) is never shown as current", async () => {
    const okStatus = { status: "ok" as const, timestamp: "2024-03-10T11:00:00Z", reasons: [] };
    // The fixture source serves last-known values as fetched at 2024-03-01T12:00:00Z.
    const unreachable = "unreachable (last seen ok at 2024-03-01 12:00 UTC)";
    expect(await indexStatus(env({ systemStatus: okStatus, stale: true }))).toBe(unreachable);
    const notFound = serviceError("NotFoundError", "not published", { status: 404 });
    expect(
      await indexStatus(env({ systemStatus: notFound, health: { healthy: true, httpStatus: 200 }, stale: true })),
    ).toBe(unreachable);
    const stale = env({ benchmarkHealth: health, stale: true });
    expect(await indexHealth(stale, null)).toBe("unreachable (last seen degraded at 2024-03-01 12:00 UTC)");
    expect(await indexHealth(stale, "all")).toContainEqual([
      "benchmarkStatus",
      "unreachable (last seen degraded at 2024-03-01 12:00 UTC)",
    ]);
    // Figures are last-known values like any other, marked stale where the cell asks.
    expect(await indexHealth(stale, "avgConfidence")).toBe(71);
  });

  it("falls back to the latest fixes' methodologyVersion without a methodology document", async () => {
    const e = env({
      methodology: serviceError("NotFoundError", "no such endpoint"),
      listIndexes: catalogue,
      latest: () => latestFixture("latest-newer.json"),
    });
    expect(await indexMethodology(e, null)).toBe("2.1.0");
    expectError(await indexMethodology(e, "changelog"), "#N/A", /no methodology document/);
  });

  it("reads the methodology document where there is one", async () => {
    const document = {
      version: "2.0.3",
      publishedAt: "2023-06-01T00:00:00Z",
      changelog: [
        { version: "2.0.3", summary: "Weights" },
        { version: "2.0.2", summary: "Caps", note: "x" },
      ],
      productDefinition: { unit: "USD/kg" },
      calculationMethod: {},
      normalizationRules: ["trim"],
      confidenceScoring: { scale: 100 },
    };
    const e = env({ methodology: document });
    expect(await indexMethodology(e, null)).toBe("2.0.3");
    expect(await indexMethodology(e, "publishedAt")).toBe(serial("2023-06-01"));
    expect(await indexMethodology(e, "changelog")).toEqual([
      ["version", "summary", "note"],
      ["2.0.3", "Weights", ""],
      ["2.0.2", "Caps", "x"],
    ]);
    expect(await indexMethodology(e, "normalizationRules")).toEqual([["trim"]]);
  });

  it("shows the changelog's dates as Excel dates, not ISO text", async () => {
    const changelog = [
      { version: "2.0.3", date: "2023-05-30", summary: "Weights" },
      { version: "2.0.2", date: "2023-01-15T12:00:00Z", summary: "1999-01-01 is mentioned here" },
    ];
    const sections = { productDefinition: {}, calculationMethod: {}, normalizationRules: [], confidenceScoring: {} };
    const e = env({ methodology: { version: "2.0.3", publishedAt: "2023-06-01T00:00:00Z", changelog, ...sections } });
    expect(await indexMethodology(e, "changelog")).toEqual([
      ["version", "date", "summary"],
      ["2.0.3", serial("2023-05-30"), "Weights"],
      ["2.0.2", serial("2023-01-15") + 0.5, "1999-01-01 is mentioned here"],
    ]);
  });
});

describe("INDEX.PANEL", () => {
  it("aligns several symbols on one date column with a symbol header", async () => {
    const e = env({ history: () => historyFixture("history-older-daily.json") });
    const result = (await indexPanel(
      e,
      [["RTM-NWE-A-1x3"], [""], ["RTM-NWE-B-1x3"]],
      "2024-02-23",
      "2024-02-27",
      "previous",
      null,
    )) as Spill;
    expect(result[0]).toEqual(["date", "RTM-NWE-A-1x3", "RTM-NWE-B-1x3"]);
    expect(result.slice(1).map((row) => row[0])).toEqual([
      serial("2024-02-23"),
      serial("2024-02-26"),
      serial("2024-02-27"),
    ]);
    expect(e.source.calls.map((call) => call.args[0])).toEqual(["RTM-NWE-A-1x3", "RTM-NWE-B-1x3"]);
  });

  it("refuses an empty symbol range or a bad fill before any request", async () => {
    const e = env({});
    expectError(await indexPanel(e, [[""], [null]], null, null, null, null), "#VALUE!", /^symbols: give 1 to 20/);
    expectError(
      await indexPanel(e, "A,B", null, null, "zero", null),
      "#VALUE!",
      /^fill: use one of "blank", "previous", "na"/,
    );
    expect(e.source.calls).toEqual([]);
  });
});
