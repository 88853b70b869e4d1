/** The shape of `OfficeRuntime.storage`, so settings code runs the same in Office, the browser and Node. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A KeyValueStorage in memory: for Node, tests, and hosts without OfficeRuntime.storage. Lost on reload. */
export class MemoryStorage implements KeyValueStorage {
  readonly #items = new Map<string, string>();

  getItem(key: string): Promise<string | null> {
    return Promise.resolve(this.#items.get(key) ?? null);
  }

  setItem(key: string, value: string): Promise<void> {
    this.#items.set(key, value);
    return Promise.resolve();
  }

  removeItem(key: string): Promise<void> {
    this.#items.delete(key);
    return Promise.resolve();
  }

  /** The stored keys, for tests that check what was (not) written. */
  keys(): string[] {
    return [...this.#items.keys()];
  }
}
