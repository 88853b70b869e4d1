import { valueAxisRange } from "../../src/taskpane/model/value-axis";
import {
  ABSENT,
  formatFraction,
  formatNumber,
  formatText,
  formatTimestamp,
  formatValueWithUnit,
} from "../../src/taskpane/model/format";
import { historyQueryFor } from "../../src/taskpane/model/history-range";
import { explainReason, explainState } from "../../src/taskpane/model/reason-codes";
import { REASON_CODES } from "../../reference-service/src";

describe("formatting", () => {
  // A price column lines up: trailing zeros kept to four decimals, more precision never cut.
  it.each([
    ["a missing number", formatNumber(undefined), ABSENT],
    ["a sent 0", formatNumber(0), "0"],
    ["a sent 0 fraction", formatFraction(0), "0%"],
    ["a missing fraction", formatFraction(undefined), ABSENT],
    ["a missing value with its unit", formatValueWithUnit(undefined, "USD/kg"), ABSENT],
    ["a value with its unit", formatValueWithUnit(1.2345, "USD/kg"), "1.2345 USD/kg"],
    ["a value padded to four decimals", formatValueWithUnit(1.346, "USD/kg"), "1.3460 USD/kg"],
    ["a value with more precision", formatValueWithUnit(1.234567, "USD/kg"), "1.234567 USD/kg"],
    ["empty text", formatText(""), ABSENT],
  ])("shows %s as the service sent it, or says absent", (_case, shown, expected) => {
    expect(shown).toBe(expected);
  });

  it.each([
    ["2024-02-29T16:30:00.123Z", "2024-02-29 16:30 UTC"],
    ["2024-02-29T23:30:00-02:00", "2024-03-01 01:30 UTC"],
    ["2024-02-29T00:00:00Z", "2024-02-29"],
    ["not a date", "not a date"],
  ])("shows the timestamp %s in UTC (a date alone at midnight) as %s", (timestamp, expected) => {
    expect(formatTimestamp(timestamp)).toBe(expected);
  });
});

describe("history range", () => {
  it("clamps month ends and leap days", () => {
    expect(historyQueryFor("1M", new Date("2024-03-31T12:00:00Z"))).toEqual({
      startDate: "2024-02-29",
      endDate: "2024-03-31",
    });
    expect(historyQueryFor("1M", new Date("2023-03-31T12:00:00Z")).startDate).toBe("2023-02-28");
    expect(historyQueryFor("2Y", new Date("2024-02-29T00:00:00Z")).startDate).toBe("2022-02-28");
    expect(historyQueryFor("3M", new Date("2024-01-15T00:00:00Z")).startDate).toBe("2023-10-15");
  });
});

describe("reason codes", () => {
  it("explains every code the reference service can send in words, besides the code", () => {
    for (const code of Object.values(REASON_CODES)) {
      const reason = explainReason(code);
      expect(reason.known).toBe(true);
      expect(reason.code).toBe(code);
      expect(reason.text).not.toContain("_");
    }
  });

  it("still explains a code it does not know, from the code's own words", () => {
    const reason = explainReason("benchmark_something_new_happened");
    expect(reason).toEqual({
      code: "benchmark_something_new_happened",
      known: false,
      text: "The service reports: something new happened.",
    });
  });

  it("describes each state", () => {
    expect(explainState("degraded")).toMatch(/degraded/);
    expect(explainState("down")).toMatch(/down/);
  });
});

describe("valueAxisRange", () => {
  it("hugs the data with a margin instead of starting at 0", () => {
    const range = valueAxisRange([1.7325, 1.9926, 1.85]);
    expect(range?.yMinValue).toBeGreaterThan(1.7);
    expect(range?.yMinValue).toBeLessThan(1.7325);
    expect(range?.yMaxValue).toBeGreaterThan(1.9926);
    expect(range?.yMaxValue).toBeLessThan(2.03);
  });

  it("gives a flat series a visible band around its level, and nothing for no data", () => {
    expect(valueAxisRange([2, 2])).toEqual({ yMinValue: 1.98, yMaxValue: 2.02 });
    expect(valueAxisRange([])).toBeUndefined();
  });
});
