import { clearDeadline, setDeadline, withDeadline } from "@index-data/wire/time";
import { FakeClock } from "../support/fake-clock";

/** Deadlines of one length share one timer; each still fires at its own time, and cleared ones leave no timer behind. */
describe("withDeadline", () => {
  test("settles with the work when it comes first, and leaves no timer armed", async () => {
    const clock = new FakeClock();
    await expect(withDeadline(Promise.resolve("done"), 1000, () => new Error("late"), clock)).resolves.toBe("done");
    await expect(
      withDeadline(Promise.reject(new Error("failed")), 1000, () => new Error("late"), clock),
    ).rejects.toThrow("failed");
    await clock.advance(0);
    expect(clock.pendingTimers).toBe(0);
  });

  test("many deadlines of one length fire each at its own time, through one timer", async () => {
    const clock = new FakeClock();
    const start = clock.now();
    const fired: number[] = [];
    const never = new Promise<never>(() => undefined);
    const set = () =>
      void withDeadline(never, 1000, () => new Error("late"), clock).catch(() => fired.push(clock.now() - start));
    set();
    await clock.advance(100);
    set();
    await clock.advance(250);
    set();
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(2000);
    expect(fired).toEqual([1000, 1100, 1350]);
    expect(clock.pendingTimers).toBe(0);
  });

  test("a thousand cells settling in time leave the one timer cleared", async () => {
    const clock = new FakeClock();
    const settled = Array.from({ length: 1000 }, (_, i) =>
      withDeadline(Promise.resolve(i), 401_000, () => new Error("late"), clock),
    );
    await Promise.all(settled);
    await clock.advance(0);
    expect(clock.pendingTimers).toBe(0);
  });

  test("deadlines left after most are cleared (the queue compacted) still fire in order, each at its own time", async () => {
    const clock = new FakeClock();
    const start = clock.now();
    const fired: [number, number][] = [];
    const deadlines: ReturnType<typeof setDeadline>[] = [];
    for (let i = 0; i < 300; i += 1) {
      deadlines.push(setDeadline(clock, 1000, () => fired.push([i, clock.now() - start])));
      if (i % 10 === 9) await clock.advance(1);
    }
    // Every deadline but each 7th cleared, out of order: more than half the queue, so it is compacted on the way.
    for (let i = deadlines.length - 1; i >= 0; i -= 2)
      if (i % 7 !== 0) clearDeadline(deadlines[i] as ReturnType<typeof setDeadline>);
    for (let i = 0; i < deadlines.length; i += 2)
      if (i % 7 !== 0) clearDeadline(deadlines[i] as ReturnType<typeof setDeadline>);
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(2000);
    const kept = deadlines.map((_, i) => i).filter((i) => i % 7 === 0);
    expect(fired.map(([i]) => i)).toEqual(kept);
    expect(fired.map(([, at]) => at)).toEqual(kept.map((i) => 1000 + Math.floor(i / 10)));
    expect(clock.pendingTimers).toBe(0);
  });
});
