import type { FastifyInstance, FastifyRequest } from "fastify";
import { uniform } from "./dataset/random";
import { refusalMessage, writeRateHeaders, type RateHeaders } from "./rate-limit";
import type { Counted, RateWindows } from "./rate-windows";
import { ServiceError } from "./service-error";
import type { ServiceState } from "./state";
import type { Caller, Tier } from "./tiers";

/**
 * When a service counts a request against its window: `arrival` (as it comes in, before any work: its answer's
 * figures already count every request that arrived before it, those still in flight too), or `answered` (once it has
 * been processed, as a counter written after the work is: an answer's figures count only what was answered before
 * it, and a burst in flight can pass the limit by what is still in flight). The spec says neither.
 */
export const RATE_COUNTS = ["arrival", "answered"] as const;
export type RateCount = (typeof RATE_COUNTS)[number];

/** Callers whose 429s are counted (for partial's every other Retry-After) at most. */
const MAX_REFUSAL_BUCKETS = 5000;

/** Answers held back a seeded random while, so they come back out of the order their requests arrived in. */
export interface AnswerJitter {
  /** The longest hold; each answer is held a whole number of ms from 1 to this. */
  readonly maxMs: number;
  /** The seed: the same seed holds the n-th request to arrive the same while, every run. */
  readonly seed: number;
}

export interface RateCounting {
  readonly windows: RateWindows;
  readonly limits: Readonly<Record<Tier, number>>;
  readonly windowMs: number;
  readonly headers: RateHeaders;
  readonly count: RateCount;
  readonly jitter?: AnswerJitter | undefined;
  readonly state: ServiceState;
  readonly callerOf: (request: FastifyRequest) => Caller;
}

/** A request the limit has seen: whether it was let through when it arrived, and its place in the arrival order. */
interface Seen {
  readonly admitted: boolean;
  readonly arrival: number;
}

/**
 * The rate limit's hooks: every request is judged when it arrives (a refused one is answered 429 there), held back by
 * the jitter if any, and counted when it arrives or once answered; its answer carries the form's headers for the count.
 */
export function registerRateLimit(app: FastifyInstance, rate: RateCounting): void {
  const refusals = new Map<string, number>();
  const seen = new WeakMap<FastifyRequest, Seen>();
  let arrivals = 0;

  const writeHeaders = (
    reply: { header(name: string, value: string | number): unknown },
    caller: Caller,
    counted: Counted,
  ) => {
    const max = rate.limits[caller.tier];
    const refused = refusals.get(caller.bucket) ?? 0;
    writeRateHeaders(reply, rate.headers, { max, windowMs: rate.windowMs, counted, refusals: refused });
    if (counted.allowed) return;
    refusals.delete(caller.bucket);
    if (refusals.size < MAX_REFUSAL_BUCKETS) refusals.set(caller.bucket, refused + 1);
  };

  // Every request counts, an unknown path's and a refused key's too, so every answer carries the form's headers.
  app.addHook("onRequest", async (request, reply) => {
    const caller = rate.callerOf(request);
    const max = rate.limits[caller.tier];
    const judged =
      rate.count === "arrival" ? rate.windows.hit(caller.bucket, max) : rate.windows.peek(caller.bucket, max);
    seen.set(request, { admitted: judged.allowed, arrival: arrivals });
    arrivals += 1;
    if (rate.count === "arrival") writeHeaders(reply, caller, judged);
    if (judged.allowed) return;
    throw new ServiceError(
      429,
      "RATE_LIMITED",
      refusalMessage(rate.headers, caller.tier, max, rate.windowMs, judged.resetMs),
    );
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const arrived = seen.get(request);
    if (arrived === undefined) return payload;
    if (rate.jitter !== undefined)
      await rate.state.hold(1 + Math.floor(uniform(rate.jitter.seed, arrived.arrival) * rate.jitter.maxMs));
    if (rate.count === "answered") {
      const caller = rate.callerOf(request);
      writeHeaders(reply, caller, rate.windows.record(caller.bucket, rate.limits[caller.tier], arrived.admitted));
    }
    return payload;
  });
}
