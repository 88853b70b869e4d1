import { isCellError } from "../../src/formulas/cell-error";
import { linkedIndexValue, unlinkIndexEntity } from "../../src/formulas/entity";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import type { BenchmarkHealthWire } from "@index-data/wire/resources/benchmark-health";
import type { CapacityMetricsWire } from "@index-data/wire/resources/capacity";
import type { ForwardCurveWire } from "@index-data/wire/resources/forward";
import type { HistoryWire } from "@index-data/wire/resources/history";
import type { IndexListWire } from "@index-data/wire/resources/indexes";
import type { LatestFixWire } from "@index-data/wire/resources/latest";
import type { MethodologyWire } from "@index-data/wire/resources/methodology";
import type { SystemStatusWire } from "@index-data/wire/resources/system-status";
import type { VolatilityWire } from "@index-data/wire/resources/volatility";
import { asError, asSpill, DOTTED, FLAGSHIP, INACTIVE, NO_DATA, startRig, YOUNG, type Rig } from "./support";
import { isoOfSerial, serial } from "../support/excel-serial";
import { EXPECTED_LIST_HEADER } from "../support/list-header";

/*
 * Expected values come from the service's own JSON, fetched here with a bare fetch: not from the client the
 * functions use, so a client that misreads the wire makes the cells disagree with it. Dates are converted by
 * the tests' own reading of Excel's rule (test/support/excel-serial.ts), not by the code under test.
 */
describe.each(["newer", "older"] as const)("INDEX functions against the %s reference service", (flavor) => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig(flavor);
  });
  afterAll(async () => {
    await rig.service.close();
  });
  /** The service's answer to `path`, as sent. */
  async function wire<T>(path: string): Promise<T> {
    const response = await fetch(`${rig.service.url}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  }
  const latestFix = () => wire<LatestFixWire>(`/api/v1/index/${FLAGSHIP}/latest`);

  it("LIST spills the catalogue; inactive and no-data indexes show as such", async () => {
    const rows = asSpill(await INDEX.LIST(rig.env(), [null, null]));
    const catalogue = (await wire<IndexListWire>("/api/v1/indexes")).indexes;
    expect(rows[0]).toEqual(EXPECTED_LIST_HEADER);
    expect(rows.slice(1).map((row) => row[0])).toEqual(catalogue.map((entry) => entry.symbol));
    expect(rows.find((row) => row[0] === INACTIVE)?.[5]).toBe(false);
    expect(rows.find((row) => row[0] === NO_DATA)?.slice(6)).toEqual(["", ""]);
    const active = asSpill(await INDEX.LIST(rig.env(), [true, false]));
    expect(active.map((row) => row[0])).not.toContain(INACTIVE);
    expect(active.length).toBe(catalogue.filter((entry) => entry.isActive).length);
  });

  it("LATEST gives the value and its date, agreeing with the client", async () => {
    const fix = await latestFix();
    expect(await INDEX.LATEST(rig.env(), [FLAGSHIP, null])).toBe(fix.value);
    const asOf = await INDEX.LATEST(rig.env(), [FLAGSHIP, "asOf"]);
    expect(asOf).toBe(serial(fix.asOf));
    expect(isoOfSerial(asOf as number)).toBe(new Date(fix.asOf).toISOString());
    expect(await INDEX.LATEST(rig.env(), [FLAGSHIP, "confidence"])).toBe(fix.confidence);
    expect(await INDEX.LATEST(rig.env(), [FLAGSHIP, "topContributorShare"])).toBe(fix.dataCoverage.topContributorShare);
    expect(await INDEX.LATEST(rig.env(), [FLAGSHIP, "stale"])).toBe(false);
    const withFormat = await INDEX.LATEST(rig.env({ formattedNumbers: true }), [FLAGSHIP, "asOf"]);
    expect(withFormat).toMatchObject({ type: "FormattedNumber", basicValue: serial(fix.asOf) });
  });

  it("LATEST names an unknown symbol, and says no data for an index without data", async () => {
    expect(asError(await INDEX.LATEST(rig.env(), ["RTM-NOPE-1x3", null]))).toMatchObject({
      code: "#N/A",
      message: expect.stringMatching(/^unknown index 'RTM-NOPE-1x3'/),
    });
    expect(asError(await INDEX.LATEST(rig.env(), [NO_DATA, null]))).toMatchObject({
      code: "#N/A",
      message: expect.stringMatching(/^no data/),
    });
    expect(asError(await INDEX.HISTORY(rig.env(), ["rtm-nope"]))).toMatchObject({
      message: expect.stringMatching(/^unknown index 'rtm-nope'/),
    });
  });

  it("LATEST and FIX show newer-only fields only where the description sends them", async () => {
    const mode = await INDEX.LATEST(rig.env(), [FLAGSHIP, "publicationMode"]);
    const card = asSpill(await INDEX.FIX(rig.env(), [FLAGSHIP, null]));
    if (flavor === "newer") {
      expect(typeof mode).toBe("string");
      expect(card.map((row) => row[0])).toContain("derivationMethod");
    } else {
      expect(asError(mode).message).toMatch(/not published/);
      expect(card.map((row) => row[0])).not.toContain("derivationMethod");
    }
    expect(card.find((row) => row[0] === "value")?.[1]).toBe((await latestFix()).value);
  });

  it("HISTORY spills ascending dates that round-trip to the service's timestamps", async () => {
    const history = await wire<HistoryWire>(
      `/api/v1/index/${FLAGSHIP}/history?startDate=2024-01-01&endDate=2024-03-31`,
    );
    const rows = asSpill(await INDEX.HISTORY(rig.env(), [FLAGSHIP, "2024-01-01", "2024-03-31"]));
    expect(rows.length).toBe(history.values.length);
    rows.forEach((row, i) => {
      const point = history.values[i];
      expect(isoOfSerial(row[0] as number)).toBe(new Date(point?.date ?? "").toISOString());
      expect(row[1]).toBe(point?.value);
    });
    expect(rows.some((row) => isoOfSerial(row[0] as number).startsWith("2024-02-29"))).toBe(true);
    const desc = asSpill(
      await INDEX.HISTORY(rig.env(), [
        FLAGSHIP,
        "2024-01-01",
        "2024-03-31",
        null,
        true,
        "desc",
        ["confidence", "status"],
      ]),
    );
    expect(desc[0]).toEqual(["date", "value", "confidence", "status"]);
    expect(desc[1]?.[0]).toBe(rows.at(-1)?.[0]);
  });

  it("HISTORY takes serials and relative dates, and works for a dotted symbol and a young index", async () => {
    const bySerial = asSpill(await INDEX.HISTORY(rig.env(), [DOTTED, serial("2024-05-01"), serial("2024-05-31")]));
    expect(bySerial.length).toBeGreaterThan(15);
    expect(isoOfSerial(bySerial[0]?.[0] as number)).toBe("2024-05-01T00:00:00.000Z");
    const young = asSpill(await INDEX.HISTORY(rig.env(), [YOUNG, "-1Y"]));
    expect(young.length).toBeGreaterThan(5);
    expect(young.length).toBeLessThan(40);
  });

  it("HISTORY weekly gives one business-day value per week (service weekly or computed locally)", async () => {
    const weekly = asSpill(await INDEX.HISTORY(rig.env(), [FLAGSHIP, "2024-01-01", "2024-03-31", "weekly"]));
    const daily = asSpill(await INDEX.HISTORY(rig.env(), [FLAGSHIP, "2024-01-01", "2024-03-31", "daily"]));
    expect(weekly.length).toBeGreaterThanOrEqual(12);
    expect(weekly.length).toBeLessThanOrEqual(14);
    const days = weekly.map((row) => new Date(isoOfSerial(row[0] as number)).getUTCDay());
    expect(days.every((day) => day >= 1 && day <= 5)).toBe(true);
    for (const row of weekly) expect(daily.find((d) => d[0] === row[0])?.[1]).toBe(row[1]);
    const history = await wire<HistoryWire>(
      `/api/v1/index/${FLAGSHIP}/history?startDate=2024-01-01&endDate=2024-03-31&granularity=weekly`,
    );
    expect(history.granularity).toBe(flavor === "older" ? "weekly" : "daily");
  });

  it("PANEL aligns several indexes on one date column", async () => {
    const rows = asSpill(await INDEX.PANEL(rig.env(), [[[FLAGSHIP], [YOUNG]], "-60D", null, "na", null]));
    expect(rows[0]).toEqual(["date", FLAGSHIP, YOUNG]);
    const body = rows.slice(1);
    const dates = body.map((row) => row[0] as number);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(body.some((row) => isCellError(row[2]))).toBe(true);
    expect(body.every((row) => typeof row[1] === "number")).toBe(true);
  });

  it("PANEL takes a range of Index values (a column converted to Index, a pricing sheet's Index column) as its symbols", async () => {
    const symbols = await INDEX.PANEL(rig.env(), [[[FLAGSHIP], [YOUNG]], "-60D", null, "na", null]);
    // As Excel hands the cells to an `any` parameter: a linked Index value, and one frozen for sharing.
    const values = [[linkedIndexValue(FLAGSHIP)], [unlinkIndexEntity(linkedIndexValue(YOUNG))]];
    expect(await INDEX.PANEL(rig.env(), [values, "-60D", null, "na", null])).toEqual(symbols);
  });

  it("VOL returns a fraction and validates windowDays before any request", async () => {
    const vol = await wire<VolatilityWire>(`/api/v1/index/${FLAGSHIP}/volatility?windowDays=90`);
    expect(await INDEX.VOL(rig.env(), [FLAGSHIP, 90])).toBe(vol.annualizedVol);
    const before = rig.service.requests.length;
    expect(asError(await INDEX.VOL(rig.env(), [FLAGSHIP, 0])).message).toMatch(
      /^windowDays: use a whole number from 2 to 365/,
    );
    expect(asError(await INDEX.VOL(rig.env(), [FLAGSHIP, 366])).code).toBe("#VALUE!");
    expect(rig.service.requests.length).toBe(before);
  });

  it("FORWARD spills the curve where the description has one", async () => {
    const result = await INDEX.FORWARD(rig.env(), [FLAGSHIP, null]);
    if (flavor === "newer") {
      const rows = asSpill(result);
      const curve = await wire<ForwardCurveWire>(`/api/v1/index/${FLAGSHIP}/forward`);
      expect(rows.slice(1)).toEqual(curve.curve.map((p) => [p.tenorMonths, p.tenorLabel, p.forwardPrice, p.spreadBps]));
    } else {
      expect(asError(result)).toMatchObject({
        code: "#N/A",
        message: expect.stringMatching(/this service does not publish one/),
      });
    }
  });

  it("FORWARD with a tenor gives that tenor's forward price alone, and names the tenors when it has no such one", async () => {
    const result = await INDEX.FORWARD(rig.env(), [FLAGSHIP, null, "3M"]);
    if (flavor === "older") return expect(asError(result).code).toBe("#N/A");
    const curve = await wire<ForwardCurveWire>(`/api/v1/index/${FLAGSHIP}/forward`);
    expect(result).toBe(curve.curve.find((p) => p.tenorLabel === "3M")?.forwardPrice);
    expect(await INDEX.FORWARD(rig.env(), [FLAGSHIP, null, 1])).toBe(curve.curve[0]?.forwardPrice);
    expect(asError(await INDEX.FORWARD(rig.env(), [FLAGSHIP, null, "5M"])).message).toBe(
      `no 5M tenor on the forward curve of '${FLAGSHIP}' (it has ${curve.curve.map((p) => p.tenorLabel).join(", ")})`,
    );
    const before = rig.service.requests.length;
    expect(asError(await INDEX.FORWARD(rig.env(), [FLAGSHIP, null, "3 months"])).code).toBe("#VALUE!");
    expect(rig.service.requests.length).toBe(before);
  });

  it("CAPACITY gives a figure or the whole record", async () => {
    const capacity = await wire<CapacityMetricsWire>(`/api/v1/index/${FLAGSHIP}/capacity-metrics`);
    expect(await INDEX.CAPACITY(rig.env(), [FLAGSHIP, "fillRatio"])).toBe(capacity.fillRatio);
    const record = asSpill(await INDEX.CAPACITY(rig.env(), [FLAGSHIP, null]));
    expect(record.find((row) => row[0] === "bookedKg")?.[1]).toBe(capacity.bookedKg);
    expect(record.map((row) => row[0])).toContain(flavor === "newer" ? "modelVersion" : "recordedAt");
  });

  it("HEALTH, STATUS and METHODOLOGY answer in both descriptions", async () => {
    const status = await INDEX.STATUS(rig.env(), []);
    expect(status).toBe("ok"); // a service started without faults is healthy
    const health = await INDEX.HEALTH(rig.env(), [null]);
    const methodology = await INDEX.METHODOLOGY(rig.env(), [null]);
    const fix = await latestFix();
    if (flavor === "newer") {
      expect(health).toBe((await wire<BenchmarkHealthWire>("/api/v1/benchmark/health")).benchmarkStatus);
      expect(status).toBe((await wire<SystemStatusWire>("/api/status")).status);
      expect(methodology).toBe(fix.methodologyVersion);
    } else {
      expect(asError(health).message).toMatch(/benchmark health is not published/);
      const document = await wire<MethodologyWire>("/api/v1/methodology");
      expect(methodology).toBe(document.version);
      expect(await INDEX.METHODOLOGY(rig.env(), ["publishedAt"])).toBe(serial(document.publishedAt));
    }
  });
});

describe("weekly history across descriptions", () => {
  it("computed locally from the newer service's daily values equals the older service's own weekly", async () => {
    const [newer, older] = await Promise.all([startRig("newer"), startRig("older")]);
    try {
      const args = [FLAGSHIP, "2023-10-01", "2024-03-31", "weekly", true, null, "confidence"];
      const local = asSpill(await INDEX.HISTORY(newer.env(), args));
      const served = asSpill(await INDEX.HISTORY(older.env(), args));
      expect(local.length).toBeGreaterThan(20);
      expect(local).toEqual(served);
    } finally {
      await Promise.all([newer.service.close(), older.service.close()]);
    }
  });
});
