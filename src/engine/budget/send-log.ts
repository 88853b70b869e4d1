/**
 * This runtime's own sends: when each left (for the sliding log), and which are still in flight. Which of them an
 * answer counted is not known: answers come out of order, and a service may count a request when it arrives or
 * when it is answered. The rate rule reads an answer as the oldest in flight's (the least it can have counted);
 * the header rule takes every send of ours as counted (the most), so that only a fall beyond them is others'.
 */
export class SendLog {
  /** Send times, oldest first; `head` skips the pruned ones without moving the array on every prune. */
  private times: number[] = [];
  private head = 0;
  /** Sends in flight: their number in the rate rule's log (growing with time), and when each left. */
  private readonly flying = new Map<number, number>();

  /** Records a send, numbered `seq` by the rate rule (its id for `settled`). */
  record(now: number, seq: number): void {
    this.times.push(now);
    this.flying.set(seq, now);
  }

  settled(id: number): void {
    this.flying.delete(id);
  }

  /** The oldest request still in flight (its answer is taken to be the one arriving now): its number and when it left. */
  oldestInFlight(): { readonly seq: number; readonly sentAt: number } | undefined {
    let oldest: { seq: number; sentAt: number } | undefined;
    for (const [seq, sentAt] of this.flying) if (oldest === undefined || seq < oldest.seq) oldest = { seq, sentAt };
    return oldest;
  }

  get inFlight(): number {
    return this.flying.size;
  }

  /** Sends in the log (after `prune`). */
  get count(): number {
    return this.times.length - this.head;
  }

  /** Send times in the log, oldest first. */
  all(): readonly number[] {
    return this.head === 0 ? this.times : this.times.slice(this.head);
  }

  /** Sends at or after `since`. */
  countSince(since: number): number {
    let n = 0;
    for (let i = this.times.length - 1; i >= this.head && (this.times[i] ?? -Infinity) >= since; i -= 1) n += 1;
    return n;
  }

  /** Forgets sends at or before `horizon`. */
  prune(horizon: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? Infinity) <= horizon) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

/** Send counts of other runtimes, in buckets of time: a message adds to a count, nothing is ever re-sorted. */
export class PeerTally {
  /** Per peer, bucket start → sends. */
  private readonly byPeer = new Map<string, Map<number, number>>();

  constructor(
    private readonly bucketMs: number,
    private readonly maxPeers: number,
  ) {}

  add(peer: string, at: number): boolean {
    let buckets = this.byPeer.get(peer);
    if (buckets === undefined) {
      if (this.byPeer.size >= this.maxPeers) return false;
      buckets = new Map();
      this.byPeer.set(peer, buckets);
    }
    const bucket = Math.floor(at / this.bucketMs) * this.bucketMs;
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    return true;
  }

  forget(peer: string): void {
    this.byPeer.delete(peer);
  }

  usedBy(peer: string): number {
    let n = 0;
    for (const count of this.byPeer.get(peer)?.values() ?? []) n += count;
    return n;
  }

  peers(): IterableIterator<string> {
    return this.byPeer.keys();
  }

  /** Every peer send as (time, count), time being the end of its bucket (the latest it may have left). */
  buckets(): Array<readonly [number, number]> {
    const all: Array<readonly [number, number]> = [];
    for (const buckets of this.byPeer.values())
      for (const [start, count] of buckets) all.push([start + this.bucketMs, count]);
    return all;
  }

  get count(): number {
    let n = 0;
    for (const peer of this.byPeer.keys()) n += this.usedBy(peer);
    return n;
  }

  countSince(since: number): number {
    let n = 0;
    for (const buckets of this.byPeer.values())
      for (const [start, count] of buckets) if (start + this.bucketMs >= since) n += count;
    return n;
  }

  prune(horizon: number): void {
    for (const [peer, buckets] of this.byPeer) {
      for (const start of buckets.keys()) if (start + this.bucketMs <= horizon) buckets.delete(start);
      if (buckets.size === 0) this.byPeer.delete(peer);
    }
  }
}
