/**
 * Whose request it is, most urgent first: the user's own action (a scoped refresh, a taskpane read), a cell the
 * user can see, then everything else. A hint for the order only: every request is still sent.
 */
export type Lane = "user" | "visible" | "background";

export const LANES: readonly Lane[] = ["user", "visible", "background"];

/**
 * What one request answers: exact cache keys, and key prefixes for a shared request (the catalogue answers every
 * `latest|` key, a merged history union every `history|SYMBOL|` key). A request is as urgent as the most urgent
 * key it answers.
 */
export interface Answers {
  readonly keys: readonly string[];
  readonly prefixes?: readonly string[];
}

/** The prefixes a key is found under: its kind (`latest|`) and its kind and symbol (`history|RTM-A|`). */
function prefixesOf(key: string): string[] {
  const first = key.indexOf("|");
  if (first < 0) return [];
  const second = key.indexOf("|", first + 1);
  return second < 0 ? [key.slice(0, first + 1)] : [key.slice(0, first + 1), key.slice(0, second + 1)];
}

/** A set of keys with a count of members under each prefix, so a prefix is looked up in O(1), never by a scan. */
class KeySet {
  private readonly members = new Map<string, number>();
  private readonly underPrefix = new Map<string, number>();

  has(key: string): boolean {
    return this.members.has(key);
  }

  hasUnder(prefix: string): boolean {
    return (this.underPrefix.get(prefix) ?? 0) > 0;
  }

  get size(): number {
    return this.members.size;
  }

  keys(): IterableIterator<string> {
    return this.members.keys();
  }

  /** Adds one holder of `key`; returns the key and prefixes that just became members. */
  add(key: string): string[] {
    const held = this.members.get(key) ?? 0;
    this.members.set(key, held + 1);
    if (held > 0) return [];
    return [key, ...prefixesOf(key).filter((prefix) => this.bump(prefix, 1) === 1)];
  }

  /** Removes one holder of `key`; returns the key and prefixes that just stopped being members. */
  remove(key: string): string[] {
    const held = this.members.get(key);
    if (held === undefined) return [];
    if (held > 1) {
      this.members.set(key, held - 1);
      return [];
    }
    this.members.delete(key);
    return [key, ...prefixesOf(key).filter((prefix) => this.bump(prefix, -1) === 0)];
  }

  private bump(prefix: string, by: number): number {
    const count = (this.underPrefix.get(prefix) ?? 0) + by;
    if (count > 0) this.underPrefix.set(prefix, count);
    else this.underPrefix.delete(prefix);
    return count;
  }
}

/**
 * What the engine knows of a request's urgency, by cache key: keys the user's own action waits for and keys a
 * visible cell needs. `laneOf` costs O(keys + prefixes of the request), whatever the size of the visible set;
 * every change is reported (`onChange`) with the keys and prefixes it touched, so the scheduler moves only the
 * waiting requests concerned.
 */
export class LaneHints {
  private readonly user = new KeySet();
  private visible = new KeySet();
  private isVisible: (address: string) => boolean = () => false;

  /** Which addresses are visible, as last reported. */
  get visibleTest(): (address: string) => boolean {
    return this.isVisible;
  }
  private listener: (changed: readonly string[]) => void = () => undefined;

  onChange(listener: (changed: readonly string[]) => void): void {
    this.listener = listener;
  }

  /** Keys held for the user's action and for visible cells. */
  get size(): { readonly userKeys: number; readonly visibleKeys: number } {
    return { userKeys: this.user.size, visibleKeys: this.visible.size };
  }

  laneOf(answers: Answers): Lane {
    if (this.matches(this.user, answers)) return "user";
    return this.matches(this.visible, answers) ? "visible" : "background";
  }

  /** `key` counts as the user's until `work` settles; `work` starts after the mark, so its request sees it. */
  userWhile<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.report(this.user.add(key));
    const done = () => this.report(this.user.remove(key));
    const running = work();
    // Expected: the caller holds `running` and sees its failure; this branch only ends the mark either way.
    running.then(done, done);
    return running;
  }

  /** A new visible set, and the keys its cells need now (from the address index). */
  setVisible(isVisible: (address: string) => boolean, keys: Iterable<string>): void {
    const before = this.visible;
    const after = new KeySet();
    for (const key of keys) after.add(key);
    const changed = new Set<string>();
    const note = (key: string, other: KeySet) => {
      if (other.has(key)) return;
      changed.add(key);
      for (const prefix of prefixesOf(key)) if (before.hasUnder(prefix) !== after.hasUnder(prefix)) changed.add(prefix);
    };
    for (const key of after.keys()) note(key, before);
    for (const key of before.keys()) note(key, after);
    this.isVisible = isVisible;
    this.visible = after;
    this.report([...changed]);
  }

  /** A cell read `key`: when the cell is visible, so is the key. */
  noteCellKey(address: string, key: string): void {
    if (!this.visible.has(key) && this.isVisible(address)) this.report(this.visible.add(key));
  }

  private matches(set: KeySet, answers: Answers): boolean {
    return answers.keys.some((key) => set.has(key)) || (answers.prefixes ?? []).some((prefix) => set.hasUnder(prefix));
  }

  private report(changed: readonly string[]): void {
    if (changed.length > 0) this.listener(changed);
  }
}
