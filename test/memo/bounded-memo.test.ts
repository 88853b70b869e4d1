import { BoundedMemo } from "@index-data/wire";
import { dayText, instantText, parseInstant, parseIso } from "@index-data/wire/time";

/** A memo of `work` that counts how often it is asked to work. */
function counted<K, V>(limit: number, work: (input: K) => V) {
  const asked: K[] = [];
  const memo = new BoundedMemo(limit, (input: K) => {
    asked.push(input);
    return work(input);
  });
  return { memo, asked };
}

describe("BoundedMemo", () => {
  it("works each input out once, an undefined answer included", () => {
    const { memo, asked } = counted(8, (text: string) => (text === "" ? undefined : text.length));
    expect([memo.get("abc"), memo.get(""), memo.get("abc"), memo.get(""), memo.get("de")]).toEqual([
      3,
      undefined,
      3,
      undefined,
      2,
    ]);
    expect(asked).toEqual(["abc", "", "de"]);
    expect(memo.size).toBe(3);
  });

  it("empties itself when full, before keeping the next new answer, so it never holds more than its limit", () => {
    const { memo, asked } = counted(2, (n: number) => n * 10);
    expect([memo.get(1), memo.get(2), memo.get(1)]).toEqual([10, 20, 10]);
    expect(memo.size).toBe(2);
    expect(memo.get(3)).toBe(30);
    expect(memo.size).toBe(1);
    // 1 was let go with the rest: it is worked out again.
    expect(memo.get(1)).toBe(10);
    expect(asked).toEqual([1, 2, 3, 1]);
    expect(memo.size).toBe(2);
  });

  it("keeps nothing for an input whose work throws, and throws again the next time", () => {
    const { memo, asked } = counted(4, (n: number) => {
      if (n < 0) throw new RangeError(`negative: ${n}`);
      return n;
    });
    expect(() => memo.get(-1)).toThrow("negative: -1");
    expect(() => memo.get(-1)).toThrow("negative: -1");
    expect(memo.size).toBe(0);
    expect(asked).toEqual([-1, -1]);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a limit of %p", (limit) => {
    expect(() => new BoundedMemo(limit, String)).toThrow(`limit must be a whole number from 1, got ${limit}.`);
  });
});

describe("the memos of the calendar", () => {
  it("answer as the functions they keep: dates and instants written, ISO text parsed, invalid ones refused", () => {
    const ms = Date.UTC(2024, 0, 31, 23, 59, 59, 999);
    expect([dayText(ms), dayText(ms - 1000), dayText(Date.UTC(1969, 11, 31, 12))]).toEqual([
      "2024-01-31",
      "2024-01-31",
      "1969-12-31",
    ]);
    expect([instantText(ms), instantText(ms)]).toEqual(["2024-01-31T23:59:59.999Z", "2024-01-31T23:59:59.999Z"]);
    expect(() => dayText(Number.NaN)).toThrow(RangeError);
    expect(() => instantText(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect([parseIso("2024-02-29"), parseIso("2023-02-29"), parseIso("2023-02-29")]).toEqual([
      Date.UTC(2024, 1, 29),
      undefined,
      undefined,
    ]);
    expect([parseInstant("2024-02-29"), parseInstant("2024-02-29T10:00"), parseInstant("2024-02-29T10:00Z")]).toEqual([
      Date.UTC(2024, 1, 29),
      undefined,
      Date.UTC(2024, 1, 29, 10),
    ]);
  });
});
