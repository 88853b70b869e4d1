/**
 * Which cells need which resources: the engine's index from a cell's address (invocation.address, e.g.
 * "Sheet1!B2") to the cache keys its last evaluation used, plus the message of the error it showed. Refresh by
 * scope reads it to fetch each resource a scope needs once; freezing reads it for the receipt's provenance.
 * A cell re-evaluated replaces its entry; a cell whose formula is gone is dropped by `keepOnly` (refresh
 * rebuilds from the workbook's formulas) or `forget` (a canceled cell).
 */

/** Where a value came from, as the service said it: the fix date and publication mode. */
export interface Provenance {
  readonly asOf?: string;
  readonly publicationMode?: string;
}

function provenanceOf(data: unknown): Provenance | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { asOf, publicationMode } = data as { asOf?: unknown; publicationMode?: unknown };
  const found = {
    ...(typeof asOf === "string" ? { asOf } : {}),
    ...(typeof publicationMode === "string" ? { publicationMode } : {}),
  };
  return Object.keys(found).length > 0 ? found : undefined;
}

/** True when `known` already says what `data` would add (read on every cell that reads a key: allocates nothing). */
function alreadyKnown(known: Provenance | undefined, data: unknown): boolean {
  if (typeof data !== "object" || data === null) return true;
  const { asOf, publicationMode } = data as { asOf?: unknown; publicationMode?: unknown };
  const asOfText = typeof asOf === "string" ? asOf : undefined;
  const mode = typeof publicationMode === "string" ? publicationMode : undefined;
  if (asOfText === undefined && mode === undefined) return true; // nothing to keep
  return known !== undefined && known.asOf === asOfText && (mode === undefined || known.publicationMode === mode);
}

/** What the refresh of some cells will cost: the cells found and the distinct resources they need. */
interface RefreshPlan {
  readonly addresses: readonly string[];
  readonly keys: readonly string[];
}

/**
 * The keys one cell read: none yet, the one key most cells read (kept as it is: a set for each of 20,000 cells
 * would be most of what the index holds), or a set of them.
 */
type CellKeys = null | string | Set<string>;

function listOf(keys: CellKeys | undefined): string[] {
  if (keys === null || keys === undefined) return [];
  return typeof keys === "string" ? [keys] : [...keys];
}

export class AddressIndex {
  private readonly keysByAddress = new Map<string, CellKeys>();
  private readonly errors = new Map<string, string>();
  /** Provenance of the keys some cell needs; a key no cell needs any more is forgotten with it. */
  private readonly provenance = new Map<string, Provenance>();
  /** How many cells need each key. */
  private readonly users = new Map<string, number>();

  /** A new evaluation of the cell starts: what it needed before no longer counts. */
  begin(address: string): void {
    this.release(address);
    this.keysByAddress.set(address, null);
    // Most sheets show no error: no lookup for each cell then.
    if (this.errors.size > 0) this.errors.delete(address);
  }

  record(address: string, key: string): void {
    const keys = this.keysByAddress.get(address) ?? null;
    if (keys === key || (typeof keys === "object" && keys?.has(key) === true)) return;
    if (keys === null) this.keysByAddress.set(address, key);
    else if (typeof keys === "string") this.keysByAddress.set(address, new Set([keys, key]));
    else keys.add(key);
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
  }

  /** How much the index holds: cells, and keys with provenance (both grow with the sheet, never with time). */
  get size(): { readonly cells: number; readonly keys: number } {
    return { cells: this.keysByAddress.size, keys: this.provenance.size };
  }

  /** The message of the error the cell showed (#N/A, #VALUE!), for the freeze receipt. */
  noteError(address: string, message: string): void {
    this.errors.set(address, message);
  }

  /** Keeps the asOf and publication mode of what `key` served, when the data has them and a cell needs the key. */
  noteData(key: string, data: unknown): void {
    if (!this.users.has(key)) return;
    const known = this.provenance.get(key);
    if (alreadyKnown(known, data)) return;
    const found = provenanceOf(data);
    if (found === undefined) return;
    // A value's asOf alone (from the catalogue) keeps the publication mode the fix of that date gave.
    this.provenance.set(key, known?.asOf === found.asOf ? { ...known, ...found } : found);
  }

  /** The provenance of the first resource of the cell that has one (a fix, a curve). */
  provenanceOf(address: string): Provenance | undefined {
    for (const key of this.keysOf(address)) {
      const found = this.provenance.get(key);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  errorOf(address: string): string | undefined {
    return this.errors.get(address);
  }

  forget(address: string): void {
    this.release(address);
    this.keysByAddress.delete(address);
    this.errors.delete(address);
  }

  /** The cell no longer needs the keys of its last evaluation. */
  private release(address: string): void {
    const keys = this.keysByAddress.get(address);
    if (keys === null || keys === undefined) return;
    if (typeof keys === "string") this.releaseKey(keys);
    else for (const key of keys) this.releaseKey(key);
  }

  private releaseKey(key: string): void {
    const left = (this.users.get(key) ?? 1) - 1;
    if (left > 0) this.users.set(key, left);
    else {
      this.users.delete(key);
      this.provenance.delete(key);
    }
  }

  /** Drops every address of `inScope` that `stillIndex` rejects (its INDEX formula was removed). */
  keepOnly(inScope: (address: string) => boolean, stillIndex: (address: string) => boolean): void {
    for (const address of [...this.keysByAddress.keys()]) {
      if (inScope(address) && !stillIndex(address)) this.forget(address);
    }
  }

  addresses(): string[] {
    return [...this.keysByAddress.keys()];
  }

  keysOf(address: string): string[] {
    return listOf(this.keysByAddress.get(address));
  }

  /** The cells `include` accepts and the distinct keys they need, each once. */
  plan(include: (address: string, keys: readonly string[]) => boolean): RefreshPlan {
    const addresses: string[] = [];
    const keys = new Set<string>();
    for (const [address, needed] of this.keysByAddress) {
      const list = listOf(needed);
      if (!include(address, list)) continue;
      addresses.push(address);
      list.forEach((key) => keys.add(key));
    }
    return { addresses, keys: [...keys] };
  }
}
