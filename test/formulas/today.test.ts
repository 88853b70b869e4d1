import { DirectSource, IndexDataClient } from "../../src/client";
import { today, type FormulaEnv } from "../../src/formulas/evaluate";
import { FakeClock } from "../support/fake-clock";

const source = new DirectSource(new IndexDataClient({ baseUrl: "https://indexes.example.com" }));

describe("today, for relative dates", () => {
  test("is the injected clock's day when no `now` is given, and moves with it", async () => {
    const clock = new FakeClock(Date.UTC(2023, 10, 14, 23, 59));
    const env: FormulaEnv = { source, caps: { formattedNumbers: true }, clock };
    expect(today(env).toISOString()).toBe("2023-11-14T23:59:00.000Z");
    await clock.advance(2 * 60_000);
    expect(today(env).toISOString()).toBe("2023-11-15T00:01:00.000Z");
  });

  test("is `now` when the caller gives one (the CLI's --today), whatever the clock says", () => {
    const clock = new FakeClock(Date.UTC(2023, 10, 14));
    const env: FormulaEnv = { source, caps: { formattedNumbers: true }, clock, now: () => new Date("2020-01-02") };
    expect(today(env).toISOString()).toBe("2020-01-02T00:00:00.000Z");
  });
});
