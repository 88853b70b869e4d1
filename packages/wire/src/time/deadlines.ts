import { systemClock, type Clock, type TimerHandle } from "./clock";

/** One deadline: when it falls due, what it does then, and the queue it waits in (to be cleared by itself). */
export interface Deadline {
  readonly at: number;
  readonly fire: () => void;
  done: boolean;
  readonly queue: { clear(deadline: Deadline): void };
}

/**
 * Every deadline of one length on one clock falls due in the order it was set, so they wait in a queue with a
 * single timer armed for the first: setting or clearing one costs O(1), however many cells are waiting (a timer
 * each cost more than the rest of a cell's evaluation). Cleared deadlines leave the queue when they reach its
 * front, or all at once when they outnumber the live ones.
 */
class DeadlineQueue {
  private queue: Deadline[] = [];
  private head = 0;
  private cleared = 0;
  private timer: TimerHandle | undefined;
  private armedFor: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly ms: number,
  ) {}

  add(fire: () => void): Deadline {
    const deadline: Deadline = { at: this.clock.now() + this.ms, fire, done: false, queue: this };
    this.queue.push(deadline);
    if (this.armedFor === undefined) this.arm();
    return deadline;
  }

  clear(deadline: Deadline): void {
    if (deadline.done) return;
    deadline.done = true;
    this.cleared += 1;
    const waiting = this.queue.length - this.head;
    // Nothing left to wait for: no timer may keep the runtime (or a test's process) alive.
    if (this.cleared === waiting) this.reset();
    else if (this.cleared > 64 && this.cleared * 2 > waiting) this.compact();
  }

  private reset(): void {
    this.queue = [];
    this.head = 0;
    this.cleared = 0;
    this.disarm();
  }

  /** Moves the live deadlines to the front, in order, in place (no array made per compaction). */
  private compact(): void {
    const queue = this.queue;
    let kept = 0;
    for (let i = this.head; i < queue.length; i += 1) {
      const deadline = queue[i] as Deadline;
      if (!deadline.done) queue[kept++] = deadline;
    }
    queue.length = kept;
    this.head = 0;
    this.cleared = 0;
    if (kept === 0) this.disarm();
  }

  /** Fires every deadline due by now, then waits for the next one. */
  private due(): void {
    this.armedFor = undefined;
    this.timer = undefined;
    const now = this.clock.now();
    while (this.head < this.queue.length) {
      const first = this.queue[this.head] as Deadline;
      if (!first.done && first.at > now) break;
      this.head += 1;
      if (first.done) this.cleared -= 1;
      else {
        first.done = true;
        first.fire();
      }
    }
    if (this.head >= this.queue.length) this.reset();
    else this.arm();
  }

  private arm(): void {
    let first: Deadline | undefined;
    for (let i = this.head; i < this.queue.length && first === undefined; i += 1)
      if (!(this.queue[i] as Deadline).done) first = this.queue[i];
    if (first === undefined) return;
    this.armedFor = first.at;
    this.timer = this.clock.setTimer(() => this.due(), first.at - this.clock.now());
  }

  private disarm(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.armedFor = undefined;
  }
}

const queues = new WeakMap<Clock, Map<number, DeadlineQueue>>();

/**
 * Calls `fire` after `ms` on `clock` unless `clearDeadline` clears it first. The deadline is all it costs: no
 * timer of its own, no closure to clear it (a cell's bound pays for nothing else).
 */
export function setDeadline(clock: Clock, ms: number, fire: () => void): Deadline {
  let byLength = queues.get(clock);
  if (byLength === undefined) {
    byLength = new Map();
    queues.set(clock, byLength);
  }
  let queue = byLength.get(ms);
  if (queue === undefined) {
    queue = new DeadlineQueue(clock, ms);
    byLength.set(ms, queue);
  }
  return queue.add(fire);
}

/** Clears `deadline` (nothing happens if it fired or was cleared already). */
export function clearDeadline(deadline: Deadline): void {
  deadline.queue.clear(deadline);
}

/** Settles with `work`, or rejects with `onTimeout()` after `ms` on `clock`, whichever comes first. */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => Error,
  clock: Clock = systemClock,
): Promise<T> {
  return settleWithin(work, ms, clock, (_resolve, reject) => reject(onTimeout()));
}

/**
 * Resolves with `work`'s value, or with `onTimeout()` after `ms` on `clock`, whichever comes first; a rejection
 * of `work` is passed on, or resolved with `onError(error)` when given. One promise in all, and nothing made for
 * the bound unless it is reached (no Error, no stack): what a cell's evaluation pays for being bounded.
 */
export function resolveWithin<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => T,
  clock: Clock = systemClock,
  onError?: (error: unknown) => T,
): Promise<T> {
  return settleWithin(work, ms, clock, (resolve) => resolve(onTimeout()), onError);
}

/** `work`'s outcome, or what `atDeadline` settles after `ms`; the deadline is cleared as soon as `work` settles. */
function settleWithin<T>(
  work: Promise<T>,
  ms: number,
  clock: Clock,
  atDeadline: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
  onError?: (error: unknown) => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const deadline = setDeadline(clock, ms, () => atDeadline(resolve, reject));
    work.then(
      (value) => {
        clearDeadline(deadline);
        resolve(value);
      },
      (error: unknown) => {
        clearDeadline(deadline);
        if (onError === undefined) reject(error);
        else resolve(onError(error));
      },
    );
  });
}
