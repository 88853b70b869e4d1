/**
 * Answers of the service's wire shapes, longer than the reference service's dataset makes: a catalogue of thousands of
 * entries and a history of thousands of weekly points, for an upstream the test scripts (hostile-upstream.ts).
 */

/** A catalogue of `count` entries `LONG-0`… whose descriptions are `descriptionChars` long (1,000 is the service cap). */
export function longCatalogue(count: number, descriptionChars = 1000): string {
  const indexes = Array.from({ length: count }, (_, i) => ({
    symbol: `LONG-${i}`,
    hub: ["NWE", "SEA", "MED"][i % 3],
    grade: "A",
    leadTime: "1x3",
    description: `Entry ${i} `.padEnd(descriptionChars, "x"),
    isActive: i % 2 === 0,
    latestValue: 100 + (i % 50),
    latestAsOf: "2024-03-28T00:00:00.000Z",
  }));
  return JSON.stringify({ indexes });
}

/** The day `weeks` weeks after the Monday 1640-01-02: dates no dataset reaches, far before any range cut. */
const FIRST_MONDAY = Date.UTC(1640, 0, 2);
const WEEK_MS = 7 * 86_400_000;

/**
 * A weekly history of `symbol`, `count` points, one a week, each a fresh fix: as the older description sends it (date,
 * value, confidence, status: 20,000 points are 1.3 MB) or the newer (its three provenance fields
 * too: 3.4 MB).
 */
export function longHistory(symbol: string, count: number, flavor: "older" | "newer" = "older"): string {
  const date = (i: number) => new Date(FIRST_MONDAY + i * WEEK_MS).toISOString();
  const newer = { derivationMethod: "TRADES", publicationMode: "FRESH", carriedForwardFrom: null };
  const values = Array.from({ length: count }, (_, i) => ({
    date: date(i),
    value: 100 + (i % 17) / 4,
    confidence: 80,
    status: "FIRM",
    ...(flavor === "newer" ? newer : {}),
  }));
  return JSON.stringify({
    symbol,
    granularity: "daily",
    startDate: date(0),
    endDate: date(count - 1),
    values,
  });
}
