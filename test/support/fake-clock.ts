import { safeDelay, type Clock, type TimerHandle } from "@index-data/wire/time";

interface FakeTimer {
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A clock whose waits take no time: a timer moves time on to its due moment and fires at once. For loops
 * bounded by the clock (the spill wait), so the bound is a count of waits, never wall-clock time.
 */
export class InstantClock implements Clock {
  private current = 0;

  now(): number {
    return this.current;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    this.current += safeDelay(delayMs);
    queueMicrotask(callback);
    return undefined;
  }

  clearTimer(): void {
    // Timers fire at once: nothing is ever left to clear.
  }
}

/** Lets callbacks and the promise chains they start run before time moves again. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A clock that moves only when a test says so: timers fire in order of their due time as `advance` passes
 * it, so a test of anything that waits (polls, backoffs, deadlines) takes no wall time and cannot flake.
 */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, FakeTimer>();

  constructor(start = Date.UTC(2024, 2, 31, 12)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + safeDelay(delayMs), callback });
    return id;
  }

  clearTimer(handle: TimerHandle): void {
    if (typeof handle === "number") this.timers.delete(handle);
  }

  /** Timers armed and not yet fired or cleared. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms`, firing every timer that falls due on the way (and any they arm meanwhile). */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    await settle();
    for (;;) {
      const due = this.nextDue(end);
      if (due === undefined) break;
      this.timers.delete(due.id);
      this.current = Math.max(this.current, due.timer.at);
      due.timer.callback();
      await settle();
    }
    this.current = end;
    await settle();
  }

  /** When the earliest timer armed falls due; undefined when none is. */
  nextDueAt(): number | undefined {
    return this.nextDue(Infinity)?.timer.at;
  }

  /**
   * Fires the earliest timer due by `end` on its own, time moving to its due moment; else moves time to `end`. True
   * when one fired. For a test that lets everything a timer starts settle (however long that takes) before the next.
   */
  async fireNext(end: number): Promise<boolean> {
    const due = this.nextDue(end);
    if (due === undefined) {
      this.current = Math.max(this.current, end);
      await settle();
      return false;
    }
    this.timers.delete(due.id);
    this.current = Math.max(this.current, due.timer.at);
    due.timer.callback();
    await settle();
    return true;
  }

  private nextDue(end: number): { id: number; timer: FakeTimer } | undefined {
    let found: { id: number; timer: FakeTimer } | undefined;
    for (const [id, timer] of this.timers) {
      if (timer.at <= end && (found === undefined || timer.at < found.timer.at)) found = { id, timer };
    }
    return found;
  }
}
