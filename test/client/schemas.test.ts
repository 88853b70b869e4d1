import { LatestFixWire, toLatestFix } from "@index-data/wire/resources/latest";
import { IndexListWire, toIndexList } from "@index-data/wire/resources/indexes";
import { HistoryWire, toHistory } from "@index-data/wire/resources/history";
import { CapacityMetricsWire, toCapacityMetrics } from "@index-data/wire/resources/capacity";
import { VolatilityWire, toVolatility } from "@index-data/wire/resources/volatility";
import { ForwardCurveWire, toForwardCurve } from "@index-data/wire/resources/forward";
import { BenchmarkHealthWire, toBenchmarkHealth } from "@index-data/wire/resources/benchmark-health";
import { SystemStatusWire, toSystemStatus } from "@index-data/wire/resources/system-status";
import { HealthWire, toHealth } from "@index-data/wire/resources/health";
import { loadWire, SCHEMAS, wireFixtures } from "./wire-fixtures";

const fixtures = wireFixtures();

describe("wire fixtures of both descriptions", () => {
  it("cover every resource, and both passing and failing cases in each description", () => {
    const resources = new Set(fixtures.map((f) => f.resource));
    expect([...resources].sort()).toEqual(Object.keys(SCHEMAS).sort());
    for (const flavor of ["newer", "older"] as const) {
      expect(fixtures.some((f) => f.flavor === flavor && f.mustFail)).toBe(true);
      expect(fixtures.some((f) => f.flavor === flavor && !f.mustFail)).toBe(true);
    }
  });

  it.each(fixtures.map((f) => [`${f.flavor}/${f.file}`, f] as const))("%s", (_name, fixture) => {
    const schema = SCHEMAS[fixture.resource];
    if (schema === undefined) throw new Error(`No schema for fixture resource "${fixture.resource}"`);
    const result = schema.safeParse(fixture.body);
    if (fixture.mustFail) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.length).toBeGreaterThan(0);
    } else {
      expect(result.error?.issues).toBeUndefined();
      expect(result.success).toBe(true);
    }
  });
});

describe("strict where a wrong number would reach a cell", () => {
  it.each([
    ["error.latest.value-missing.json", "value"],
    ["error.latest.value-string.json", "value"],
    ["error.latest.value-null.json", "value"],
    ["error.latest.bad-timestamp.json", "asOf"],
  ])("newer/%s fails at %s", (file, field) => {
    const result = LatestFixWire.safeParse(loadWire("newer", file));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });

  it("rejects a history value that is a string, naming the element", () => {
    const result = HistoryWire.safeParse(loadWire("newer", "error.history.value-string.json"));
    expect(result.error?.issues[0]?.path).toEqual(["values", 0, "value"]);
  });

  it("rejects NaN-like numbers: Infinity is not a figure", () => {
    const body = { ...(loadWire("older", "latest.json") as object), value: Number.POSITIVE_INFINITY };
    expect(LatestFixWire.safeParse(body).success).toBe(false);
  });
});

describe("tolerant where the spec says clients must be", () => {
  it("keeps newer-only fields absent for the older description, and null carriedForwardFrom as null", () => {
    const older = toLatestFix(LatestFixWire.parse(loadWire("older", "latest.json")));
    expect("derivationMethod" in older).toBe(false);
    expect("carriedForwardFrom" in older).toBe(false);
    const newer = toLatestFix(LatestFixWire.parse(loadWire("newer", "latest.json")));
    expect(newer.carriedForwardFrom).toBeNull();
    expect(newer.publicationMode).toBe("FRESH");
  });

  it("keeps unknown fields on the wire value but leaves them out of the domain value", () => {
    const wire = LatestFixWire.parse(loadWire("newer", "latest.carried-forward.json"));
    expect(wire).toHaveProperty("auditTrailId", "a1b2c3");
    const fix = toLatestFix(wire);
    expect(fix).not.toHaveProperty("auditTrailId");
    expect(fix.carriedForwardFrom).toBe("2025-03-14T16:30:00Z");
    expect(fix.dataCoverage.executedTrades).toBe(0);
  });

  it("reads a timestamp without a zone as UTC, and keeps a carriedForwardFrom that is not a timestamp as text", () => {
    const fix = toLatestFix(LatestFixWire.parse(loadWire("newer", "latest.zoneless-timestamps.json")));
    expect(fix.asOf).toBe("2025-03-17T00:00:00.123456Z");
    expect(new Date(fix.asOf).toISOString()).toBe("2025-03-17T00:00:00.123Z");
    expect(fix.carriedForwardFrom).toBe("previous business day");
  });

  it("maps a no-data index's null latest value to absent, not 0", () => {
    const list = toIndexList(IndexListWire.parse(loadWire("newer", "indexes.json")));
    const noData = list.find((i) => i.symbol === "RTM-CHN-A-1x3");
    expect(noData).toBeDefined();
    expect(noData).not.toHaveProperty("latestValue");
    expect(noData).not.toHaveProperty("latestAsOf");
    expect(list.find((i) => i.symbol === "RTM-USG.B-2x4")).not.toHaveProperty("region");
  });

  it("sorts history ascending whatever order the service sent, and defaults granularity to daily", () => {
    const history = toHistory(HistoryWire.parse(loadWire("newer", "history.json")));
    expect(history.values.map((p) => p.date)).toEqual([
      "2025-03-07T00:00:00Z",
      "2025-03-08T00:00:00Z",
      "2025-03-10T00:00:00Z",
    ]);
    expect(history.values[1]?.carriedForwardFrom).toBe("2025-03-07T00:00:00Z");
    expect(toHistory(HistoryWire.parse(loadWire("newer", "history.no-granularity.json"))).granularity).toBe("daily");
    expect(toHistory(HistoryWire.parse(loadWire("older", "history.weekly.json"))).granularity).toBe("weekly");
  });

  it("keeps the description-specific capacity fields of each description", () => {
    const newer = toCapacityMetrics(CapacityMetricsWire.parse(loadWire("newer", "capacity.json")), "RTM-NWE-A-1x3");
    expect(newer).toMatchObject({ modelVersion: "capacity-model-1.4.0", horizonDays: 90, symbol: "RTM-NWE-A-1x3" });
    expect(newer).not.toHaveProperty("recordedAt");
    const older = toCapacityMetrics(CapacityMetricsWire.parse(loadWire("older", "capacity.json")), "asked");
    expect(older).toMatchObject({ symbol: "RTM-NWE-A-1x3", recordedAt: "2025-03-14T00:00:00Z" });
    expect(older).not.toHaveProperty("modelVersion");
    const nulls = toCapacityMetrics(CapacityMetricsWire.parse(loadWire("newer", "capacity.model-null.json")), "X");
    expect(nulls).not.toHaveProperty("modelVersion");
    expect(nulls).not.toHaveProperty("horizonDays");
  });

  it("carries the older description's volatility window dates only where sent", () => {
    expect(toVolatility(VolatilityWire.parse(loadWire("older", "volatility.json")))).toHaveProperty("startDate");
    expect(toVolatility(VolatilityWire.parse(loadWire("newer", "volatility.json")))).not.toHaveProperty("startDate");
  });

  it("sorts a forward curve by tenor", () => {
    const curve = toForwardCurve(ForwardCurveWire.parse(loadWire("newer", "forward.json")));
    expect(curve.curve.map((p) => p.tenorMonths)).toEqual([1, 3, 6, 12]);
  });

  it("turns null reasons into an empty list", () => {
    expect(
      toBenchmarkHealth(BenchmarkHealthWire.parse(loadWire("newer", "benchmark-health.reasons-null.json"))).reasons,
    ).toEqual([]);
    const status = toSystemStatus(SystemStatusWire.parse(loadWire("newer", "system-status.degraded.json")));
    expect(status).toMatchObject({ status: "degraded", reasons: ["benchmark_flagship_flat_over_72h"] });
  });

  it("judges health by the HTTP status, whatever its body says", () => {
    expect(toHealth(HealthWire.parse(loadWire("older", "health.json")), 200)).toEqual({
      healthy: true,
      httpStatus: 200,
    });
    expect(toHealth(HealthWire.parse({ status: "ok" }), 503)).toEqual({
      healthy: false,
      status: "ok",
      httpStatus: 503,
    });
    expect(toHealth(HealthWire.parse({ status: 3 }), 503)).toEqual({ healthy: false, httpStatus: 503 });
  });
});
