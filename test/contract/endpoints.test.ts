import { DOTTED, FLAGSHIP, FLAVORS, INACTIVE, NO_DATA, useReferenceService, YOUNG } from "./reference";
import { DAY_MS } from "@index-data/wire/time";

/** Every endpoint against the real reference service over HTTP, in both descriptions. */
describe.each(FLAVORS)("every endpoint, %s description", (flavor) => {
  const ref = useReferenceService(flavor);
  const newer = flavor === "newer";

  it("lists the catalogue, with the inactive, no-data, young and dotted indexes", async () => {
    const indexes = await ref.client.listIndexes();
    expect(indexes.length).toBeGreaterThanOrEqual(8);
    const bySymbol = new Map(indexes.map((i) => [i.symbol, i]));
    expect(bySymbol.get(INACTIVE)?.isActive).toBe(false);
    expect(bySymbol.get(NO_DATA)).toBeDefined();
    expect(bySymbol.get(NO_DATA)).not.toHaveProperty("latestValue");
    expect(typeof bySymbol.get(YOUNG)?.latestValue).toBe("number");
    expect(typeof bySymbol.get(FLAGSHIP)?.latestValue).toBe("number");
    expect(bySymbol.has(DOTTED)).toBe(true);
  });

  it("reads the latest fix, with newer-only fields exactly in the newer description", async () => {
    const fix = await ref.client.latest(FLAGSHIP);
    expect(fix.symbol).toBe(FLAGSHIP);
    expect(Number.isFinite(fix.value)).toBe(true);
    expect(fix.unit).toBe(`${fix.currency}/kg`);
    expect(fix.methodologyVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect("derivationMethod" in fix).toBe(newer);
    expect("publicationMode" in fix).toBe(newer);
    expect("carriedForwardFrom" in fix).toBe(newer);
  });

  it("agrees with the catalogue's latest value", async () => {
    const [indexes, fix] = await Promise.all([ref.client.listIndexes(), ref.client.latest(FLAGSHIP)]);
    expect(indexes.find((i) => i.symbol === FLAGSHIP)?.latestValue).toBe(fix.value);
  });

  it("encodes a symbol with a dot as one path segment", async () => {
    ref.service.resetRequestLog();
    const fix = await ref.client.latest(DOTTED);
    expect(fix.symbol).toBe(DOTTED);
    expect(ref.service.requests.map((r) => r.path)).toContain(`/api/v1/index/${DOTTED}/latest`);
  });

  it("reads history for a date range, ascending, sending startDate and endDate", async () => {
    ref.service.resetRequestLog();
    const history = await ref.client.history(FLAGSHIP, { startDate: "2024-01-01", endDate: "2024-03-31" });
    expect(ref.service.requests.at(-1)?.path).toBe(
      `/api/v1/index/${FLAGSHIP}/history?startDate=2024-01-01&endDate=2024-03-31`,
    );
    expect(history.values.length).toBeGreaterThan(60);
    const dates = history.values.map((p) => Date.parse(p.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates[0]).toBeGreaterThanOrEqual(Date.parse("2024-01-01T00:00:00Z"));
    expect(dates.at(-1)).toBeLessThanOrEqual(Date.parse("2024-03-31T23:59:59Z"));
    expect(history.values.some((p) => p.publicationMode !== undefined)).toBe(newer);
  });

  it("reads history with the service's default range when no dates are given", async () => {
    const history = await ref.client.history(FLAGSHIP);
    expect(history.values.length).toBeGreaterThan(0);
    expect(Date.parse(history.startDate)).toBeLessThan(Date.parse(history.endDate));
  });

  it("reads weekly history where the description has it (the newer one answers daily)", async () => {
    const daily = await ref.client.history(FLAGSHIP, { startDate: "2024-01-01", endDate: "2024-03-31" });
    const weekly = await ref.client.history(FLAGSHIP, {
      startDate: "2024-01-01",
      endDate: "2024-03-31",
      granularity: "weekly",
    });
    expect(weekly.granularity).toBe(newer ? "daily" : "weekly");
    if (newer) expect(weekly.values.length).toBe(daily.values.length);
    else expect(weekly.values.length).toBeLessThan(daily.values.length / 4);
  });

  it("reads volatility with the default window and with a chosen one", async () => {
    const byDefault = await ref.client.volatility(FLAGSHIP);
    expect(byDefault.windowDays).toBe(30);
    expect(byDefault.annualizedVol).toBeGreaterThan(0);
    const chosen = await ref.client.volatility(FLAGSHIP, 90);
    expect(chosen.windowDays).toBe(90);
    expect("startDate" in chosen).toBe(!newer);
  });

  it("reads capacity metrics with each description's own extra fields", async () => {
    const capacity = await ref.client.capacity(FLAGSHIP);
    expect(capacity.symbol).toBe(FLAGSHIP);
    expect(capacity.fillRatio).toBeGreaterThanOrEqual(0);
    expect(capacity.fillRatio).toBeLessThanOrEqual(1);
    expect("modelVersion" in capacity).toBe(newer);
    expect("recordedAt" in capacity).toBe(!newer);
  });

  it("reads the health check", async () => {
    await expect(ref.client.health()).resolves.toMatchObject({ healthy: true, httpStatus: 200 });
  });

  if (newer) {
    it("reads the forward curve, ascending by tenor", async () => {
      const forward = await ref.client.forward(FLAGSHIP);
      expect(forward.symbol).toBe(FLAGSHIP);
      expect(forward.curve.length).toBeGreaterThan(1);
      const tenors = forward.curve.map((p) => p.tenorMonths);
      expect(tenors).toEqual([...tenors].sort((a, b) => a - b));
    });

    it("reads benchmark health and system status", async () => {
      const health = await ref.client.benchmarkHealth();
      expect(typeof health.benchmarkStatus).toBe("string");
      expect(Number.isFinite(health.summary.avgConfidence)).toBe(true);
      const status = await ref.client.systemStatus();
      expect(status.status).toBe("ok");
    });

    it("reads a degraded or down state from /api/status with HTTP 200", async () => {
      ref.service.faults.setHealth("down");
      await expect(ref.client.systemStatus()).resolves.toMatchObject({ status: "down" });
      ref.service.faults.setHealth("degraded");
      await expect(ref.client.systemStatus()).resolves.toMatchObject({ status: "degraded" });
    });

    it("answers NotFoundError for the older description's methodology", async () => {
      await expect(ref.client.methodology()).rejects.toMatchObject({ name: "NotFoundError", status: 404 });
    });
  } else {
    it("reads the methodology document", async () => {
      const methodology = await ref.client.methodology();
      expect(methodology.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(Array.isArray(methodology.changelog)).toBe(true);
    });

    it.each([
      ["forward", () => ref.client.forward(FLAGSHIP)],
      ["benchmarkHealth", () => ref.client.benchmarkHealth()],
      ["systemStatus", () => ref.client.systemStatus()],
    ])("answers NotFoundError for the newer description's %s", async (_name, call) => {
      await expect(call()).rejects.toMatchObject({ name: "NotFoundError", status: 404 });
    });
  }

  it("reads an inactive index's last published fix", async () => {
    const fix = await ref.client.latest(INACTIVE);
    expect(fix.symbol).toBe(INACTIVE);
    expect(Date.parse(fix.asOf)).toBeLessThan(Date.now() - DAY_MS);
  });

  it("reads a young index's short history", async () => {
    const history = await ref.client.history(YOUNG, { startDate: "2020-01-01" });
    expect(history.values.length).toBeGreaterThan(0);
    expect(history.values.length).toBeLessThan(40);
  });
});
