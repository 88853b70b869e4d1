import { resolveWithin } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";

/** The bound of a cell's evaluation: resolves with the work, or with what the bound says, and leaves no timer. */
describe("resolveWithin", () => {
  test("resolves with the work's value, or passes its rejection on, and leaves no timer armed", async () => {
    const clock = new FakeClock();
    await expect(resolveWithin(Promise.resolve(1), 1000, () => 2, clock)).resolves.toBe(1);
    await expect(resolveWithin(Promise.reject(new Error("failed")), 1000, () => 2, clock)).rejects.toThrow("failed");
    await clock.advance(0);
    expect(clock.pendingTimers).toBe(0);
  });

  test("a rejection becomes a value when onError is given", async () => {
    const clock = new FakeClock();
    const settled = resolveWithin(
      Promise.reject(new Error("failed")),
      1000,
      () => "late",
      clock,
      (error) => (error instanceof Error ? `mapped: ${error.message}` : "?"),
    );
    await expect(settled).resolves.toBe("mapped: failed");
  });

  test("work that never ends resolves with the bound's value at the bound, and not before", async () => {
    const clock = new FakeClock();
    let value: string | undefined;
    void resolveWithin(new Promise<string>(() => undefined), 1000, () => "late", clock).then((v) => (value = v));
    await clock.advance(999);
    expect(value).toBeUndefined();
    await clock.advance(1);
    expect(value).toBe("late");
    expect(clock.pendingTimers).toBe(0);
  });
});
