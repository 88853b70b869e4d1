import type { History, HistoryPoint } from "@index-data/wire";
import { correctionsAgainst, firstSeenDays } from "../../src/engine/answers/seen-corrections";

/** What the workbook saw of a day: the earliest kept answer for it, daily answers only. */
const point = (day: string, value: number, status = "FIRM"): HistoryPoint => ({
  date: `${day}T00:00:00.000Z`,
  value,
  confidence: 80,
  status,
});
const history = (values: HistoryPoint[], granularity: History["granularity"] = "daily"): History => ({
  symbol: "RTM-NWE-A-1x3",
  granularity,
  startDate: values[0]?.date ?? "",
  endDate: values.at(-1)?.date ?? "",
  values,
});
const at = (iso: string) => Date.parse(iso);

describe("corrections found by the workbook alone", () => {
  test("the earliest kept answer of a day is what was seen; weekly answers are not a day's value", () => {
    const seen = firstSeenDays([
      { data: history([point("2025-06-16", 1.7, "REVISED")]), fetchedAt: at("2026-12-01T12:00:00Z") },
      { data: history([point("2025-06-13", 1.5), point("2025-06-16", 1.6)]), fetchedAt: at("2026-12-01T09:00:00Z") },
      { data: history([point("2025-06-16", 9)], "weekly"), fetchedAt: at("2026-11-30T09:00:00Z") },
      { data: "not a history", fetchedAt: at("2026-11-30T09:00:00Z") },
    ]);
    expect(Object.fromEntries(seen)).toEqual({
      "2025-06-13": { value: 1.5, status: "FIRM", seenAt: "2026-12-01T09:00:00.000Z" },
      "2025-06-16": { value: 1.6, status: "FIRM", seenAt: "2026-12-01T09:00:00.000Z" },
    });
  });

  test("a day differing in value or status is a correction; an equal or unseen day is not", () => {
    const seen = firstSeenDays([
      {
        data: history([point("2025-06-12", 1.4), point("2025-06-13", 1.5), point("2025-06-16", 1.6)]),
        fetchedAt: at("2026-12-01T09:00:00Z"),
      },
    ]);
    const fresh = history([
      point("2025-06-12", 1.4, "REVISED"),
      point("2025-06-13", 1.5),
      point("2025-06-16", 1.65),
      point("2025-06-17", 1.7),
    ]);
    const found = correctionsAgainst("RTM-NWE-A-1x3", seen, fresh, at("2026-12-01T10:00:00Z"));
    const was = (value: number) => ({ value, status: "FIRM", seenAt: "2026-12-01T09:00:00.000Z" });
    const now = (value: number, status: string) => ({ value, status, seenAt: "2026-12-01T10:00:00.000Z" });
    expect(found).toEqual([
      { symbol: "RTM-NWE-A-1x3", date: "2025-06-12", was: was(1.4), now: now(1.4, "REVISED") },
      { symbol: "RTM-NWE-A-1x3", date: "2025-06-16", was: was(1.6), now: now(1.65, "FIRM") },
    ]);
  });
});
