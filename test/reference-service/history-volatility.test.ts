import { HistoryWire, type HistoryWire as History } from "@index-data/wire/resources/history";
import { WINDOW_DAYS } from "@index-data/wire/contract";
import { VolatilityWire } from "@index-data/wire/resources/volatility";
import { DEFAULT_HISTORY_DAYS, startReferenceService } from "../../reference-service/src/index";
import { FLAGSHIP, INACTIVE, NO_DATA, WEDNESDAY, YOUNG, get, record, serviceFor } from "./support";
import { DAY_MS } from "@index-data/wire/time";

describe.each(["newer", "older"] as const)("history, %s description", (flavor) => {
  const service = serviceFor({ flavor, now: () => WEDNESDAY });
  const fetchHistory = async (symbol: string, query = ""): Promise<History> => {
    const { status, body } = await get(service(), `/api/v1/index/${symbol}/history${query}`);
    expect(status).toBe(200);
    return HistoryWire.parse(body);
  };

  test(`without dates: the ${DEFAULT_HISTORY_DAYS} days ending at the latest fix, ascending`, async () => {
    const history = await fetchHistory(FLAGSHIP);
    expect(history.granularity).toBe("daily");
    expect(history.endDate).toBe("2025-06-18T00:00:00.000Z");
    expect(history.startDate).toBe(
      new Date(Date.parse("2025-06-18") - (DEFAULT_HISTORY_DAYS - 1) * DAY_MS).toISOString(),
    );
    expect(history.values).toHaveLength(DEFAULT_HISTORY_DAYS);
    expect(history.values[0]?.date).toBe(history.startDate);
    expect(history.values.at(-1)?.date).toBe(history.endDate);
    const times = history.values.map((p) => Date.parse(p.date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test("without dates, an inactive index's range ends at its last value", async () => {
    const history = await fetchHistory(INACTIVE);
    expect(history.endDate).toBe("2024-06-28T00:00:00.000Z");
    expect(history.values).toHaveLength(DEFAULT_HISTORY_DAYS);
  });

  test("legacy start/end equal startDate/endDate", async () => {
    const modern = await fetchHistory(FLAGSHIP, "?startDate=2025-03-01&endDate=2025-03-31");
    const legacy = await fetchHistory(FLAGSHIP, "?start=2025-03-01&end=2025-03-31");
    expect(modern.values).toHaveLength(31);
    expect(legacy).toEqual(modern);
  });

  test("dates with milliseconds or an offset are accepted; the effective range is echoed", async () => {
    const withMs = await fetchHistory(FLAGSHIP, "?startDate=2025-03-01T00:00:00.000Z&endDate=2025-03-10T23:59:59.999Z");
    expect(withMs.startDate).toBe("2025-03-01T00:00:00.000Z");
    expect(withMs.endDate).toBe("2025-03-10T00:00:00.000Z");
    expect(withMs.values).toHaveLength(10);
    const offset = await fetchHistory(
      FLAGSHIP,
      `?startDate=${encodeURIComponent("2025-03-01T01:00:00+02:00")}&endDate=2025-03-01`,
    );
    expect(offset.startDate).toBe("2025-02-28T00:00:00.000Z");
    expect(offset.values).toHaveLength(2);
  });

  test("only a start date: the range runs to the latest fix", async () => {
    const history = await fetchHistory(FLAGSHIP, "?startDate=2025-06-10");
    expect(history.endDate).toBe("2025-06-18T00:00:00.000Z");
    expect(history.values).toHaveLength(9);
  });

  test("a young index's range may start before its first value", async () => {
    const history = await fetchHistory(YOUNG, "?startDate=2025-01-01");
    expect(history.startDate).toBe("2025-01-01T00:00:00.000Z");
    expect(Date.parse(history.values[0]?.date ?? "")).toBeGreaterThan(Date.parse("2025-05-01"));
  });

  if (flavor === "older") {
    test("weekly: the last published value of each ISO week, dated the day it was published", async () => {
      const daily = await fetchHistory(FLAGSHIP, "?startDate=2025-05-05&endDate=2025-06-01");
      const weekly = await fetchHistory(FLAGSHIP, "?startDate=2025-05-05&endDate=2025-06-01&granularity=weekly");
      expect(weekly.granularity).toBe("weekly");
      expect(weekly.values.map((p) => p.date)).toEqual(
        ["2025-05-09", "2025-05-16", "2025-05-23", "2025-05-30"].map((d) => `${d}T00:00:00.000Z`),
      );
      for (const point of weekly.values) {
        expect(point).toEqual(daily.values.find((p) => p.date === point.date));
      }
    });

    test("weekly over a week with a holiday Friday is dated that week's last business day", async () => {
      // 26 December 2025 is a Friday and a holiday; the clock must be past it.
      const later = await startReferenceService({ flavor, now: () => new Date("2026-01-15T12:00:00.000Z") });
      try {
        const path = `/api/v1/index/${FLAGSHIP}/history?startDate=2025-12-22&endDate=2025-12-28&granularity=weekly`;
        const weekly = HistoryWire.parse((await get(later, path)).body);
        expect(weekly.values.map((p) => p.date)).toEqual(["2025-12-24T00:00:00.000Z"]);
      } finally {
        await later.close();
      }
    });

    test("an index without data is 404 NO_DATA", async () => {
      const { status, body } = await get(service(), `/api/v1/index/${NO_DATA}/history`);
      expect(status).toBe(404);
      expect(record(body).code).toBe("NO_DATA");
    });
  } else {
    test("granularity is ignored: daily values, granularity daily", async () => {
      for (const granularity of ["weekly", "monthly"]) {
        const history = await fetchHistory(
          FLAGSHIP,
          `?startDate=2025-05-05&endDate=2025-06-01&granularity=${granularity}`,
        );
        expect(history.granularity).toBe("daily");
        expect(history.values).toHaveLength(28);
      }
    });

    test("an index without data has an empty history", async () => {
      const history = await fetchHistory(NO_DATA);
      expect(history.values).toEqual([]);
      expect(history.endDate).toBe("2025-06-18T00:00:00.000Z");
    });
  }
});

describe.each(["newer", "older"] as const)("volatility, %s description", (flavor) => {
  const service = serviceFor({ flavor, now: () => WEDNESDAY });
  const fetchVolatility = async (query: string, symbol = FLAGSHIP) => {
    const { status, body } = await get(service(), `/api/v1/index/${symbol}/volatility${query}`);
    expect(status).toBe(200);
    return VolatilityWire.parse(body);
  };

  test(`default window is ${WINDOW_DAYS.default} days, one data point per day`, async () => {
    const vol = await fetchVolatility("");
    expect(vol).toMatchObject({ windowDays: WINDOW_DAYS.default, dataPoints: WINDOW_DAYS.default });
    expect(await fetchVolatility(`?windowDays=${WINDOW_DAYS.default}`)).toEqual(vol);
  });

  test("the bounds of windowDays are accepted and change the figure", async () => {
    const shortest = await fetchVolatility(`?windowDays=${WINDOW_DAYS.min}`);
    const longest = await fetchVolatility(`?windowDays=${WINDOW_DAYS.max}`);
    expect(shortest.dataPoints).toBe(WINDOW_DAYS.min);
    expect(longest.dataPoints).toBe(WINDOW_DAYS.max);
    expect(longest.annualizedVol).not.toBe(shortest.annualizedVol);
    expect(longest.annualizedVol).toBeGreaterThan(0.02);
    expect(longest.annualizedVol).toBeLessThan(0.6);
  });

  test("annualized with sqrt(365) from the daily log returns of the window", async () => {
    const vol = await fetchVolatility("?windowDays=10");
    const { body } = await get(service(), `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-09&endDate=2025-06-18`);
    const values = HistoryWire.parse(body).values.map((p) => p.value);
    const returns = values.slice(1).map((v, i) => Math.log(v / (values[i] ?? v)));
    const expected = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length) * Math.sqrt(365);
    expect(vol.annualizedVol).toBeCloseTo(expected, 5);
  });

  test("a young index's window holds only the days it has", async () => {
    const vol = await fetchVolatility("?windowDays=60", YOUNG);
    expect(vol.dataPoints).toBeLessThan(25);
    expect(vol.windowDays).toBe(60);
  });
});
