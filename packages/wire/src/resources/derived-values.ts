/**
 * What is computed from one answer (a history's dates, the spill a history cell shows) is computed once and kept
 * with that answer, in the cache entry that holds it (`Answered.derived`): every cell that shows the same answer the
 * same way reads the same value. The cache clears it the moment it lets the answer go (expired, evicted or
 * refreshed), even where something else still holds the answer (a last-known copy, a cell's old result), so a
 * refresh never leaves the derived values of the answers before it behind.
 */

/** One kind of value derived from an answer: its name in the answer's memo, and the type it holds. */
export interface DerivedKey<T> {
  readonly name: string;
  /** Only the type: a key made for T never reads another type's value. */
  readonly type?: (value: T) => void;
}

/** A key, made by the one builder of its kind (never spelled where it is read). */
export function derivedKey<T>(name: string): DerivedKey<T> {
  return { name };
}

export class DerivedValues {
  private readonly values = new Map<string, unknown>();

  /** What `derive` makes under `key`: made once, then the same value for every caller. */
  get<T>(key: DerivedKey<T>, derive: () => T): T {
    if (this.values.has(key.name)) return this.values.get(key.name) as T;
    const value = derive();
    this.values.set(key.name, value);
    return value;
  }

  /** Keeps `value` under `key`, made while the answer itself was being made (a slice's part of its dates). */
  seed<T>(key: DerivedKey<T>, value: T): void {
    this.values.set(key.name, value);
  }

  /** Forgets everything derived: its holder let the answer go. */
  clear(): void {
    this.values.clear();
  }

  /** How many values are kept (the engine's bookkeeping counts them). */
  get size(): number {
    return this.values.size;
  }
}

/** The memo of an answer that has one; a fresh one (kept by nobody) for an answer no cache holds. */
export function derivedOf(answer: { readonly derived?: DerivedValues }): DerivedValues {
  return answer.derived ?? new DerivedValues();
}
