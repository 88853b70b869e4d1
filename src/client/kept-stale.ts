/**
 * Answers that a cache between us and the service (the desk gateway, or any cache that speaks RFC 9211) served past
 * their freshness, because the service failed: their age is kept with the value itself, so it travels wherever
 * the value goes, and the engine shows it as a last-known value, not as a fresh one.
 */
const KEPT_STALE = new WeakMap<object, number>();

/** Marks `data` as served stale by a cache, `ageMs` after the service produced it. */
export function markKeptStale<T>(data: T, ageMs: number): T {
  if (typeof data === "object" && data !== null) KEPT_STALE.set(data, Math.max(0, ageMs));
  return data;
}

/** How old `data` was when a cache served it stale (ms), or undefined when it came fresh. */
function keptStaleAgeMs(data: unknown): number | undefined {
  return typeof data === "object" && data !== null ? KEPT_STALE.get(data) : undefined;
}

/** Carries the mark of `from` over to `to`, a value cut from it (a history slice of a stale union). */
export function keptStaleLike<T>(to: T, from: unknown): T {
  const ageMs = keptStaleAgeMs(from);
  return ageMs === undefined ? to : markKeptStale(to, ageMs);
}

/** When `data`, received at `receivedAt` (ms), was produced, and whether a cache served it stale. */
export function producedAt(data: unknown, receivedAt: number): { readonly at: number; readonly stale: boolean } {
  const ageMs = keptStaleAgeMs(data);
  return ageMs === undefined ? { at: receivedAt, stale: false } : { at: receivedAt - ageMs, stale: true };
}
