import type { KeyValueStorage } from "../../settings";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";

/** A result as it was last fetched. */
export interface LastKnownEntry {
  readonly data: unknown;
  /** When the service produced it (epoch ms). */
  readonly fetchedAt: number;
}

interface LastKnownOptions {
  /** Separates services: values of one base URL are never served for another. */
  readonly namespace: string;
  /** @default 400 */
  readonly maxEntries: number;
  /** Total size of stored entries, in characters of JSON. @default 4_000_000 (OfficeRuntime.storage allows 10 MB) */
  readonly maxChars: number;
}

interface IndexRow {
  readonly k: string;
  readonly t: number;
  readonly n: number;
}

const PREFIX = "indexData.lastKnown.v1";

/** A stored text that does not parse lost its last-known values: the store says so to its diagnostics. */
type Lost = (error: unknown) => void;

function parseIndex(text: string | null, lost: Lost): IndexRow[] {
  if (text === null) return [];
  try {
    const rows: unknown = JSON.parse(text);
    if (!Array.isArray(rows)) return [];
    return rows.filter(
      (r): r is IndexRow =>
        typeof r === "object" &&
        r !== null &&
        typeof r.k === "string" &&
        typeof r.t === "number" &&
        typeof r.n === "number",
    );
  } catch (error) {
    lost(error);
    return [];
  }
}

function parseEntry(text: string | null, lost: Lost): LastKnownEntry | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { data, fetchedAt } = value as { data?: unknown; fetchedAt?: unknown };
    return typeof fetchedAt === "number" && data !== undefined ? { data, fetchedAt } : undefined;
  } catch (error) {
    lost(error);
    return undefined;
  }
}

/**
 * Every successful result, kept in the shared runtime's storage so it survives a workbook reopen, bounded
 * by entry count and size (least recently written goes first). Best effort: a storage failure loses a
 * last-known value, never a cell. One storage item per entry plus one index item, so a lookup reads only
 * what it needs.
 */
export class LastKnownStore {
  private readonly rows = new Map<string, IndexRow>();
  private readonly loaded = new Map<string, LastKnownEntry>();
  private readonly ready: Promise<void>;
  private writes: Promise<void> = Promise.resolve();
  /** Entries put and not yet written, and whether a batch that will write them is queued. */
  private readonly unwritten = new Map<string, LastKnownEntry>();
  private batchQueued = false;
  /** The index of stored entries has been read: whether a key has a stored value is then known at once. */
  private indexRead = false;
  /** A stored last-known value (or the index of them) that no longer parses: lost, and said so. */
  private readonly lost: Lost = (error) => this.diagnostics.note({ where: "last-known storage: unreadable", error });

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly options: LastKnownOptions,
    private readonly diagnostics: Diagnostics = noDiagnostics,
  ) {
    this.ready = this.loadIndex();
  }

  /**
   * True when `key` is known to have no last-known value (the index is read and does not list it): a cold open's
   * requests then leave at once, not a turn of the event loop later for each.
   */
  lacks(key: string): boolean {
    return this.indexRead && !this.rows.has(key) && !this.loaded.has(key);
  }

  async get(key: string): Promise<LastKnownEntry | undefined> {
    const held = this.loaded.get(key);
    if (held !== undefined) return held;
    await this.ready;
    if (!this.rows.has(key)) return undefined;
    const entry = parseEntry(await this.safely(() => this.storage.getItem(this.itemKey(key)), null), this.lost);
    if (entry !== undefined && this.rows.has(key) && !this.loaded.has(key)) this.loaded.set(key, entry);
    return this.loaded.get(key) ?? entry;
  }

  /** Every kept entry whose key starts with `prefix` (a symbol's history answers: what the workbook saw). */
  async entriesUnder(prefix: string): Promise<LastKnownEntry[]> {
    await this.ready;
    const keys = [...this.rows.keys()].filter((key) => key.startsWith(prefix));
    const entries = await Promise.all(keys.map((key) => this.get(key)));
    return entries.filter((entry): entry is LastKnownEntry => entry !== undefined);
  }

  /** Keeps `data` as the last-known value of `key`; written in the background (see `flush`). */
  put(key: string, data: unknown, fetchedAt: number): void {
    const entry: LastKnownEntry = { data, fetchedAt };
    this.rows.delete(key);
    this.rows.set(key, { k: key, t: fetchedAt, n: 0 });
    this.loaded.set(key, entry);
    this.unwritten.set(key, entry);
    if (this.batchQueued) return;
    this.batchQueued = true;
    this.enqueue(() => this.writeBatch());
  }

  /**
   * Writes every entry put since the last batch: one timer, one eviction pass and one index write for all of
   * them, however many answers came in (a timer each cost more than the rest of an answer's bookkeeping).
   */
  private async writeBatch(): Promise<void> {
    await this.ready;
    // Serialized after the cells waiting for these results have been answered, not before.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Puts from here on go in the next batch.
    this.batchQueued = false;
    const batch = [...this.unwritten];
    this.unwritten.clear();
    for (const [key, entry] of batch) {
      if (this.loaded.get(key) !== entry) continue; // put again or forgotten since: the newer put writes it
      const text = JSON.stringify(entry);
      if (text.length > this.options.maxChars / 4)
        this.forget(key); // one huge result must not evict everything else
      else {
        this.rows.set(key, { k: key, t: entry.fetchedAt, n: text.length });
        await this.safely(() => this.storage.setItem(this.itemKey(key), text), undefined);
      }
    }
    await this.evictAndWriteIndex();
  }

  private forget(key: string): void {
    this.rows.delete(key);
    this.loaded.delete(key);
  }

  /** Resolves when everything put so far is in storage. */
  async flush(): Promise<void> {
    await this.ready;
    await this.writes;
  }

  get size(): number {
    return this.rows.size;
  }

  private async evictAndWriteIndex(): Promise<void> {
    let chars = 0;
    for (const row of this.rows.values()) chars += row.n;
    for (const row of [...this.rows.values()]) {
      if (this.rows.size <= this.options.maxEntries && chars <= this.options.maxChars) break;
      this.forget(row.k);
      chars -= row.n;
      await this.safely(() => this.storage.removeItem(this.itemKey(row.k)), undefined);
    }
    const text = JSON.stringify([...this.rows.values()]);
    await this.safely(() => this.storage.setItem(this.indexKey(), text), undefined);
  }

  private enqueue(write: () => Promise<void>): void {
    this.writes = this.writes.then(write, write);
  }

  private async loadIndex(): Promise<void> {
    const stored = parseIndex(await this.safely(() => this.storage.getItem(this.indexKey()), null), this.lost);
    // Rows put while the index was loading are newer than anything stored.
    const session = [...this.rows.values()];
    this.rows.clear();
    for (const row of stored) this.rows.set(row.k, row);
    for (const row of session) {
      this.rows.delete(row.k);
      this.rows.set(row.k, row);
    }
    this.indexRead = true;
  }

  private async safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      // Storage full or unavailable: last-known values are a convenience, not a duty; recorded, not shown.
      this.diagnostics.note({ where: "last-known storage", error });
      return fallback;
    }
  }

  private indexKey(): string {
    return `${PREFIX}:${this.options.namespace}:index`;
  }

  private itemKey(key: string): string {
    return `${PREFIX}:${this.options.namespace}:entry:${key}`;
  }
}
