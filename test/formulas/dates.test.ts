import fc from "fast-check";
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, dateCell } from "../../src/formulas/cells";
import { isoToSerial, msToSerial, parseDateArgument, serialToIso, serialToMs } from "../../src/formulas/dates";
import { addUtcMonths, parseIso } from "@index-data/wire/time";
import { refusalOf } from "./support/refusal";

const NOW = new Date("2024-03-31T15:45:00.000Z");

function parsed(value: unknown, now = NOW): string | undefined {
  const result = parseDateArgument(value, "start", now);
  return result === undefined ? undefined : new Date(result.ms).toISOString();
}

describe("Excel serials (1900 date system, UTC)", () => {
  it.each([
    [25569, "1970-01-01T00:00:00.000Z"],
    [1, "1900-01-01T00:00:00.000Z"],
    [59, "1900-02-28T00:00:00.000Z"],
    [61, "1900-03-01T00:00:00.000Z"],
    [45291, "2023-12-31T00:00:00.000Z"],
    [45322, "2024-01-31T00:00:00.000Z"],
    [45351, "2024-02-29T00:00:00.000Z"],
    [45352, "2024-03-01T00:00:00.000Z"],
    [45716, "2025-02-28T00:00:00.000Z"],
    [45717, "2025-03-01T00:00:00.000Z"],
    [45351.5, "2024-02-29T12:00:00.000Z"],
  ])("serial %d is %s and back", (serial, iso) => {
    expect(serialToIso(serial)).toBe(iso);
    expect(isoToSerial(iso)).toBeCloseTo(serial, 9);
  });

  it("round-trips service timestamps with milliseconds exactly (ISO -> serial -> ISO)", () => {
    const from = Date.UTC(1900, 2, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const iso = new Date(ms).toISOString();
        const serial = isoToSerial(iso);
        expect(serial).toBeDefined();
        expect(serialToIso(serial as number)).toBe(iso);
        expect(serialToMs(msToSerial(ms))).toBe(ms);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    "2024-02-29T23:59:59.999Z",
    "2024-01-31T00:00:00.001Z",
    "2023-12-31T23:59:59.999Z",
    "2024-02-29T16:30:00.123Z",
  ])("round-trips %s at month ends and leap days", (iso) => expect(serialToIso(isoToSerial(iso) as number)).toBe(iso));

  it("reads offsets and rejects days that do not exist", () => {
    expect(parseIso("2024-02-29T01:00:00+02:00")).toBe(Date.UTC(2024, 1, 28, 23));
    expect(parseIso("2023-02-29")).toBeUndefined();
    expect(parseIso("2024-04-31")).toBeUndefined();
    expect(parseIso("2024-13-01")).toBeUndefined();
    expect(parseIso("2024-02-29T24:00:00Z")).toBeUndefined();
    expect(parseIso("2024-02-30")).toBeUndefined();
  });
});

describe("calendar months in UTC", () => {
  it.each([
    ["2024-03-31", -1, "2024-02-29"],
    ["2024-03-31", -6, "2023-09-30"],
    ["2023-03-31", -1, "2023-02-28"],
    ["2024-02-29", -12, "2023-02-28"],
    ["2024-02-29", 48, "2028-02-29"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2024-12-15", 1, "2025-01-15"],
  ])("%s plus %d months is %s", (from, months, expected) => {
    expect(new Date(addUtcMonths(Date.parse(`${from}T00:00:00Z`), months)).toISOString().slice(0, 10)).toBe(expected);
  });
});

describe("date arguments", () => {
  it("accepts serials as a whole day, and keeps a time of day when the serial has one", () => {
    expect(parsed(45351)).toBe("2024-02-29T00:00:00.000Z");
    expect(parseDateArgument(45351, "start", NOW)?.wholeDay).toBe(true);
    expect(parseDateArgument(45351.25, "start", NOW)?.wholeDay).toBe(false);
  });

  it("accepts ISO dates and date-times", () => {
    expect(parsed("2024-02-29")).toBe("2024-02-29T00:00:00.000Z");
    expect(parsed(" 2024-02-29T10:15:30.5Z ")).toBe("2024-02-29T10:15:30.500Z");
    expect(parsed("2024-02-29T10:15")).toBe("2024-02-29T10:15:00.000Z");
  });

  it.each([
    ["-30D", "2024-03-01"],
    ["-6W", "2024-02-18"],
    ["-1M", "2024-02-29"],
    ["-6M", "2023-09-30"],
    ["-1Y", "2023-03-31"],
    ["0D", "2024-03-31"],
    ["today", "2024-03-31"],
    ["-1d", "2024-03-30"],
  ])("relative %s from 2024-03-31 is %s (UTC, start of day)", (text, day) => {
    expect(parsed(text)).toBe(`${day}T00:00:00.000Z`);
  });

  it("treats omitted arguments as omitted", () => {
    expect(parsed(null)).toBeUndefined();
    expect(parsed(undefined)).toBeUndefined();
    expect(parsed("")).toBeUndefined();
  });

  it("accepts the last date Excel shows, to its last instant", () => {
    expect(parsed(2_958_465)).toBe("9999-12-31T00:00:00.000Z");
    expect(parsed(2_958_465.5)).toBe("9999-12-31T12:00:00.000Z");
  });

  it.each(["+14:00", "-14:00", "+05:30", "-0930", "+1400"])("accepts the time-zone offset %s", (offset) => {
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const minutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    expect(parsed(`2024-02-29T12:00:00${offset}`)).toBe(
      new Date(Date.UTC(2024, 1, 29, 12) - minutes * 60_000).toISOString(),
    );
  });

  it.each(["+99:99", "+14:01", "-14:30", "+15:00", "-2400", "+05:60", "+00:99"])(
    "refuses the time-zone offset %s with #VALUE! saying the allowed range",
    (offset) => {
      const value = `2024-02-29T12:00:00${offset}`;
      const error = refusalOf(() => parseDateArgument(value, "end", NOW));
      expect(error).toEqual({
        code: "#VALUE!",
        message: `end: a time-zone offset must lie between -14:00 and +14:00, with minutes 00 to 59 (got "${value}")`,
      });
      expect(parseIso(value)).toBeUndefined();
    },
  );

  it.each([
    ["2023-02-29"],
    ["yesterday"],
    ["-30X"],
    [true],
    [60],
    [60.5],
    [0],
    [-5],
    [Number.NaN],
    [2_958_466],
    [3_000_000],
    [[[1]]],
    ["-99999Y"],
  ])("refuses %p with #VALUE! naming the argument and the allowed forms", (value) => {
    const error = refusalOf(() => parseDateArgument(value, "start", NOW));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^start: /);
    expect(error.message).toMatch(/ISO date|serial/);
  });
});

describe("date cells", () => {
  const formatted = { formattedNumbers: true };
  it("is a formatted number with a date format at midnight, date-time otherwise", () => {
    expect(dateCell("2024-02-29T00:00:00.000Z", formatted)).toEqual({
      type: "FormattedNumber",
      basicValue: 45351,
      numberFormat: DATE_FORMAT,
    });
    expect(dateCell("2024-02-29T12:00:00Z", formatted)).toEqual({
      type: "FormattedNumber",
      basicValue: 45351.5,
      numberFormat: DATE_TIME_FORMAT,
    });
    const withMs = dateCell("2024-02-29T16:30:00.123Z", formatted);
    expect(withMs).toMatchObject({ type: "FormattedNumber", numberFormat: DATE_TIME_MS_FORMAT });
  });

  it("falls back to the plain serial where formatted numbers are not supported", () => {
    expect(dateCell("2024-02-29T00:00:00Z", { formattedNumbers: false })).toBe(45351);
    expect(dateCell("2024-02-29", { formattedNumbers: false })).toBe(45351);
  });

  it("shows text that is not a timestamp as sent", () => {
    expect(dateCell("soon", formatted)).toBe("soon");
  });
});
