import { LANES, type Answers, type Lane } from "./lane-hints";

/** A request waiting for a slot. `seq` orders it within its lane: first come first served, a retry (negative) first. */
export interface Waiting {
  readonly answers: Answers;
  readonly seq: number;
  lane: Lane;
  /** Bumped when the task moves or leaves; heap entries of an older version are dropped when reached. */
  version: number;
  queued: boolean;
}

interface Entry<T> {
  readonly seq: number;
  readonly version: number;
  readonly task: T;
}

/** A binary min-heap by `seq`: O(log n) push and pop. Stale entries (moved or gone tasks) are skipped lazily. */
class SeqHeap<T extends Waiting> {
  private entries: Entry<T>[] = [];

  /** Entries held, stale ones included. */
  get length(): number {
    return this.entries.length;
  }

  push(task: T): void {
    this.entries.push({ seq: task.seq, version: task.version, task });
    this.siftUp(this.entries.length - 1);
  }

  /** Drops stale entries, so tasks moving back and forth between lanes cannot grow a heap without bound. */
  compact(): void {
    const live = this.entries.filter((entry) => entry.task.queued && entry.task.version === entry.version);
    this.entries = [];
    for (const entry of live) {
      this.entries.push(entry);
      this.siftUp(this.entries.length - 1);
    }
  }

  private siftUp(from: number): void {
    const entries = this.entries;
    let i = from;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((entries[parent] as Entry<T>).seq <= (entries[i] as Entry<T>).seq) break;
      [entries[parent], entries[i]] = [entries[i] as Entry<T>, entries[parent] as Entry<T>];
      i = parent;
    }
  }

  /** The live task with the lowest seq, removed; undefined when none is left. */
  pop(): T | undefined {
    for (;;) {
      const top = this.entries[0];
      if (top === undefined) return undefined;
      this.removeTop();
      if (top.task.queued && top.task.version === top.version) return top.task;
    }
  }

  private removeTop(): void {
    const entries = this.entries;
    const last = entries.pop();
    if (last === undefined || entries.length === 0) return;
    entries[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < entries.length && (entries[left] as Entry<T>).seq < (entries[least] as Entry<T>).seq) least = left;
      if (right < entries.length && (entries[right] as Entry<T>).seq < (entries[least] as Entry<T>).seq) least = right;
      if (least === i) return;
      [entries[least], entries[i]] = [entries[i] as Entry<T>, entries[least] as Entry<T>];
      i = least;
    }
  }
}

/**
 * The waiting requests of one runtime, in three lanes. Queueing, taking the next, moving a task to another lane
 * and removing one are O(log n); the tasks answering a key or prefix are found through an index, so a change of
 * hints moves only the tasks it concerns.
 */
export class LaneQueue<T extends Waiting> {
  private readonly heaps = new Map<Lane, SeqHeap<T>>(LANES.map((lane) => [lane, new SeqHeap<T>()]));
  private readonly counts = new Map<Lane, number>(LANES.map((lane) => [lane, 0]));
  private readonly byTag = new Map<string, Set<T>>();
  private nextSeq = 1;
  private nextRetrySeq = -1;

  get size(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }

  /** Sequence number of a new task: after every other of its lane, or (a retry) before them. */
  sequence(first: boolean): number {
    return first ? this.nextRetrySeq-- : this.nextSeq++;
  }

  /** How many tasks would go before a new one of `lane` (placed first in its lane when `first`). */
  ahead(lane: Lane, first: boolean): number {
    let ahead = 0;
    for (const other of LANES) {
      if (other === lane) return ahead + (first ? 0 : this.count(lane));
      ahead += this.count(other);
    }
    return ahead;
  }

  add(task: T): void {
    task.queued = true;
    this.enter(task);
    for (const tag of tagsOf(task.answers)) {
      const tasks = this.byTag.get(tag) ?? new Set<T>();
      tasks.add(task);
      this.byTag.set(tag, tasks);
    }
  }

  /** The next task to send: the user's lane first, then visible, then background. */
  take(): T | undefined {
    for (const lane of LANES) {
      if (this.count(lane) === 0) continue;
      const task = this.heaps.get(lane)?.pop();
      if (task !== undefined) {
        this.remove(task);
        return task;
      }
    }
    return undefined;
  }

  remove(task: T): void {
    if (!task.queued) return;
    task.queued = false;
    task.version += 1;
    this.leave(task.lane);
    for (const tag of tagsOf(task.answers)) {
      const tasks = this.byTag.get(tag);
      tasks?.delete(task);
      if (tasks?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Tasks answering any of these keys or prefixes. */
  tasksUnder(tags: readonly string[]): Set<T> {
    const found = new Set<T>();
    for (const tag of tags) this.byTag.get(tag)?.forEach((task) => found.add(task));
    return found;
  }

  /** Moves a waiting task to `lane`, keeping its place among that lane's tasks by sequence. */
  move(task: T, lane: Lane): void {
    if (!task.queued || task.lane === lane) return;
    this.leave(task.lane);
    task.lane = lane;
    task.version += 1;
    this.enter(task);
  }

  /** Every waiting task, removed (failing them all). */
  drain(): T[] {
    const all: T[] = [];
    for (let task = this.take(); task !== undefined; task = this.take()) all.push(task);
    return all;
  }

  private enter(task: T): void {
    this.counts.set(task.lane, this.count(task.lane) + 1);
    this.heaps.get(task.lane)?.push(task);
    this.compactIfStale(task.lane);
  }

  private leave(lane: Lane): void {
    this.counts.set(lane, this.count(lane) - 1);
    this.compactIfStale(lane);
  }

  /** Stale entries are dropped when reached; a lane seldom reached is compacted once they outnumber the live ones. */
  private compactIfStale(lane: Lane): void {
    const heap = this.heaps.get(lane);
    if (heap !== undefined && heap.length > 2 * this.count(lane) + 64) heap.compact();
  }

  /** Tasks waiting in `lane`. */
  count(lane: Lane): number {
    return this.counts.get(lane) ?? 0;
  }
}

function tagsOf(answers: Answers): readonly string[] {
  return answers.prefixes === undefined ? answers.keys : [...answers.keys, ...answers.prefixes];
}
