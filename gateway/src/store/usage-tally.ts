import type { Clock, TimerHandle } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import type { UsageCounts, WindowUsage } from "./store";

interface UsageTallyOptions {
  readonly windowMs: number;
  readonly clock: Clock;
  /** How long counts gather before they are added to the store in one call. */
  readonly flushMs: number;
  /** Adds a batch to the store (shared, or this replica's memory) and resolves with the window's totals. */
  readonly add: (windowStart: number, windowMs: number, counts: UsageCounts) => Promise<WindowUsage>;
  /** Where a batch the store refused is reported. @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

type Counts = Map<string, { requests: number; sends: number }>;

/** The start of the window `now` falls in: windows are aligned, so every replica counts in the same one. */
export function usageWindowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/**
 * Requests and upstream sends by user, counted in this process and added to the store in batches: a hit costs a
 * map update, never a round trip. The batch goes out `flushMs` after its first count, before a health read, and
 * on close; each flush brings back the window's totals across replicas, which the rate-limit headers read.
 */
export class UsageTally {
  private pending = new Map<number, Counts>();
  private totals: { readonly windowStart: number; readonly usage: WindowUsage } | undefined;
  private timer: TimerHandle | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly options: UsageTallyOptions) {}

  /** Counts one request of `user` at `now`; `sent` when it cost an upstream send. */
  count(user: string, now: number, what: "request" | "send"): void {
    const start = usageWindowStart(now, this.options.windowMs);
    let window = this.pending.get(start);
    if (window === undefined) {
      window = new Map();
      this.pending.set(start, window);
    }
    let counts = window.get(user);
    if (counts === undefined) {
      counts = { requests: 0, sends: 0 };
      window.set(user, counts);
    }
    if (what === "request") counts.requests += 1;
    else counts.sends += 1;
    this.timer ??= this.options.clock.setTimer(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs);
  }

  /**
   * What a user's share needs, at once and without building the window's usage: how many users asked anything in
   * the window of `now` (`user` among them), and `user`'s upstream sends in it.
   */
  shareInputs(user: string, now: number): { readonly users: number; readonly sends: number } {
    const start = usageWindowStart(now, this.options.windowMs);
    const base = this.totals?.windowStart === start ? this.totals.usage : undefined;
    const pending = this.pending.get(start);
    let users = 0;
    for (const name in base?.requests) if (name !== user) users += 1;
    if (pending !== undefined)
      for (const name of pending.keys()) if (name !== user && base?.requests[name] === undefined) users += 1;
    return { users: users + 1, sends: (base?.sends[user] ?? 0) + (pending?.get(user)?.sends ?? 0) };
  }

  /**
   * Visits each user who asked anything in the window of `now`, once, with their requests and upstream sends in it:
   * the window's totals across replicas as last heard, plus this replica's counts not yet sent.
   */
  eachUser(now: number, visit: (user: string, requests: number, sends: number) => void): void {
    const start = usageWindowStart(now, this.options.windowMs);
    const base = this.totals?.windowStart === start ? this.totals.usage : undefined;
    const pending = this.pending.get(start);
    for (const user in base?.requests) {
      const mine = pending?.get(user);
      visit(user, (base?.requests[user] ?? 0) + (mine?.requests ?? 0), (base?.sends[user] ?? 0) + (mine?.sends ?? 0));
    }
    if (pending !== undefined)
      for (const [user, mine] of pending)
        if (base?.requests[user] === undefined) visit(user, mine.requests, mine.sends);
  }

  /**
   * Adds everything counted so far to the store (after a flush already under way, so nothing counted before this
   * call is left out); a batch that fails is lost: counts are for fairness and health only.
   */
  flush(): Promise<void> {
    const next = (this.flushing ?? Promise.resolve()).then(() => this.flushNow());
    this.flushing = next;
    void next.finally(() => {
      if (this.flushing === next) this.flushing = undefined;
    });
    return next;
  }

  private async flushNow(): Promise<void> {
    this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
    const batches = this.pending;
    this.pending = new Map();
    for (const [windowStart, counts] of [...batches].sort(([a], [b]) => a - b)) {
      const usage = await this.options.add(windowStart, this.options.windowMs, counts).catch((error: unknown) => {
        (this.options.diagnostics ?? noDiagnostics).note({ where: "usage counts", error });
        return undefined;
      });
      if (usage !== undefined && windowStart >= (this.totals?.windowStart ?? -Infinity))
        this.totals = { windowStart, usage };
    }
  }

  /** Flushes what is left and stops the timer. */
  async close(): Promise<void> {
    await this.flush();
    this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
