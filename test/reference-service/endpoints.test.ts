import { BenchmarkHealthWire } from "@index-data/wire/resources/benchmark-health";
import { CapacityMetricsWire } from "@index-data/wire/resources/capacity";
import { ForwardCurveWire } from "@index-data/wire/resources/forward";
import { HealthWire } from "@index-data/wire/resources/health";
import { HistoryWire } from "@index-data/wire/resources/history";
import { IndexListWire } from "@index-data/wire/resources/indexes";
import { LatestFixWire } from "@index-data/wire/resources/latest";
import { MethodologyWire } from "@index-data/wire/resources/methodology";
import { SystemStatusWire } from "@index-data/wire/resources/system-status";
import { VolatilityWire } from "@index-data/wire/resources/volatility";
import { DOTTED, FLAGSHIP, INACTIVE, NO_DATA, WEDNESDAY, get, list, record, serviceFor } from "./support";

const NEWER_PROVENANCE = ["derivationMethod", "publicationMode", "carriedForwardFrom"] as const;

describe.each(["newer", "older"] as const)("every endpoint, %s description", (flavor) => {
  const service = serviceFor({ flavor, now: () => WEDNESDAY });
  const newer = flavor === "newer";
  /** The body at `path` where this description has the endpoint (200); elsewhere checks the 404 and gives undefined. */
  async function bodyWhere(present: boolean, path: string): Promise<unknown> {
    const { status, body } = await get(service(), path);
    expect(status).toBe(present ? 200 : 404);
    return present ? body : undefined;
  }

  test("/api/v1/indexes matches IndexListWire and lists the data's indexes", async () => {
    const { status, body } = await get(service(), "/api/v1/indexes");
    expect(status).toBe(200);
    const parsed = IndexListWire.parse(body);
    expect(parsed.indexes.length).toBeGreaterThanOrEqual(8);
    const flagship = parsed.indexes.find((i) => i.symbol === FLAGSHIP);
    expect(flagship?.latestAsOf).toBe("2025-06-18T00:00:00.000Z");
    expect(parsed.indexes.find((i) => i.symbol === NO_DATA)?.latestValue).toBeNull();
  });

  test("/latest matches LatestFixWire for every index with data; provenance only in newer", async () => {
    const { body } = await get(service(), "/api/v1/indexes");
    const symbols = IndexListWire.parse(body)
      .indexes.filter((i) => i.latestValue != null)
      .map((i) => i.symbol);
    for (const symbol of symbols) {
      const response = await get(service(), `/api/v1/index/${encodeURIComponent(symbol)}/latest`);
      expect(response.status).toBe(200);
      const fix = LatestFixWire.parse(response.body);
      expect(fix.symbol).toBe(symbol);
      expect(fix.unit).toBe("USD/kg");
      expect(fix.currency).toBe("USD");
      expect(fix.methodologyVersion).toMatch(/^\d+\.\d+\.\d+$/);
      for (const field of NEWER_PROVENANCE) {
        if (newer) expect(record(response.body)).toHaveProperty(field);
        else expect(record(response.body)).not.toHaveProperty(field);
      }
    }
  });

  test("/history matches HistoryWire; points carry provenance only in newer", async () => {
    const { status, body } = await get(
      service(),
      `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-01&endDate=2025-06-18`,
    );
    expect(status).toBe(200);
    const history = HistoryWire.parse(body);
    expect(history.values).toHaveLength(18);
    for (const point of list(record(body).values)) {
      for (const field of NEWER_PROVENANCE) {
        if (newer) expect(record(point)).toHaveProperty(field);
        else expect(record(point)).not.toHaveProperty(field);
      }
    }
  });

  test("/volatility matches VolatilityWire; startDate/endDate only in older", async () => {
    const { status, body } = await get(service(), `/api/v1/index/${FLAGSHIP}/volatility`);
    expect(status).toBe(200);
    const vol = VolatilityWire.parse(body);
    expect(vol.windowDays).toBe(30);
    expect(vol.annualizedVol).toBeGreaterThan(0);
    expect(vol.annualizedVol).toBeLessThan(1);
    if (newer) {
      expect(record(body)).not.toHaveProperty("startDate");
      expect(record(body)).not.toHaveProperty("endDate");
    } else {
      expect(vol.startDate).toBe("2025-05-20T00:00:00.000Z");
      expect(vol.endDate).toBe("2025-06-18T00:00:00.000Z");
    }
  });

  test("/forward: a curve in newer, 404 in older", async () => {
    const body = await bodyWhere(newer, `/api/v1/index/${FLAGSHIP}/forward`);
    if (!newer) return;
    const curve = ForwardCurveWire.parse(body);
    expect(curve.curve.map((p) => p.tenorMonths)).toEqual([1, 2, 3, 6, 9, 12]);
    expect(curve.curve.map((p) => p.tenorLabel)).toEqual(["1M", "2M", "3M", "6M", "9M", "12M"]);
    for (const point of curve.curve) {
      expect(point.spreadBps).toBeCloseTo((point.forwardPrice / curve.spotPrice - 1) * 10_000, 0);
    }
  });

  test("/capacity-metrics matches CapacityMetricsWire with each description's extra fields", async () => {
    const { status, body } = await get(service(), `/api/v1/index/${encodeURIComponent(DOTTED)}/capacity-metrics`);
    expect(status).toBe(200);
    const capacity = CapacityMetricsWire.parse(body);
    expect(capacity.fillRatio).toBeGreaterThan(0);
    expect(capacity.fillRatio).toBeLessThan(1);
    expect(capacity.fillRatio).toBeCloseTo(capacity.bookedKg / (capacity.bookedKg + capacity.availableKg), 3);
    const fields = record(body);
    if (newer) {
      expect(capacity.modelVersion).toEqual(expect.any(String));
      expect(capacity.modelDetails?.horizonDays).toBeGreaterThan(0);
      expect(fields).not.toHaveProperty("symbol");
      expect(fields).not.toHaveProperty("recordedAt");
    } else {
      expect(capacity.symbol).toBe(DOTTED);
      expect(capacity.recordedAt).toBe("2025-06-18T00:00:00.000Z");
      expect(fields).not.toHaveProperty("modelVersion");
      expect(fields).not.toHaveProperty("modelDetails");
    }
  });

  test("/api/v1/benchmark/health: newer only", async () => {
    const body = await bodyWhere(newer, "/api/v1/benchmark/health");
    if (!newer) return;
    const health = BenchmarkHealthWire.parse(body);
    expect(health.benchmarkStatus).toBe("healthy");
    expect(health.reasons).toEqual([]);
    expect(health.summary.activeIndexCount).toBe(7);
    expect(health.summary.avgConfidence).toBeGreaterThan(50);
    expect(health.summary.flagshipFlatHours).toBeCloseTo(10.5, 5);
  });

  test("/api/status: newer only, ok", async () => {
    const body = await bodyWhere(newer, "/api/status");
    if (!newer) return;
    const parsed = SystemStatusWire.parse(body);
    expect(parsed.status).toBe("ok");
    expect(parsed.timestamp).toBe(WEDNESDAY.toISOString());
  });

  test("/api/health: 200 with status ok in both", async () => {
    const { status, body } = await get(service(), "/api/health");
    expect(status).toBe(200);
    expect(HealthWire.parse(body).status).toBe("ok");
  });

  test("/api/v1/methodology: older only, its version is the latest fix's", async () => {
    const body = await bodyWhere(!newer, "/api/v1/methodology");
    if (newer) return;
    const methodology = MethodologyWire.parse(body);
    const latest = LatestFixWire.parse((await get(service(), `/api/v1/index/${FLAGSHIP}/latest`)).body);
    expect(methodology.version).toBe(latest.methodologyVersion);
    expect(methodology.changelog.length).toBeGreaterThan(1);
    // The inactive index's last fix predates the current version.
    const inactive = LatestFixWire.parse((await get(service(), `/api/v1/index/${INACTIVE}/latest`)).body);
    expect(inactive.methodologyVersion).not.toBe(methodology.version);
  });
});
