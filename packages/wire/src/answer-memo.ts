/**
 * What is computed from one answer (a history's time array, the spill a history cell shows) is computed once and
 * kept with that answer: every cell that shows the same answer the same way reads the same value. It lives as long
 * as the answer does, and no longer: the engine drops it the moment it lets the answer go (its cache expired,
 * evicted or refreshed it), even where something else still holds the answer (a last-known copy, a cell's old
 * result), so a refresh never leaves the derived values of the answers before it behind.
 */
const DERIVED = new WeakMap<object, Map<string, unknown>>();

/** What `derive` makes of `answer`, under `key`: made once, then the same value for every caller. */
export function derivedFrom<T>(answer: object, key: string, derive: () => T): T {
  let values = DERIVED.get(answer);
  if (values === undefined) {
    values = new Map();
    DERIVED.set(answer, values);
  }
  if (values.has(key)) return values.get(key) as T;
  const value = derive();
  values.set(key, value);
  return value;
}

/** Keeps `value` as what `key` derives from `answer` (made while the answer itself was being made). */
export function seedDerived(answer: object, key: string, value: unknown): void {
  const values = DERIVED.get(answer);
  if (values === undefined) DERIVED.set(answer, new Map([[key, value]]));
  else values.set(key, value);
}

/** Forgets everything derived from `answer`: its holder let it go. */
export function dropDerived(answer: unknown): void {
  if (typeof answer === "object" && answer !== null) DERIVED.delete(answer);
}

/** How many values are derived from `answer` (the engine's bookkeeping counts them). */
export function derivedCount(answer: unknown): number {
  return typeof answer === "object" && answer !== null ? (DERIVED.get(answer)?.size ?? 0) : 0;
}
