import { withFacts } from "./index-data-error";

/** The queue's bound in words, for messages: "2 s", "5 min". */
export function queueBound(ms: number): string {
  return ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

/**
 * Not sent: the engine's own queue refused the request, because it would wait longer than the queue's
 * bound for a slot in the rate budget. The service refused nothing; a refresh asks again.
 */
export class QueueFullError extends withFacts<{
  /** The queue's bound: the longest a request may wait for a slot. */
  readonly maxQueueWaitMs: number;
  /** About how long this request would have waited, in whole seconds. */
  readonly waitSeconds: number;
}>("maxQueueWaitMs", "waitSeconds") {
  override readonly name = "QueueFullError" as const;
}
