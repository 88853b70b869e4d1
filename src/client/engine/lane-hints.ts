import type { Lane } from "./scheduler";

/**
 * What the engine knows of a request's urgency, by cache key: keys the user's own action waits for (a scoped
 * refresh, a taskpane read) and keys a visible cell needs. The scheduler asks `laneOf` when a request is queued
 * and again at a reorder. Hints only: they change the order of sending, never what is sent.
 */
export class LaneHints {
  /** Keys the user's action waits for, with how many such reads wait on each. */
  private readonly userKeys = new Map<string, number>();
  private visibleKeys = new Set<string>();
  private isVisible: (address: string) => boolean = () => false;
  /** Above zero while an engine method runs synchronously for the user's own action. */
  private userDepth = 0;

  /** The most urgent lane among the keys `matches` accepts (a shared request serves several keys). */
  laneOf(matches: (key: string) => boolean): Lane {
    for (const key of this.userKeys.keys()) if (matches(key)) return "user";
    for (const key of this.visibleKeys) if (matches(key)) return "visible";
    return "background";
  }

  /** True while an engine method runs for the user's own action (see `asUser`). */
  get userActing(): boolean {
    return this.userDepth > 0;
  }

  asUser<T>(call: () => T): T {
    this.userDepth += 1;
    try {
      return call();
    } finally {
      this.userDepth -= 1;
    }
  }

  /** `key` counts as the user's until `work` settles; `work` starts after the mark, so its request sees it. */
  userWhile<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.userKeys.set(key, (this.userKeys.get(key) ?? 0) + 1);
    const done = () => {
      const left = (this.userKeys.get(key) ?? 1) - 1;
      if (left > 0) this.userKeys.set(key, left);
      else this.userKeys.delete(key);
    };
    const running = work();
    running.then(done, done);
    return running;
  }

  /** A new visible set, and the keys its cells need now (from the address index). */
  setVisible(isVisible: (address: string) => boolean, keys: readonly string[]): void {
    this.isVisible = isVisible;
    this.visibleKeys = new Set(keys);
  }

  /** A cell read `key`: when the cell is visible, so is the key. */
  noteCellKey(address: string, key: string): void {
    if (this.isVisible(address)) this.visibleKeys.add(key);
  }
}
