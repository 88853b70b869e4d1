import type { RunningGateway } from "../../../gateway/src";
import type { FakeClock } from "../../support/fake-clock";
import type { Desk } from "./desk";

/** One request of the desk: who asked what, when (fake time), and how the gateway answered it. */
export interface DeskAsk {
  readonly user: string;
  readonly path: string;
  readonly askedAt: number;
  status?: number;
  answeredAt?: number;
}

/** The store's calls a request makes on its way through the gateway (the health page's own reads are not among them). */
export const SERVING_CALLS = [
  "getAnswer",
  "putAnswer",
  "lock",
  "renew",
  "unlock",
  "announce",
  "take",
  "learn",
  "eta",
] as const;

/** What a steady desk needs of the upstream: how many requests it holds on the fake clock, and what it has seen. */
export interface HeldUpstream {
  readonly held: number;
  readonly arrived: number;
  readonly written: number;
}

interface SteadyDeskOptions {
  readonly desk: Desk;
  readonly gateway: RunningGateway;
  readonly clock: FakeClock;
  readonly upstream: HeldUpstream;
  /** Each user asks one new resource this often (fake time), the users' asks spread evenly over it. */
  readonly everyMs: number;
  /** The `n`th distinct resource asked. */
  readonly path: (n: number) => string;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Looks a step may take to come to rest before the test gives up: it stops a hang, and no clock decides it. */
const MOST_LOOKS = 100_000;

/** The store calls of requests, counted as they start and settle; `settling` resolves at the next settle. */
class ServingCalls {
  started = 0;
  settled = 0;
  private wake: (() => void) | undefined;

  get busy(): boolean {
    return this.started !== this.settled;
  }

  settling(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  settle(): void {
    this.settled += 1;
    this.wake?.();
  }
}

/**
 * A desk of clients asking the gateway over HTTP for a new resource each, steadily, on a fake clock. Time moves one
 * timer at a time, and only once the gateway is still: every request asked is answered, waiting in the gateway's
 * queue, or held by the upstream on the fake clock, and no store call of a request is under way. So how fast the
 * sockets, Redis or the machine are decides nothing; every send happens at the fake moment it would on any machine.
 */
export class SteadyDesk {
  readonly asks: DeskAsk[] = [];
  private readonly calls = new ServingCalls();
  private done = 0;
  private asking = true;

  constructor(private readonly options: SteadyDeskOptions) {
    watchServing(options.gateway, this.calls);
  }

  /** Asks from now until `until`, then lets what is asked settle until `drainUntil`; resolves at `drainUntil`. */
  async run(until: number, drainUntil: number): Promise<void> {
    const { desk, clock, everyMs } = this.options;
    const users = Object.keys(desk.tokens);
    users.forEach((user, i) => {
      const next = () => {
        if (!this.asking) return;
        this.ask(user);
        clock.setTimer(next, everyMs);
      };
      clock.setTimer(next, Math.round((i * everyMs) / users.length));
    });
    while (clock.now() < drainUntil) {
      if (clock.now() >= until) this.asking = false;
      await this.still();
      await clock.fireNext(Math.min(drainUntil, this.asking ? until : drainUntil));
    }
    this.asking = false;
  }

  private ask(user: string): void {
    const { desk, gateway, clock, path } = this.options;
    const entry: DeskAsk = { user, path: path(this.asks.length), askedAt: clock.now() };
    this.asks.push(entry);
    void fetch(`${gateway.url}${entry.path}`, { headers: { "x-api-key": desk.tokens[user] ?? "" } })
      .then(async (response) => {
        await response.arrayBuffer();
        entry.status = response.status;
      })
      .catch(() => {
        entry.status = 0;
      })
      .finally(() => {
        entry.answeredAt = clock.now();
        this.done += 1;
      });
  }

  /** Requests in the gateway's queue: the desk-wide health page, read from this machine. */
  private async queued(): Promise<number> {
    const health = (await (await fetch(`${this.options.gateway.url}/gateway/health`)).json()) as {
      waitingByUser?: Record<string, number>;
    };
    return Object.values(health.waitingByUser ?? {}).reduce((a, b) => a + b, 0);
  }

  private moment(): string {
    const { upstream } = this.options;
    return [
      this.calls.started,
      this.calls.settled,
      upstream.arrived,
      upstream.written,
      this.asks.length,
      this.done,
    ].join();
  }

  /**
   * Resolves once every open request is parked (queued, or held upstream) and nothing moves. Between looks it waits
   * on what moves things, never on a clock: a store call under way is waited out to its settle, and otherwise each
   * look reads the gateway's queue over HTTP, so the next look comes after that round trip however busy the machine.
   */
  private async still(): Promise<void> {
    for (let look = 0; look < MOST_LOOKS; look += 1) {
      await turn();
      if (this.calls.busy) {
        await this.calls.settling();
        continue;
      }
      const before = this.moment();
      const open = this.asks.length - this.done;
      const parked = open === this.options.upstream.held ? open : this.options.upstream.held + (await this.queued());
      await turn();
      if (parked === open && this.moment() === before && !this.calls.busy) return;
    }
    throw new Error(`the gateway never came to rest at ${new Date(this.options.clock.now()).toISOString()}`);
  }
}

/** Counts the store calls of requests as they start and settle (the gateway's own store object, its methods wrapped). */
function watchServing(gateway: RunningGateway, calls: ServingCalls): void {
  const store = gateway.store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of SERVING_CALLS) {
    const original = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
    store[name] = (...args: unknown[]) => {
      calls.started += 1;
      return original(...args).finally(() => calls.settle());
    };
  }
}
