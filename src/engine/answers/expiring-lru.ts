/** Why an entry left: evicted for room, expired, deleted, or replaced by a newer value (as lru-cache names them). */
export type LeaveReason = "evict" | "expire" | "delete" | "set";

interface Slot<V> {
  readonly value: V;
  /** When it was set; 0 never expires (lru-cache's rule, kept so a clock at 0 behaves as it did). */
  readonly start: number;
  readonly ttl: number;
}

interface ExpiringLruOptions<V> {
  readonly max: number;
  readonly now: () => number;
  readonly dispose: (value: V, key: string, reason: LeaveReason) => void;
}

/**
 * At most `max` entries, each with its own time-to-live, least recently used evicted first: what the result cache
 * used lru-cache for. A Map keeps the order (a read moves its key last), so nothing is allocated before it is
 * held: lru-cache allocated its `max` slots up front, most of a millisecond per engine.
 */
export class ExpiringLru<V> {
  private readonly slots = new Map<string, Slot<V>>();

  constructor(private readonly options: ExpiringLruOptions<V>) {}

  get size(): number {
    return this.slots.size;
  }

  /** The value within its time-to-live, now the most recently used; an expired one is dropped. */
  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    if (this.expired(slot)) {
      this.remove(key, slot, "expire");
      return undefined;
    }
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** The value without touching its place or dropping it; an expired one only with `allowStale`. */
  peek(key: string, allowStale: boolean): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined || (!allowStale && this.expired(slot))) return undefined;
    return slot.value;
  }

  /** True when `key` holds a value within its time-to-live. */
  has(key: string): boolean {
    const slot = this.slots.get(key);
    return slot !== undefined && !this.expired(slot);
  }

  set(key: string, value: V, ttl: number): void {
    const old = this.slots.get(key);
    if (old !== undefined) {
      this.slots.delete(key);
      if (old.value !== value) this.options.dispose(old.value, key, "set");
    } else if (this.slots.size >= this.options.max) {
      const [oldestKey, oldest] = this.slots.entries().next().value as [string, Slot<V>];
      this.remove(oldestKey, oldest, "evict");
    }
    this.slots.set(key, { value, start: this.options.now(), ttl });
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (slot !== undefined) this.remove(key, slot, "delete");
  }

  /** Drops every expired entry (they are otherwise only dropped when read). */
  purgeStale(): void {
    for (const [key, slot] of [...this.slots]) if (this.expired(slot)) this.remove(key, slot, "expire");
  }

  /** The keys within their time-to-live. */
  *keys(): IterableIterator<string> {
    for (const [key, slot] of this.slots) if (!this.expired(slot)) yield key;
  }

  /** The entries within their time-to-live. */
  *entries(): IterableIterator<[string, V]> {
    for (const [key, slot] of this.slots) if (!this.expired(slot)) yield [key, slot.value];
  }

  private expired(slot: Slot<V>): boolean {
    return slot.ttl !== 0 && slot.start !== 0 && this.options.now() - slot.start > slot.ttl;
  }

  private remove(key: string, slot: Slot<V>, reason: LeaveReason): void {
    this.slots.delete(key);
    this.options.dispose(slot.value, key, reason);
  }
}
