import type { Clock, TimerHandle } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { GatewayError } from "../answers/gateway-error";
import { ONE_PART, type QueueParts } from "./queue-parts";
import type { SendGrant, SendMark } from "../store/store";

interface FairQueueOptions {
  /** Takes up to `wanted` sends from the desk's budget at once. */
  readonly take: (wanted: number) => Promise<SendGrant>;
  /** Milliseconds until `sends` more sends could go, pauses included: what a refusal's Retry-After says. */
  readonly eta: (sends: number) => Promise<number>;
  /** Longest a request waits for a send; past it, a 429. Below the add-in's 10 s timeout, so it answers first. */
  readonly maxWaitMs: number;
  /** Most requests one user may have waiting; more get a 429 at once. */
  readonly maxPerUser: number;
  readonly clock: Clock;
  /**
   * Where a failed estimate (the refusal then says the longest wait) or a failed take of sends (asked again soon) is
   * reported. @default noDiagnostics
   */
  readonly diagnostics?: Diagnostics | undefined;
  /** Tenants' parts of the budget. @default one part, no cap */
  readonly parts?: QueueParts | undefined;
  /** Told of each send granted, at once, with the user whose turn it took (the counts a part's room is read from). */
  readonly onGrant?: (user: string) => void;
}

/** A send granted: whose turn it took, and its number in the budget (so its answer can tell which came after). */
export interface Turn {
  readonly user: string;
  readonly sent: SendMark;
}

/** A fetch waiting for a send: in the line of its owner, and of every user who joined it. */
export interface Ticket {
  /** Resolves with the turn the send took; rejects with a 429 GatewayError past the bounds. */
  readonly granted: Promise<Turn>;
  /** Puts the fetch in `user`'s line too (a request that joined it): never refused, it adds no send. */
  join(user: string): void;
}

interface Waiter {
  readonly owner: string;
  readonly users: Set<string>;
  readonly resolve: (turn: Turn) => void;
  readonly reject: (error: GatewayError) => void;
  timer: TimerHandle;
  done: boolean;
}

const MAX_RETRY_AFTER_SECONDS = 60;
/** The queue's own refusals, apart from any other 429 (a request that joined a refused fetch takes its own turn). */
class QueueRefusal extends GatewayError {}

/** Whether `error` is the fair queue refusing a turn (its bounds), not an answer of the upstream. */
export function isQueueRefusal(error: unknown): boolean {
  return error instanceof QueueRefusal;
}
/** How soon the budget is asked again when it did not answer. */
const RETRY_TAKE_MS = 100;

/**
 * Fetches waiting for the desk's budget, one line per user, served in turn: each send goes to the next user with
 * a fetch waiting, so a user with hundreds waiting delays another user's one by at most one send per waiting user.
 * With parts (tenants), turns go part by part (each taking as many turns in a row as its weight), then user by user
 * within the part, and a part whose room in the window is spent is skipped until its window turns.
 * Sends go as fast as the budget has room: all at once while it has, in turn when it has not. A fetch that several
 * users need stands in each of their lines and goes at the first turn of any of them. Bounded in length per user
 * and in time per fetch: past either bound it is refused with 429 and a Retry-After that says when that user's
 * line will really be served, never left hanging.
 */
export class FairQueue {
  /** Every user's line. */
  private readonly lines = new Map<string, Waiter[]>();
  /** The same lines by part. Turn order is the maps' order: a part, or a user, served goes to the back. */
  private readonly turns = new Map<string, Map<string, Waiter[]>>();
  /** Turns left to the part at the front before it goes to the back. */
  private readonly turnsLeft = new Map<string, number>();
  private readonly parts: QueueParts;
  private waiters = 0;
  private pumping = false;
  /** Asked to pump while a pump was waiting for the budget: ask the budget once more before sleeping. */
  private again = false;
  private timer: TimerHandle | undefined;

  constructor(private readonly options: FairQueueOptions) {
    this.parts = options.parts ?? ONE_PART;
  }

  /** A ticket for one send, in `user`'s line. */
  wait(user: string): Ticket {
    const line = this.lines.get(user) ?? [];
    if (line.length >= this.options.maxPerUser) {
      const refused = this.refusal(
        user,
        "line-full",
        `you already have ${line.length} requests waiting for the desk's budget`,
      );
      return { granted: refused.then((error) => Promise.reject(error)), join: () => undefined };
    }
    let resolve!: (turn: Turn) => void;
    let reject!: (error: GatewayError) => void;
    const granted = new Promise<Turn>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const waiter: Waiter = { owner: user, users: new Set([user]), resolve, reject, timer: undefined, done: false };
    waiter.timer = this.options.clock.setTimer(() => this.expire(waiter), this.options.maxWaitMs);
    this.enter(waiter, user);
    this.waiters += 1;
    void this.pump();
    return { granted, join: (other) => this.join(waiter, other) };
  }

  /** How many fetches wait, by user (a fetch several users need counts for each). */
  waiting(): Record<string, number> {
    return Object.fromEntries([...this.lines].map(([user, line]) => [user, line.length]));
  }

  /** Asks the budget again at once: an answer may have told it what is left of the window. */
  poke(): void {
    if (this.waiters > 0) void this.pump();
  }

  private join(waiter: Waiter, user: string): void {
    if (waiter.done || waiter.users.has(user)) return;
    waiter.users.add(user);
    this.enter(waiter, user);
  }

  private enter(waiter: Waiter, user: string): void {
    const line = this.lines.get(user);
    if (line !== undefined) {
      line.push(waiter);
      return;
    }
    const part = this.parts.partOf(user);
    const users = this.turns.get(part) ?? new Map<string, Waiter[]>();
    const started = [waiter];
    this.lines.set(user, started);
    users.set(user, started);
    this.turns.set(part, users);
  }

  /** Takes the waiter out of every line it stands in. */
  private leave(waiter: Waiter): void {
    waiter.done = true;
    this.waiters -= 1;
    this.options.clock.clearTimer(waiter.timer);
    for (const user of waiter.users) {
      const line = this.lines.get(user);
      const at = line?.indexOf(waiter) ?? -1;
      if (line === undefined || at < 0) continue;
      line.splice(at, 1);
      if (line.length === 0) this.drop(user);
    }
  }

  /** Forgets an empty line, and its part once that has none. */
  private drop(user: string): void {
    this.lines.delete(user);
    const part = this.parts.partOf(user);
    const users = this.turns.get(part);
    users?.delete(user);
    if (users?.size !== 0) return;
    this.turns.delete(part);
    this.turnsLeft.delete(part);
  }

  private expire(waiter: Waiter): void {
    if (waiter.done) return;
    this.leave(waiter);
    const seconds = this.options.maxWaitMs / 1000;
    void this.refusal(waiter.owner, "budget-wait", `the desk's budget had no room within ${seconds} s`).then(
      waiter.reject,
    );
  }

  /**
   * A 429 whose Retry-After is when a request of `user` asked again would be served: behind the user's own line,
   * and behind a turn of every other user for each of those (round robin), at the budget's pace, pauses included.
   */
  private async refusal(user: string, reason: string, why: string): Promise<GatewayError> {
    const own = (this.lines.get(user)?.length ?? 0) + 1;
    const part = this.parts.partOf(user);
    // Only the lines of the user's own part are counted: another tenant's queue is none of this user's business.
    let ahead = own;
    for (const [other, line] of this.turns.get(part) ?? []) if (other !== user) ahead += Math.min(line.length, own);
    const now = this.options.clock.now();
    const capped = this.parts.rooms(now)(part) <= 0 ? this.parts.reopensInMs(now) : 0;
    const etaMs = await this.options
      .eta(ahead)
      .then((ms) => Math.max(ms, capped))
      .catch((error: unknown) => {
        (this.options.diagnostics ?? noDiagnostics).note({ where: "send estimate", error });
        return this.options.maxWaitMs;
      });
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(etaMs / 1000)));
    return new QueueRefusal(
      429,
      "RATE_LIMITED",
      `Not sent: ${why}. Retry in ${seconds} s.`,
      { "retry-after": String(seconds) },
      reason,
    );
  }

  /**
   * The head of the next user's line, in the first part with room left (`used`: sends this round took from each);
   * that user goes to the back of the part's order, and the part to the back of the parts' once its turns are taken.
   */
  private next(
    room: (part: string) => number,
    used: Map<string, number>,
  ): { waiter: Waiter; user: string } | undefined {
    for (const [part, users] of this.turns) {
      const taken = used.get(part) ?? 0;
      const first = users.entries().next();
      if (taken >= room(part) || first.done === true) continue;
      const [user, line] = first.value;
      const waiter = line[0];
      if (waiter === undefined) continue;
      users.delete(user);
      users.set(user, line);
      used.set(part, taken + 1);
      const left = (this.turnsLeft.get(part) ?? this.parts.turnsOf(part)) - 1;
      this.turnsLeft.set(part, left);
      if (left <= 0) {
        this.turns.delete(part);
        this.turns.set(part, users);
        this.turnsLeft.delete(part);
      }
      return { waiter, user };
    }
    return undefined;
  }

  /** How many waiting fetches may take a send now: all of them, less those whose parts have no room left. */
  private eligible(room: (part: string) => number): number {
    if (this.parts === ONE_PART) return this.waiters;
    const counted = new Set<Waiter>();
    for (const [part, users] of this.turns) {
      let left = room(part);
      for (const line of users.values())
        for (const waiter of line) {
          if (left <= 0) break;
          if (counted.has(waiter)) continue;
          counted.add(waiter);
          left -= 1;
        }
    }
    return counted.size;
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.again = false;
    this.options.clock.clearTimer(this.timer);
    this.timer = undefined;
    try {
      while (this.waiters > 0) {
        const now = this.options.clock.now();
        const room = this.parts.rooms(now);
        const wanted = this.eligible(room);
        if (wanted === 0) {
          // Every part with a fetch waiting has spent its room: nothing goes before a window turns.
          this.timer = this.options.clock.setTimer(
            () => void this.pump(),
            Math.max(RETRY_TAKE_MS, this.parts.reopensInMs(now)),
          );
          return;
        }
        const grant = await this.options.take(wanted).catch((error: unknown): SendGrant => {
          (this.options.diagnostics ?? noDiagnostics).note({ where: "send budget", error });
          return { granted: 0, waitMs: RETRY_TAKE_MS, lastSeq: 0, ledger: "memory" };
        });
        const used = new Map<string, number>();
        for (let i = 0; i < grant.granted; i += 1) {
          const next = this.next(room, used);
          if (next === undefined) break;
          this.leave(next.waiter);
          this.options.onGrant?.(next.user);
          const seq = grant.lastSeq - grant.granted + 1 + i;
          next.waiter.resolve({ user: next.user, sent: { seq, ledger: grant.ledger } });
        }
        if (grant.granted < wanted) {
          if (this.again) {
            this.again = false;
            continue;
          }
          this.timer = this.options.clock.setTimer(() => void this.pump(), grant.waitMs);
          return;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  close(): void {
    this.options.clock.clearTimer(this.timer);
    for (const line of this.lines.values()) for (const waiter of line) this.options.clock.clearTimer(waiter.timer);
    this.lines.clear();
    this.turns.clear();
    this.turnsLeft.clear();
    this.waiters = 0;
  }
}
