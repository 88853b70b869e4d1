import { HistoryWire, type HistoryWire as History } from "@index-data/wire/resources/history";
import { IndexListWire } from "@index-data/wire/resources/indexes";
import { LatestFixWire } from "@index-data/wire/resources/latest";
import { buildDataset } from "../../reference-service/src/index";
import { DOTTED, FLAGSHIP, INACTIVE, NO_DATA, SUNDAY, WEDNESDAY, YOUNG, get, record, serviceFor } from "./support";
import { DAY_MS } from "@index-data/wire/time";

const weekday = (iso: string) => new Date(iso).getUTCDay();

describe("dataset served by the newer description", () => {
  const markup = '<img src=x onerror=alert(1)><script>alert("x")</script>';
  const service = serviceFor({
    now: () => WEDNESDAY,
    extraIndexes: [
      { symbol: "XSS-TEST-A-1x3", hub: "XSS", grade: "A", leadTime: "1x3", description: markup, isActive: true },
    ],
  });
  const history = async (symbol: string, query: string): Promise<History> => {
    const { status, body } = await get(service(), `/api/v1/index/${encodeURIComponent(symbol)}/history?${query}`);
    expect(status).toBe(200);
    return HistoryWire.parse(body);
  };

  test("at least 8 indexes, with the flagship, an inactive one and one without data", async () => {
    const { indexes } = IndexListWire.parse((await get(service(), "/api/v1/indexes")).body);
    expect(indexes.length).toBeGreaterThanOrEqual(8);
    expect(indexes.map((i) => i.symbol)).toEqual(expect.arrayContaining([FLAGSHIP, DOTTED, INACTIVE, YOUNG, NO_DATA]));
    const inactive = indexes.find((i) => i.symbol === INACTIVE);
    expect(inactive?.isActive).toBe(false);
    expect(inactive?.latestAsOf).toBe("2024-06-28T00:00:00.000Z");
    const empty = indexes.find((i) => i.symbol === NO_DATA);
    expect(empty).toMatchObject({ latestValue: null, latestAsOf: null });
    for (const index of indexes) expect(index.leadTime).toMatch(/^\d+x\d+$/);
  });

  test("an extra index keeps markup in its description as plain text", async () => {
    const { indexes } = IndexListWire.parse((await get(service(), "/api/v1/indexes")).body);
    expect(indexes.find((i) => i.symbol === "XSS-TEST-A-1x3")?.description).toBe(markup);
    expect((await get(service(), "/api/v1/index/XSS-TEST-A-1x3/latest")).status).toBe(200);
  });

  test("the flagship has more than two years of daily history from the epoch", async () => {
    const all = await history(FLAGSHIP, "startDate=2020-01-01&endDate=2025-06-18");
    expect(all.values[0]?.date).toBe("2022-01-03T00:00:00.000Z");
    expect(all.values.at(-1)?.date).toBe("2025-06-18T00:00:00.000Z");
    expect(all.values.length).toBeGreaterThan(2 * 365);
    for (const point of all.values) {
      expect(point.value).toBeGreaterThanOrEqual(0.8);
      expect(point.value).toBeLessThanOrEqual(3.5);
      expect(Number.isInteger(point.confidence)).toBe(true);
      expect(point.confidence).toBeGreaterThanOrEqual(0);
      expect(point.confidence).toBeLessThanOrEqual(100);
    }
    expect(new Set(all.values.map((p) => p.status))).toEqual(new Set(["FIRM", "PROVISIONAL", "INDICATIVE", "STALE"]));
    expect(new Set(all.values.map((p) => p.derivationMethod))).toEqual(
      new Set(["DIRECT", "INTERPOLATED", "MODELLED", "CARRIED_FORWARD"]),
    );
    expect(new Set(all.values.map((p) => p.confidence)).size).toBeGreaterThan(20);
  });

  test("weekends carry Friday's value forward and say so", async () => {
    const twoWeeks = await history(FLAGSHIP, "startDate=2025-06-02&endDate=2025-06-15");
    const byDate = new Map(twoWeeks.values.map((p) => [p.date, p]));
    for (const point of twoWeeks.values) {
      const day = weekday(point.date);
      if (day === 0 || day === 6) {
        const friday = new Date(Date.parse(point.date) - (day === 6 ? 1 : 2) * DAY_MS).toISOString();
        expect(point).toMatchObject({
          publicationMode: "CARRIED_FORWARD",
          derivationMethod: "CARRIED_FORWARD",
          carriedForwardFrom: friday,
        });
        expect(point.value).toBe(byDate.get(friday)?.value);
        expect(point.confidence).toBeLessThan(byDate.get(friday)?.confidence ?? 0);
      } else {
        expect(point).toMatchObject({ publicationMode: "FRESH", carriedForwardFrom: null });
        expect(point.derivationMethod).not.toBe("CARRIED_FORWARD");
      }
    }
  });

  test("holidays (25 and 26 December, 1 January) are carried forward", async () => {
    const winter = await history(FLAGSHIP, "startDate=2024-12-23&endDate=2025-01-02");
    const point = (date: string) => winter.values.find((p) => p.date === `${date}T00:00:00.000Z`);
    expect(point("2024-12-25")?.carriedForwardFrom).toBe("2024-12-24T00:00:00.000Z");
    expect(point("2024-12-26")?.carriedForwardFrom).toBe("2024-12-24T00:00:00.000Z");
    expect(point("2025-01-01")?.carriedForwardFrom).toBe("2024-12-31T00:00:00.000Z");
    expect(point("2024-12-27")?.publicationMode).toBe("FRESH");
  });

  test("the young index has about three weeks of history", async () => {
    const young = await history(YOUNG, "startDate=2020-01-01");
    expect(young.values.length).toBeGreaterThanOrEqual(14);
    expect(young.values.length).toBeLessThanOrEqual(25);
    expect(Date.parse(young.values[0]?.date ?? "")).toBeGreaterThanOrEqual(WEDNESDAY.getTime() - 22 * DAY_MS);
  });

  test("the dotted symbol is reachable raw and percent-encoded", async () => {
    for (const path of [DOTTED, encodeURIComponent(DOTTED), DOTTED.replace(".", "%2E")]) {
      const { status, body } = await get(service(), `/api/v1/index/${path}/latest`);
      expect(status).toBe(200);
      expect(LatestFixWire.parse(body).symbol).toBe(DOTTED);
    }
  });

  test("latest fixes differ in confidence and coverage across indexes", async () => {
    const { indexes } = IndexListWire.parse((await get(service(), "/api/v1/indexes")).body);
    const fixes = await Promise.all(
      indexes
        .filter((i) => i.latestValue != null)
        .map(async (i) =>
          LatestFixWire.parse((await get(service(), `/api/v1/index/${encodeURIComponent(i.symbol)}/latest`)).body),
        ),
    );
    expect(new Set(fixes.map((f) => f.confidence)).size).toBeGreaterThan(2);
    expect(new Set(fixes.map((f) => f.dataCoverage.contributors)).size).toBeGreaterThan(2);
    for (const fix of fixes) {
      expect(fix.dataCoverage.topContributorShare).toBeGreaterThan(0);
      expect(fix.dataCoverage.topContributorShare).toBeLessThan(1);
    }
  });
});

describe("the latest fix follows the clock", () => {
  const service = serviceFor({ now: () => SUNDAY });

  test("on a Sunday the latest fix is Friday's value carried forward", async () => {
    const fix = LatestFixWire.parse((await get(service(), `/api/v1/index/${FLAGSHIP}/latest`)).body);
    expect(fix).toMatchObject({
      asOf: "2025-06-22T00:00:00.000Z",
      publicationMode: "CARRIED_FORWARD",
      derivationMethod: "CARRIED_FORWARD",
      carriedForwardFrom: "2025-06-20T00:00:00.000Z",
    });
    const friday = HistoryWire.parse(
      (await get(service(), `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-20&endDate=2025-06-20`)).body,
    );
    expect(fix.value).toBe(friday.values[0]?.value);
  });
});

describe("determinism", () => {
  const early = serviceFor({ now: () => WEDNESDAY, dataset: buildDataset() });
  const late = serviceFor({ dataset: buildDataset() });

  test("two servers with different clocks serve identical history for the same range", async () => {
    const path = `/api/v1/index/${encodeURIComponent(DOTTED)}/history?startDate=2023-01-01&endDate=2023-12-31`;
    const [a, b] = await Promise.all([get(early(), path), get(late(), path)]);
    expect(a.status).toBe(200);
    expect(HistoryWire.parse(a.body).values).toHaveLength(365);
    expect(b.body).toEqual(a.body);
    expect(record(a.body).values).not.toEqual(record((await get(early(), path.replace(DOTTED, FLAGSHIP))).body).values);
  });
});
