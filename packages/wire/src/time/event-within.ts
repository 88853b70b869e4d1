import { systemClock, type Clock } from "./clock";

/** Anything that can be waited on for one event: a Node stream, a Redis connection, any EventEmitter. */
export interface EventSource<E extends string> {
  once(event: E, listener: () => void): unknown;
  off(event: E, listener: () => void): unknown;
}

/**
 * Resolves when `source` emits `event` or after `ms` on `clock`, whichever comes first; never rejects. Both the
 * listener and the timer go either way, so nothing is left holding the source or the process.
 */
export function eventWithin<E extends string>(
  source: EventSource<E>,
  event: E,
  ms: number,
  clock: Clock = systemClock,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clock.clearTimer(timer);
      source.off(event, done);
      resolve();
    };
    const timer = clock.setTimer(done, ms);
    source.once(event, done);
  });
}
