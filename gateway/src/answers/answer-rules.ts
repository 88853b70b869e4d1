import type { ResourceKind, TtlTable } from "@index-data/wire";
import { DAY_MS, parseInstant, startOfUtcDay } from "@index-data/wire/time";

/**
 * How long an answer is fresh and how long a store keeps it: one set of rules for the answer the resolver keeps and
 * for the entry a replica reads back from the shared store, so neither can outlive what the other would allow.
 */

/** The service's refusals (400, 404), and past history with no values, are shared, but not for longer than this. */
export const NEGATIVE_TTL_MS = 30_000;
/**
 * Past history is published once and never changes, so a non-empty past range is pinned: fresh without a
 * time-to-live. Its way out is this bounded age, counted from when it was fetched: then it is asked for again.
 */
export const PINNED_MAX_AGE_MS = 7 * DAY_MS;

/** A kept answer as these rules read it: the store's `CachedAnswer` is one (the store sits above these rules). */
interface KeptAnswer {
  readonly status: number;
  readonly fetchedAt: number;
  /** When it stops being fresh; `null` when pinned. */
  readonly freshUntil: number | null;
}

/** A history answer as far as pinning reads it (the wire schema's output). */
interface HistoryShape {
  readonly values?: unknown;
  readonly endDate?: unknown;
}

/** Whether an answer to past history covers a range that has ended and holds values: only then is it pinned. */
function pinnable(value: unknown, now: number): boolean {
  const history = (value ?? {}) as HistoryShape;
  if (!Array.isArray(history.values) || history.values.length === 0) return false;
  const end = typeof history.endDate === "string" ? parseInstant(history.endDate) : undefined;
  return end !== undefined && end < startOfUtcDay(now);
}

/**
 * How long an answer of `kind` with this status and validated value is fresh; `null` for pinned past history. A
 * refusal, and a past range with no values (the data may come later), only briefly.
 */
export function freshForMs(
  kind: ResourceKind,
  status: number,
  value: unknown,
  ttls: TtlTable,
  now: number,
): number | null {
  const ttl = ttls[kind];
  if (status !== 200) return Math.min(ttl, NEGATIVE_TTL_MS);
  if (kind !== "historyPast") return ttl;
  if (pinnable(value, now)) return null;
  const values = ((value ?? {}) as HistoryShape).values;
  return Array.isArray(values) && values.length > 0 ? ttl : Math.min(ttl, NEGATIVE_TTL_MS);
}

/** Whether a kept answer may stand in for a failing upstream (stale-if-error): the service's data, never a refusal. */
export function standsIn(answer: Pick<KeptAnswer, "status">): boolean {
  return answer.status === 200;
}

/**
 * How long a store keeps an answer, from `now`: pinned past history up to its bounded age; an answer that may stand
 * in for a failing upstream its freshness plus the stale-if-error window; anything else only while fresh. Always a
 * number: nothing is kept without a time-to-live, in memory or in Redis.
 */
export function keepMsOf(answer: KeptAnswer, now: number, staleIfErrorMs: number): number {
  if (answer.freshUntil === null) return Math.max(1, answer.fetchedAt + PINNED_MAX_AGE_MS - now);
  const freshMs = answer.freshUntil - now;
  return Math.max(1, standsIn(answer) ? freshMs + staleIfErrorMs : freshMs);
}
