import type { HistoryPoint } from "@index-data/wire/resources/history";
import { isoWeekStart } from "@index-data/wire/time";
import { weeklyFromDaily } from "../../src/formulas/weekly";
import { historyFixture } from "./support/fixtures";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe("ISO weeks", () => {
  it.each([
    ["2024-02-26", "2024-02-26"],
    ["2024-02-29", "2024-02-26"],
    ["2024-03-03", "2024-02-26"],
    ["2024-03-04", "2024-03-04"],
    ["2025-01-01", "2024-12-30"],
  ])("%s is in the week starting Monday %s", (date, monday) => {
    expect(isoWeekStart(day(date) + 5_000)).toBe(day(monday));
  });
});

describe("weekly from daily (the reference service's rule)", () => {
  const daily = historyFixture("history-newer-daily.json");
  const weekly = weeklyFromDaily(daily.values);

  it("keeps one value per ISO week: the last freshly published one, dated its own day", () => {
    expect(weekly.map((p) => p.date.slice(0, 10))).toEqual(["2024-02-23", "2024-03-01", "2024-03-07"]);
    for (const point of weekly) {
      const source = daily.values.find((p) => p.date === point.date) as HistoryPoint;
      expect(point.value).toBe(source.value);
      expect(point.publicationMode).toBe("FRESH");
    }
  });

  it("skips carried-forward values (a holiday Friday leaves Thursday to stand for the week)", () => {
    const friday = daily.values.find((p) => p.date.startsWith("2024-03-08"));
    expect(friday?.publicationMode).toBe("CARRIED_FORWARD");
    expect(weekly.at(-1)?.date.slice(0, 10)).toBe("2024-03-07");
  });

  it("leaves out weeks with only carried-forward values, and counts every value when the service does not say", () => {
    const weekend = daily.values.filter((p) => p.date.startsWith("2024-03-09") || p.date.startsWith("2024-03-10"));
    expect(weeklyFromDaily(weekend)).toEqual([]);
    const older = historyFixture("history-older-daily.json");
    expect(weeklyFromDaily(older.values).map((p) => p.date.slice(0, 10))).toEqual([
      "2024-02-23",
      "2024-03-01",
      "2024-03-07",
    ]);
  });
});
