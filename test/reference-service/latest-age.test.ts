import { HistoryWire } from "@index-data/wire/resources/history";
import { IndexListWire } from "@index-data/wire/resources/indexes";
import { LatestFixWire } from "@index-data/wire/resources/latest";
import { startReferenceService } from "../../reference-service/src/index";
import { DOTTED, FLAGSHIP, INACTIVE, get, serviceFor, WEDNESDAY } from "./support";

/**
 * `latestAgeDays` (the command line's `--latest-age`): an index whose latest fix is N days old publishes nothing after
 * that day, and every endpoint says so alike: its latest fix, the catalogue, the history's default range and its
 * points, the older description's volatility window. The other indexes keep today's fix.
 */
describe("latest fixes made N days old", () => {
  const service = serviceFor({ now: () => WEDNESDAY, latestAgeDays: { [FLAGSHIP]: 16 } });
  const older = serviceFor({ flavor: "older", now: () => WEDNESDAY, latestAgeDays: 16 });

  test("the index's latest fix, its catalogue entry and its history end 16 days before today", async () => {
    const fix = LatestFixWire.parse((await get(service(), `/api/v1/index/${FLAGSHIP}/latest`)).body);
    expect(fix.asOf).toBe("2025-06-02T00:00:00.000Z");
    const { indexes } = IndexListWire.parse((await get(service(), "/api/v1/indexes")).body);
    expect(indexes.find((entry) => entry.symbol === FLAGSHIP)?.latestAsOf).toBe("2025-06-02T00:00:00.000Z");
    const byDefault = HistoryWire.parse((await get(service(), `/api/v1/index/${FLAGSHIP}/history`)).body);
    expect(byDefault.endDate).toBe("2025-06-02T00:00:00.000Z");
    const toToday = HistoryWire.parse(
      (await get(service(), `/api/v1/index/${FLAGSHIP}/history?startDate=2025-05-30&endDate=2025-06-18`)).body,
    );
    expect(toToday.values.map((point) => point.date.slice(0, 10))).toEqual([
      "2025-05-30",
      "2025-05-31",
      "2025-06-01",
      "2025-06-02",
    ]);
    expect(toToday.values.at(-1)?.value).toBe(fix.value);
  });

  test("another index keeps today's fix", async () => {
    const fix = LatestFixWire.parse((await get(service(), `/api/v1/index/${DOTTED}/latest`)).body);
    expect(fix.asOf).toBe("2025-06-18T00:00:00.000Z");
  });

  test("a number makes every index's fix that old; an index stopped before then keeps its own last day", async () => {
    const { indexes } = IndexListWire.parse((await get(older(), "/api/v1/indexes")).body);
    expect(indexes.find((entry) => entry.symbol === DOTTED)?.latestAsOf).toBe("2025-06-02T00:00:00.000Z");
    expect(indexes.find((entry) => entry.symbol === INACTIVE)?.latestAsOf).toBe("2024-06-28T00:00:00.000Z");
    const vol = (await get(older(), `/api/v1/index/${FLAGSHIP}/volatility?windowDays=30`)).body as { endDate: string };
    expect(vol.endDate).toBe("2025-06-02T00:00:00.000Z");
  });

  test.each([
    [{ "RTM-NOPE-1x3": 3 }, 'latest age: no index "RTM-NOPE-1x3" in the dataset.'],
    [{ [FLAGSHIP]: -1 }, `latest age of ${FLAGSHIP}: give whole days from 0 to 3650, got -1.`],
    [2.5, "latest age of every index: give whole days from 0 to 3650, got 2.5."],
  ])("refuses %j, naming it", async (latestAgeDays, message) => {
    await expect(startReferenceService({ latestAgeDays })).rejects.toThrow(message);
  });
});
