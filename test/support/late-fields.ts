/**
 * A suite's rig whose parts start in its beforeAll: `ready` hands them over once they exist, and says which rig was
 * read too early otherwise (a read outside a test); `lateFields` makes fields that read them then.
 */
export function whenReady<T>(rig: string, state: () => T | undefined): () => T {
  return () => {
    const found = state();
    if (found === undefined) throw new Error(`${rig} is used before beforeAll ran`);
    return found;
  };
}

/** An object whose `keys` read `ready()`'s fields when read, so a test file can hold it from its top. */
export function lateFields<T, K extends keyof T>(ready: () => T, keys: readonly K[]): Pick<T, K> {
  const fields = {} as Pick<T, K>;
  for (const key of keys) Object.defineProperty(fields, key, { enumerable: true, get: () => ready()[key] });
  return fields;
}
