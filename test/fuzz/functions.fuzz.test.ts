import fc from "fast-check";
import { indexVol, isCellError, type FormulaEnv, type FormulaResult } from "../../src/formulas";
import { expectClearCell } from "../support/cell-messages";
import { EVERY_INDEX_FUNCTION, type IndexFunctionName } from "../support/index-functions";
import { FixtureSource, serviceError } from "../formulas/support/fixture-source";
import { capacityFixture, historyFixture, latestFixture } from "../formulas/support/fixtures";
import { BENCHMARK_SUMMARY, FLAGSHIP_SUMMARY } from "../formulas/support/service-answers";

/**
 * Throws random arguments at every function through the pure layer (11 functions x 1,000 runs = 11,000
 * combinations). Each run gets a fresh source that counts calls. Properties: no exception escapes; every
 * error is #N/A or #VALUE! with a message; an invalid argument (#VALUE!) means no request was made, and a
 * run without requests is an invalid argument.
 */
const RUNS_PER_FUNCTION = 1_000;
/**
 * The fewest runs each path (a value, an argument error) must get. The seed is random, so the counts vary: PANEL's
 * seven arguments are all plausible in about one run in thirteen, 75 ± 8 valid of 1,000 in six runs, and a bound of
 * 50 (three deviations below) failed once in a full test run. 25 is six deviations below, and still exercises both.
 */
const EACH_PATH_AT_LEAST = 25;
const SYMBOL = "RTM-NWE-A-1x3";

const catalogue = [
  FLAGSHIP_SUMMARY,
  { symbol: "RTM-CHN-A-1x3", hub: "CHN", grade: "A", leadTime: "1x3", description: "No data", isActive: true },
];

function known<T>(symbol: string, answer: () => T): T | Error {
  if (symbol === "RTM-CHN-A-1x3") return serviceError("NotFoundError", "no data", { code: "NO_DATA" });
  return catalogue.some((entry) => entry.symbol === symbol) ? answer() : serviceError("NotFoundError", "not found");
}

function fuzzEnv(): FormulaEnv & { source: FixtureSource } {
  const source = new FixtureSource({
    listIndexes: catalogue,
    latest: (symbol) => known(symbol, () => latestFixture("latest-newer.json")),
    history: (symbol) => known(symbol, () => historyFixture("history-newer-daily.json")),
    volatility: (symbol, windowDays) =>
      known(symbol, () => ({ symbol, annualizedVol: 0.2, windowDays: windowDays ?? 30, dataPoints: 20 })),
    forward: (symbol) =>
      known(symbol, () => ({
        symbol,
        spotPrice: 1.8,
        curve: [{ tenorMonths: 1, tenorLabel: "1M", forwardPrice: 1.81, spreadBps: 50 }],
      })),
    capacity: (symbol) => known(symbol, () => capacityFixture("capacity-older.json")),
    benchmarkHealth: {
      asOf: "2024-03-01T00:00:00Z",
      benchmarkStatus: "degraded",
      reasons: ["benchmark_avg_confidence_below_50"],
      summary: BENCHMARK_SUMMARY,
    },
    systemStatus: { status: "degraded", timestamp: "2024-03-01T00:00:00Z", reasons: [] },
    health: { healthy: false, httpStatus: 503 },
    methodology: serviceError("NotFoundError", "no methodology"),
  });
  return { source, caps: { formattedNumbers: true }, now: () => new Date("2024-03-10T08:00:00Z"), settleMs: 5_000 };
}

/** What a cell or a literal can pass: valid-looking values mixed with junk of every type. */
const word = fc.constantFrom(
  SYMBOL,
  "RTM-CHN-A-1x3",
  "RTM-USG.B-2x4",
  "NOPE",
  "",
  " ",
  "value",
  "asOf",
  "confidence",
  "stale",
  "fillRatio",
  "reasons",
  "all",
  "version",
  "changelog",
  "weekly",
  "daily",
  "desc",
  "asc",
  "blank",
  "previous",
  "na",
  "status",
  "publicationMode",
  "carriedForwardFrom",
  "-30D",
  "-6M",
  "-1Y",
  "TODAY",
  "2024-02-29",
  "2024-02-30",
  "2024-03-01T00:00:00.123Z",
  "TRUE",
  "false",
  "../etc",
  "RTM NWE",
  "a,b",
  "=1+1",
  "<script>",
);
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  word,
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 400 }),
  fc.integer({ min: 40_000, max: 47_000 }),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 60, 0.5),
);
const argument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(fc.array(scalar, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);

/** Per parameter, values that are usually valid; mixed 3:1 with junk so both paths are exercised. */
const symbolLike = fc.constantFrom(SYMBOL, SYMBOL, "RTM-CHN-A-1x3", "NOPE-1", "RTM-USG.B-2x4");
const dateLike = fc.oneof(
  fc.constantFrom(null, "-30D", "-1Y", "2024-02-19", "2024-02-29", "TODAY"),
  fc.integer({ min: 45_300, max: 45_400 }),
);
const flagLike = fc.constantFrom(null, true, false);
const PLAUSIBLE: Readonly<Record<IndexFunctionName, readonly fc.Arbitrary<unknown>[]>> = {
  LIST: [flagLike, flagLike],
  LATEST: [
    symbolLike,
    fc.constantFrom(null, "value", "asOf", "stale", "confidence", "topContributorShare", "carriedForwardFrom"),
  ],
  FIX: [symbolLike, flagLike],
  HISTORY: [
    symbolLike,
    dateLike,
    dateLike,
    fc.constantFrom(null, "daily", "weekly", 0, 1),
    flagLike,
    fc.constantFrom(null, "asc", "desc", 1),
    fc.constantFrom(null, "confidence", ["status"]),
    fc.constantFrom(null, "publicationMode"),
  ],
  PANEL: [
    fc.constantFrom([[SYMBOL]], [[SYMBOL], ["RTM-USG.B-2x4"]], "RTM-NWE-A-1x3,RTM-USG.B-2x4"),
    dateLike,
    dateLike,
    fc.constantFrom(null, "blank", "previous", "na"),
    flagLike,
    fc.constantFrom(null, null, "monthly", "weekly"),
    fc.constantFrom(null, "avg", "avg,observed"),
  ],
  PERIODS: [
    symbolLike,
    dateLike,
    dateLike,
    fc.constantFrom(null, "weekly", "monthly", "quarterly", "yearly"),
    fc.constantFrom(null, "avg,observed", "AVG, Carried,change", "pctchange"),
    flagLike,
  ],
  CHANGE: [
    symbolLike,
    fc.constantFrom(null, "1D", "1w", "1M", "3M", "6M", "YTD", "1Y", "wtd", "MTD", "QTD"),
    fc.constantFrom(null, "pct", "abs"),
    flagLike,
  ],
  VOL: [symbolLike, fc.constantFrom(null, 2, 30, 365)],
  FORWARD: [symbolLike, flagLike, fc.constantFrom(null, null, "1M", "3m", 12, "5M")],
  CAPACITY: [symbolLike, fc.constantFrom(null, "fillRatio", "recordedAt", "modelVersion")],
  HEALTH: [fc.constantFrom(null, "reasons", "all", "avgConfidence", "status")],
  STATUS: [],
  METHODOLOGY: [fc.constantFrom(null, "version", "changelog")],
  CARD: [symbolLike, fc.constantFrom(null, "Value", "confidence, Data coverage", [["As of"], ["Status"]])],
};

function args(name: IndexFunctionName): fc.Arbitrary<unknown[]> {
  const positions = PLAUSIBLE[name].map((plausible) =>
    fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: argument }),
  );
  return fc.tuple(...positions);
}

function checkResult(name: IndexFunctionName, result: FormulaResult, calls: number): void {
  if (Array.isArray(result)) {
    expect(result.length).toBeGreaterThan(0);
    result.forEach((row) => row.forEach((cell) => expectClearCell(name, cell)));
    expect(calls).toBeGreaterThan(0);
    return;
  }
  expectClearCell(name, result);
  const argumentError = isCellError(result) && result.code === "#VALUE!";
  expect({ argumentError, requested: calls > 0 }).toEqual({ argumentError, requested: !argumentError });
}

describe("fuzzing every INDEX function", () => {
  it.each(EVERY_INDEX_FUNCTION)("%s: 1,000 random argument combinations", async (name, call) => {
    let valid = 0;
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(args(name), async (a) => {
        const env = fuzzEnv();
        const result = await call(env, a);
        checkResult(name, result, env.source.calls.length);
        if (isCellError(result) && result.code === "#VALUE!") invalid += 1;
        else valid += 1;
      }),
      { numRuns: RUNS_PER_FUNCTION },
    );
    // Both paths must be exercised, or the property proves little (STATUS has no arguments to get wrong).
    expect(valid).toBeGreaterThan(EACH_PATH_AT_LEAST);
    if (name !== "STATUS" && name !== "LIST") expect(invalid).toBeGreaterThan(EACH_PATH_AT_LEAST);
  });

  it("a known-invalid windowDays, date or field is refused without any request", async () => {
    const invalid = fc.oneof(
      fc.integer({ max: 1 }),
      fc.integer({ min: 366 }),
      fc.double({ noInteger: true, min: 2, max: 365 }),
      fc.constantFrom("x", true, Number.NaN),
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (windowDays) => {
        const env = fuzzEnv();
        const result = await indexVol(env, SYMBOL, windowDays);
        expect(isCellError(result) && result.code).toBe("#VALUE!");
        expect(isCellError(result) && result.message).toMatch(/^windowDays: /);
        expect(env.source.calls).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
