import { z } from "zod";
import type { Clock, TimerHandle } from "@index-data/wire/time";
import { keyFingerprint } from "@index-data/wire";
import { MAX_SANE_LIMIT, type BudgetPort, type RateBudget, type ServerWindow } from "./rate-budget";

/**
 * What runtimes sharing one budget tell each other. Times are epoch ms: runtimes on one machine share the clock.
 * Every message is checked against this schema on arrival; anything else is dropped. Whatever passes is still
 * only a claim: `receive` clamps every time to one window around now and every count to a sane range, as the
 * header rule does with the service's own headers, so no message can stall a workbook or break the limit.
 */
const Peer = z.string().min(1).max(64);
const Instant = z.number().finite();
const Count = z.number().int().min(0).max(MAX_SANE_LIMIT);
const ServerWindowMessage = z.object({
  remaining: z.number().int().min(-MAX_SANE_LIMIT).max(MAX_SANE_LIMIT),
  resetAt: Instant,
});
const BudgetMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), peer: Peer }),
  z.object({
    type: z.literal("state"),
    peer: Peer,
    to: Peer,
    sends: z.array(Instant).max(MAX_SANE_LIMIT),
    server: ServerWindowMessage.optional(),
    limit: Count.min(1),
    pausedUntil: Instant,
    demand: Count,
  }),
  // `more`: the other sends of the same moment's batch (a runtime sends many at once when the window opens).
  z.object({
    type: z.literal("spend"),
    peer: Peer,
    at: Instant,
    more: z.array(Instant).max(MAX_SANE_LIMIT).optional(),
  }),
  z.object({ type: z.literal("seen"), peer: Peer, limit: Count.min(1), window: ServerWindowMessage }),
  z.object({ type: z.literal("pause"), peer: Peer, until: Instant }),
  z.object({ type: z.literal("demand"), peer: Peer, queued: Count }),
  z.object({ type: z.literal("bye"), peer: Peer }),
]);
type BudgetMessage = z.output<typeof BudgetMessageSchema>;

/** A channel every runtime of the add-in on this machine sees; a message reaches every other member, not the sender. */
export interface BudgetChannel {
  post(message: BudgetMessage): void;
  /** Hears what others post, unchecked: anything may arrive on a channel anyone of the origin can open. */
  subscribe(listener: (message: unknown) => void): void;
  close(): void;
}

/** How long a new runtime waits for the others to tell it the budget, before its first request (no request of its own). */
const JOIN_WAIT_MS = 15;

/**
 * The channel name: one per service and caller (anonymous, or one key), so runtimes on other services or keys
 * never pool budgets. The key appears only as its fingerprint (keyFingerprint), which does not give the key back.
 */
function budgetChannelName(baseUrl: string, apiKey: string | undefined): string {
  if (apiKey === undefined) return `index-data-budget|${baseUrl}|anonymous`;
  return `index-data-budget|${baseUrl}|key-${keyFingerprint(apiKey)}`;
}

/**
 * BroadcastChannel, where the runtime has one: the shared runtimes of Excel on the web (browser), Windows
 * (WebView2, Chromium) and Mac (WKWebView, Safari 15.4+) all do, and runtimes of one add-in share its origin,
 * which is the channel's scope. Undefined elsewhere (older WebKit, Internet Explorer's Trident): the header
 * rule alone then guards the budget.
 */
function broadcastBudgetChannel(name: string): BudgetChannel | undefined {
  if (typeof BroadcastChannel !== "function") return undefined;
  const channel = new BroadcastChannel(name);
  // In Node (the benchmark, the CLI) an open channel must not keep the process alive.
  (channel as unknown as { unref?: () => void }).unref?.();
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (listener) =>
      channel.addEventListener("message", (event) => listener((event as MessageEvent<unknown>).data)),
    close: () => channel.close(),
  };
}

/** A channel in memory, for tests: delivery is asynchronous (a microtask), as BroadcastChannel's is. */
export class MemoryBudgetHub {
  private readonly members = new Set<(message: unknown) => void>();
  /** Every message posted, in order (tests read it). */
  readonly posted: unknown[] = [];

  channel(): BudgetChannel {
    let listener: ((message: unknown) => void) | undefined;
    const deliver = (message: unknown) => listener?.(message);
    this.members.add(deliver);
    return {
      post: (message) => {
        this.posted.push(message);
        for (const member of [...this.members]) if (member !== deliver) queueMicrotask(() => member(message));
      },
      subscribe: (l) => {
        listener = l;
      },
      close: () => {
        this.members.delete(deliver);
      },
    };
  }
}

/**
 * Connects one runtime's RateBudget to the others on the channel: every send, every header seen and every
 * 429 pause goes to all; a runtime that joins says hello and is told the running state (sends in the window,
 * the service's last count, demand), so it joins the budget instead of starting at full speed.
 */
export class SharedBudget implements BudgetPort {
  readonly peer: string;
  private demandPosted = 0;
  private demandSoon = false;
  /** Sends not told yet: told together once per microtask, so a batch of sends costs one message, not one each. */
  private readonly unsentSpends: number[] = [];
  private changeSoon = false;
  private closed = false;
  private joinTimer: TimerHandle | undefined;

  constructor(
    private readonly channel: BudgetChannel,
    private readonly budget: RateBudget,
    private readonly clock: Clock,
    /** Called when something a peer said may let a request go (the scheduler pumps). */
    private readonly changed: () => void,
  ) {
    this.peer = `${clock.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    channel.subscribe((message) => this.receive(message));
    budget.share(this, this.peer);
    // Nobody answering within the join wait means this runtime is alone: it goes on by the headers.
    this.joinTimer = clock.setTimer(() => this.join(), JOIN_WAIT_MS);
    this.post({ type: "hello", peer: this.peer });
  }

  spent(at: number): void {
    if (this.unsentSpends.push(at) === 1) queueMicrotask(() => this.tellSpends());
  }

  private tellSpends(): void {
    const [first, ...more] = this.unsentSpends.splice(0);
    if (first !== undefined) this.post({ type: "spend", peer: this.peer, at: first, more });
  }

  seen(limit: number, window: ServerWindow): void {
    this.post({ type: "seen", peer: this.peer, limit, window });
  }

  paused(until: number): void {
    this.post({ type: "pause", peer: this.peer, until });
  }

  /** Demand changes with every request queued: told once per microtask, and only when it changed. */
  demand(): void {
    if (this.demandSoon) return;
    this.demandSoon = true;
    queueMicrotask(() => {
      this.demandSoon = false;
      const queued = this.budget.demand;
      if (queued === this.demandPosted) return;
      this.demandPosted = queued;
      this.post({ type: "demand", peer: this.peer, queued });
    });
  }

  close(): void {
    if (this.closed) return;
    this.tellSpends(); // a runtime that leaves still spent them: the window counts them
    this.post({ type: "bye", peer: this.peer });
    this.closed = true;
    this.clock.clearTimer(this.joinTimer);
    this.channel.close();
  }

  private join(): void {
    this.clock.clearTimer(this.joinTimer);
    this.joinTimer = undefined;
    this.budget.joined();
    this.changed();
  }

  private post(message: BudgetMessage): void {
    if (!this.closed) this.channel.post(message);
  }

  private receive(raw: unknown): void {
    const parsed = BudgetMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.peer === this.peer || this.closed) return;
    const now = this.clock.now();
    this.budget.peerHeard(message.peer, now);
    const clamp = new WindowClamp(now, this.budget.windowMs, this.budget.longestPeerWaitMs);
    switch (message.type) {
      case "hello": {
        const state = this.budget.state(now);
        this.post({ type: "state", peer: this.peer, to: message.peer, ...state, sends: [...state.sends] });
        break;
      }
      case "state":
        if (message.to !== this.peer) return;
        for (const at of message.sends) clamp.spend(at, (t) => this.budget.peerSpent(t, message.peer, now));
        if (message.server !== undefined) this.budget.peerSeen(message.limit, clamp.window(message.server), now);
        this.budget.peerPaused(clamp.until(message.pausedUntil));
        this.budget.peerDemand(message.peer, message.demand, now);
        this.join();
        return;
      case "spend":
        for (const at of [message.at, ...(message.more ?? [])])
          clamp.spend(at, (t) => this.budget.peerSpent(t, message.peer, now));
        break;
      case "seen":
        this.budget.peerSeen(message.limit, clamp.window(message.window), now);
        break;
      case "pause":
        this.budget.peerPaused(clamp.until(message.until));
        break;
      case "demand":
        this.budget.peerDemand(message.peer, message.queued, now);
        break;
      case "bye":
        this.budget.peerGone(message.peer);
        break;
    }
    this.changedSoon();
  }

  /** A burst of messages (a busy peer, or a flood) wakes the scheduler once, not once per message. */
  private changedSoon(): void {
    if (this.changeSoon) return;
    this.changeSoon = true;
    queueMicrotask(() => {
      this.changeSoon = false;
      if (!this.closed) this.changed();
    });
  }
}

/** A peer's times, kept within one window of now: a spend is never in the future, a wait never beyond one window. */
class WindowClamp {
  constructor(
    private readonly now: number,
    private readonly windowMs: number,
    private readonly longestWaitMs: number,
  ) {}

  /** A spend older than a window no longer counts; one dated ahead happened now at the latest. */
  spend(at: number, counted: (at: number) => void): void {
    if (at > this.now - this.windowMs) counted(Math.min(at, this.now));
  }

  until(at: number): number {
    return Math.min(at, this.now + this.longestWaitMs);
  }

  window(window: ServerWindow): ServerWindow {
    return {
      remaining: window.remaining,
      resetAt: Math.min(Math.max(window.resetAt, this.now), this.now + this.longestWaitMs),
    };
  }
}

/**
 * Joins the budget shared on this machine: `channel` when given, none when `null`, else the BroadcastChannel
 * for this service and caller where the runtime has one.
 */
export function shareBudget(
  budget: RateBudget,
  where: {
    readonly channel: BudgetChannel | null | undefined;
    readonly baseUrl: string;
    readonly apiKey: string | undefined;
    readonly clock: Clock;
  },
  changed: () => void,
): SharedBudget | undefined {
  const channel =
    where.channel === undefined
      ? broadcastBudgetChannel(budgetChannelName(where.baseUrl, where.apiKey))
      : where.channel;
  return channel === null || channel === undefined
    ? undefined
    : new SharedBudget(channel, budget, where.clock, changed);
}
