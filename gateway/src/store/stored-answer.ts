import { z } from "zod";
import type { TtlTable } from "@index-data/wire";
import { JSON_TYPE, checkBody, statusKind } from "../answers/answer-check";
import { PINNED_MAX_AGE_MS, freshForMs } from "../answers/answer-rules";
import { resourceOfKey } from "../answers/resources";
import type { CachedAnswer } from "./store";

/**
 * An entry as the shared store holds it, before any check: whoever can write to that Redis (another desk given the
 * same database, anyone with its password) could have put anything under an answer's key.
 */
export interface StoredAnswer {
  /** The metadata line, parsed as JSON: not yet known to be anything. */
  readonly meta: unknown;
  readonly body: string;
  /** The entry's time-to-live in Redis, in ms; -1 when it has none. */
  readonly keptForMs: number;
}

const StoredMeta = z.object({
  status: z.number().int(),
  fetchedAt: z.number().finite().nonnegative(),
  freshUntil: z.number().finite().nullable(),
});

/** Replicas' clocks may differ by this much; an answer "fetched" further ahead was fetched by no replica. */
const MAX_CLOCK_SKEW_MS = 5000;

/** When a stored entry's `fetchedAt` says it was fetched, if its metadata says so at all (to skip entries already held). */
export function storedFetchedAt(stored: StoredAnswer): number | undefined {
  const fetchedAt = (stored.meta as { fetchedAt?: unknown } | null)?.fetchedAt;
  return typeof fetchedAt === "number" ? fetchedAt : undefined;
}

/**
 * The answer an entry read from the shared store may be, or undefined: the checks an answer from the upstream
 * passes (a status of the service's answers or refusals, JSON of the endpoint's schema or of the error shape), and
 * the keeping rules: fresh no longer than its kind allows from when it was fetched, pinned (no freshness limit)
 * only if it is non-empty past history no older than PINNED_MAX_AGE_MS, and without a time-to-live in Redis only
 * then. The content type is the gateway's own.
 */
export function admitStored(key: string, stored: StoredAnswer, ttls: TtlTable, now: number): CachedAnswer | undefined {
  const resource = resourceOfKey(key, now);
  const meta = StoredMeta.safeParse(stored.meta);
  if (resource === undefined || !meta.success) return undefined;
  const { status, fetchedAt, freshUntil } = meta.data;
  const kind = statusKind(resource.endpoint, status);
  if (fetchedAt > now + MAX_CLOCK_SKEW_MS || (kind !== "answer" && kind !== "refusal")) return undefined;
  const checked = checkBody(resource.endpoint, status, stored.body);
  if (!checked.ok) return undefined;
  const freshFor = freshForMs(resource.kind, status, checked.value, ttls, now);
  const pinned = freshUntil === null || stored.keptForMs < 0;
  if (pinned && (freshFor !== null || fetchedAt < now - PINNED_MAX_AGE_MS)) return undefined;
  return {
    status,
    contentType: JSON_TYPE,
    body: checked.body,
    fetchedAt,
    freshUntil: freshUntil === null ? null : Math.min(freshUntil, fetchedAt + (freshFor ?? ttls[resource.kind])),
  };
}

/** The admission rule with this replica's time-to-live table, as a replica's store takes it. */
export function storedAnswerRule(
  ttls: TtlTable,
): (key: string, stored: StoredAnswer, now: number) => CachedAnswer | undefined {
  return (key, stored, now) => admitStored(key, stored, ttls, now);
}
