import type { HistoryPoint } from "@index-data/wire/resources/history";
import {
  isObservation,
  periodLastDay,
  periodStart,
  summarisePeriods,
  type DayBounds,
  type PeriodSummary,
} from "@index-data/wire";
import { isoWeekStart } from "@index-data/wire/time";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const bounds = (first: string, last: string): DayBounds => ({ firstDay: day(first), lastDay: day(last) });

const fresh = (date: string, value: number, confidence: number): HistoryPoint => ({
  date: `${date}T00:00:00.000Z`,
  value,
  confidence,
  status: "FIRM",
  publicationMode: "FRESH",
  carriedForwardFrom: null,
});
const carried = (date: string, value: number, from: string | null, mode = "CARRIED_FORWARD"): HistoryPoint => ({
  date: `${date}T00:00:00.000Z`,
  value,
  confidence: 40,
  status: "FIRM",
  publicationMode: mode,
  carriedForwardFrom: from,
});

/**
 * Newer description. Jan: two fresh days. Feb: two fresh days, then a weekend carried forward (one marked by
 * publicationMode, one only by carriedForwardFrom), then a gap to March. March: one carried day only.
 * April: a single fresh value.
 */
const NEWER: HistoryPoint[] = [
  fresh("2024-01-30", 10, 60),
  fresh("2024-01-31", 12, 80),
  fresh("2024-02-01", 11, 70),
  fresh("2024-02-02", 13, 50),
  carried("2024-02-03", 13, "2024-02-02T00:00:00.000Z"),
  carried("2024-02-04", 13, "2024-02-02T00:00:00.000Z", "FRESH"),
  carried("2024-03-04", 13, null),
  fresh("2024-04-01", 15, 90),
];

/** The older description sends neither publicationMode nor carriedForwardFrom. */
const OLDER: HistoryPoint[] = NEWER.map(({ date, value, confidence, status }) => ({ date, value, confidence, status }));

const ALL = bounds("2024-01-01", "2024-04-30");

/** No value for a statistic (a period with no fresh value, or no period before it). */
const NONE = undefined;
type Stat = number | undefined;

/** A period's statistics in INDEX.PERIODS's column order, so that each expectation reads as the row a sheet shows. */
function stats(
  avg: Stat,
  low: Stat,
  high: Stat,
  first: Stat,
  last: Stat,
  observed: number,
  carried: number,
  confidence: Stat,
  change: Stat,
  pctchange: Stat,
): PeriodSummary["stats"] {
  return { avg, low, high, first, last, observed, carried, confidence, change, pctchange };
}

describe("period bounds", () => {
  it("weeks are INDEX.HISTORY's ISO weeks, Monday to Sunday", () => {
    expect(periodStart(day("2024-02-04"), "weekly")).toBe(day("2024-01-29"));
    expect(periodStart(day("2024-02-04"), "weekly")).toBe(isoWeekStart(day("2024-02-04")));
    expect(periodLastDay(day("2024-01-29"), "weekly")).toBe(day("2024-02-04"));
  });

  it("months, quarters and years are calendar periods in UTC", () => {
    expect(periodStart(Date.parse("2024-02-29T23:59:59Z"), "monthly")).toBe(day("2024-02-01"));
    expect(periodLastDay(day("2024-02-01"), "monthly")).toBe(day("2024-02-29"));
    expect(periodStart(day("2024-05-17"), "quarterly")).toBe(day("2024-04-01"));
    expect(periodLastDay(day("2024-10-01"), "quarterly")).toBe(day("2024-12-31"));
    expect(periodStart(day("2024-05-17"), "yearly")).toBe(day("2024-01-01"));
    expect(periodLastDay(day("2024-01-01"), "yearly")).toBe(day("2024-12-31"));
  });
});

describe("fresh-vs-carried rule", () => {
  it("newer description: not FRESH, or carriedForwardFrom set, is not an observation", () => {
    expect(NEWER.map(isObservation)).toEqual([true, true, true, true, false, false, false, true]);
  });
  it("older description: every value is an observation", () => {
    expect(OLDER.every(isObservation)).toBe(true);
  });
});

describe("monthly statistics, newer description", () => {
  const rows = summarisePeriods(NEWER, "monthly", ALL);

  it("one row per period with a value, oldest first, calendar bounds when the range covers the period", () => {
    expect(rows.map((row) => [row.start, row.end])).toEqual([
      [day("2024-01-01"), day("2024-01-31")],
      [day("2024-02-01"), day("2024-02-29")],
      [day("2024-03-01"), day("2024-03-31")],
      [day("2024-04-01"), day("2024-04-30")],
    ]);
  });

  it("computes every stat from fresh values only; carried days count in carried alone", () => {
    // stats(avg, low, high, first, last, observed, carried, confidence, change, pctchange)
    expect(rows[0]?.stats).toEqual(stats(11, 10, 12, 10, 12, 2, 0, 70, NONE, NONE));
    expect(rows[1]?.stats).toEqual(stats(12, 11, 13, 11, 13, 2, 2, 60, 1, 1 / 12));
  });

  it("a period of carried days only has a row with no statistics but its carried count", () => {
    expect(rows[2]?.stats).toEqual(stats(NONE, NONE, NONE, NONE, NONE, 0, 1, NONE, NONE, NONE));
  });

  it("a single-value period: every price stat is that value; change reaches back past the carried-only period", () => {
    expect(rows[3]?.stats).toEqual(stats(15, 15, 15, 15, 15, 1, 0, 90, 2, 2 / 13));
  });
});

describe("other periods", () => {
  it("weekly: the ISO week Jan 29 – Feb 4 holds both months' values", () => {
    const rows = summarisePeriods(NEWER, "weekly", ALL);
    expect(rows.map((row) => [row.start, row.end])).toEqual([
      [day("2024-01-29"), day("2024-02-04")],
      [day("2024-03-04"), day("2024-03-10")],
      [day("2024-04-01"), day("2024-04-07")],
    ]);
    expect(rows[0]?.stats).toMatchObject({ avg: 11.5, first: 10, last: 13, observed: 4, carried: 2, confidence: 65 });
    expect(rows[2]?.stats).toMatchObject({ avg: 15, change: 2 });
  });

  it("quarterly and yearly; the range's last day cuts the last period", () => {
    const quarters = summarisePeriods(NEWER, "quarterly", ALL);
    expect(quarters.map((row) => [row.start, row.end])).toEqual([
      [day("2024-01-01"), day("2024-03-31")],
      [day("2024-04-01"), day("2024-04-30")],
    ]);
    expect(quarters[0]?.stats).toMatchObject({ avg: 11.5, low: 10, high: 13, observed: 4, carried: 3 });
    const years = summarisePeriods(NEWER, "yearly", ALL);
    expect(years).toEqual([
      {
        start: day("2024-01-01"),
        end: day("2024-04-30"),
        stats: stats(12.2, 10, 15, 10, 15, 5, 3, 70, NONE, NONE),
        lastPoint: NEWER[7],
      },
    ]);
  });

  it("each row names its period's last value inside the range, carried or fresh, in one pass over any order", () => {
    const rows = summarisePeriods([...NEWER].reverse(), "monthly", ALL);
    expect(rows.map((row) => row.lastPoint)).toEqual([NEWER[1], NEWER[5], NEWER[6], NEWER[7]]);
  });
});

describe("a range that cuts periods", () => {
  it("shows the cut bounds and counts only the days inside", () => {
    const rows = summarisePeriods(NEWER, "monthly", bounds("2024-01-31", "2024-02-02"));
    expect(rows).toEqual([
      {
        start: day("2024-01-31"),
        end: day("2024-01-31"),
        stats: stats(12, 12, 12, 12, 12, 1, 0, 80, NONE, NONE),
        lastPoint: NEWER[1],
      },
      {
        start: day("2024-02-01"),
        end: day("2024-02-02"),
        stats: stats(12, 11, 13, 11, 13, 2, 0, 60, 1, 1 / 12),
        lastPoint: NEWER[3],
      },
    ]);
  });

  it("no values inside: no rows", () => {
    expect(summarisePeriods(NEWER, "monthly", bounds("2024-02-10", "2024-02-20"))).toEqual([]);
  });
});

describe("monthly statistics, older description: every value is an observation", () => {
  it("the weekend and the March day count as observed", () => {
    const rows = summarisePeriods(OLDER, "monthly", ALL);
    expect(rows[1]?.stats).toEqual(stats(12.5, 11, 13, 11, 13, 4, 0, 50, 1, 1 / 12));
    expect(rows[2]?.stats).toMatchObject({ avg: 13, observed: 1, carried: 0, change: 0, pctchange: 0 });
    expect(rows[3]?.stats).toMatchObject({ avg: 15, change: 2, pctchange: 2 / 13 });
  });
});
