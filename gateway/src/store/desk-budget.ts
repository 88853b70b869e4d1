import type { RateReading } from "@index-data/wire";
import type { BudgetReading } from "./store";

/*
 * The desk's budget is the rate rule of @index-data/wire (rate/): one statement of it, which the add-in's engine
 * runs too. The memory store runs it as TypeScript (RateLedger); the Redis store runs its Lua twin
 * (redis-scripts.ts), so that replicas take sends atomically; the store contract test holds both to the same
 * answers. The rule needs no header from the upstream: it knows the tier table's limit before any answer, learns
 * from whatever the answers say, and after a 429 holds every send until the window must have turned.
 */

/**
 * What a reading says to the budget numbered `ledger`: which of its sends the answer counted comes only from its
 * own numbers (a replica may have taken the send from Redis, or from its memory while Redis was away).
 */
export function readingFor(reading: BudgetReading, ledger: "memory" | "redis"): RateReading {
  const { sent, ...figures } = reading;
  return sent?.ledger === ledger ? { ...figures, sentSeq: sent.seq } : figures;
}
