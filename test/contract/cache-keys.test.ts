import { keyOf, keyPrefixOf } from "@index-data/wire";

/** Cache keys are made in one place, from the resource row (issue 30, item 3). */
describe("keyOf", () => {
  it("spells a key from the row's canonical arguments: two spellings of one request share it", () => {
    expect(keyOf("latest", [" RTM-A "])).toBe(keyOf("latest", ["RTM-A"]));
    expect(keyOf("latest", ["RTM-A"])).toBe("latest|RTM-A");
    expect(keyOf("volatility", ["RTM-A"])).toBe(keyOf("volatility", ["RTM-A", 30]));
    expect(keyOf("listIndexes", [])).toBe("catalogue");
  });

  it("tells history ranges apart by dates and granularity", () => {
    const week = keyOf("history", ["RTM-A", { startDate: "2025-01-06", endDate: "2025-01-10" }]);
    expect(week).not.toBe(keyOf("history", ["RTM-A", { startDate: "2025-01-06", endDate: "2025-01-11" }]));
    expect(week).not.toBe(
      keyOf("history", ["RTM-A", { startDate: "2025-01-06", endDate: "2025-01-10", granularity: "weekly" }]),
    );
  });

  it("has the prefixes the lanes follow: every key of a kind, and of a kind and symbol", () => {
    expect(keyOf("latest", ["RTM-A"]).startsWith(keyPrefixOf("latest"))).toBe(true);
    expect(keyPrefixOf("latest")).toBe("latest|");
    const history = keyOf("history", ["RTM-A", { startDate: "2025-01-06", endDate: "2025-01-10" }]);
    expect(history.startsWith(keyPrefixOf("history", "RTM-A"))).toBe(true);
    expect(history.startsWith(keyPrefixOf("history", "RTM-AB"))).toBe(false);
  });
});
