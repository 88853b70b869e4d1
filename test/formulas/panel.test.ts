import type { HistoryPoint } from "@index-data/wire/resources/history";
import { isCellError } from "../../src/formulas/cell-error";
import { alignPanel } from "../../src/formulas/panel-alignment";
import { serial } from "../support/excel-serial";

const point = (date: string, value: number): HistoryPoint => ({ date, value, confidence: 70, status: "FIRM" });
const plain = { formattedNumbers: false };

const columns = [
  {
    symbol: "A",
    points: [point("2024-02-28T00:00:00Z", 1), point("2024-02-29T00:00:00Z", 2), point("2024-03-01T00:00:00Z", 3)],
  },
  // Publishes later in the day, and misses the leap day.
  { symbol: "B", points: [point("2024-02-28T16:00:00Z", 10), point("2024-03-01T16:00:00.250Z", 30)] },
  { symbol: "C", points: [point("2024-03-01T00:00:00Z", 300)] },
];

describe("panel alignment", () => {
  it("uses the union of UTC days, ascending, whatever the time of day", () => {
    const rows = alignPanel(columns, "blank", plain);
    expect(rows.map((row) => row[0])).toEqual([serial("2024-02-28"), serial("2024-02-29"), serial("2024-03-01")]);
    expect(rows[0]).toEqual([serial("2024-02-28"), 1, 10, ""]);
    expect(rows[2]).toEqual([serial("2024-03-01"), 3, 30, 300]);
  });

  it("fills a missing day with blank, the previous value, or #N/A", () => {
    expect(alignPanel(columns, "blank", plain)[1]).toEqual([serial("2024-02-29"), 2, "", ""]);
    expect(alignPanel(columns, "previous", plain)[1]).toEqual([serial("2024-02-29"), 2, 10, ""]);
    const na = alignPanel(columns, "na", plain)[1] ?? [];
    expect(na.slice(0, 2)).toEqual([serial("2024-02-29"), 2]);
    expect(isCellError(na[2]) && na[2].code).toBe("#N/A");
    expect(isCellError(na[2]) && na[2].message).toContain("'B'");
  });

  it("shows dates as formatted numbers where supported", () => {
    const rows = alignPanel(columns, "blank", { formattedNumbers: true });
    expect(rows[0]?.[0]).toEqual({
      type: "FormattedNumber",
      basicValue: serial("2024-02-28"),
      numberFormat: "yyyy-mm-dd",
    });
  });
});
