import { randomUUID } from "node:crypto";
import type { TtlTable } from "@index-data/wire";
import type { Clock, TimerHandle } from "@index-data/wire/time";
import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import type { Served } from "./cache-headers";
import { isQueueRefusal, type FairQueue, type Ticket, type Turn } from "./fair-queue";
import { JSON_TYPE, statusKind } from "../answers/answer-check";
import { freshForMs, keepMsOf, standsIn } from "../answers/answer-rules";
import { GatewayError } from "../answers/gateway-error";
import { upstreamFailure } from "./upstream-failure";
import type { Resource } from "../answers/resources";
import type { CachedAnswer, GatewayStore } from "../store/store";
import type { Upstream, UpstreamResult } from "./upstream";

interface ResolverOptions {
  readonly store: GatewayStore;
  readonly upstream: Upstream;
  readonly queue: FairQueue;
  readonly clock: Clock;
  readonly ttls: TtlTable;
  /** How long past its freshness an answer may stand in for a failing upstream. */
  readonly staleIfErrorMs: number;
  /** Longest a request waits for another's fetch of the same resource (its queue wait plus its upstream time). */
  readonly collapseWaitMs: number;
  /** Told of every upstream answer or failure, with the user whose turn the send took (health, metrics, audit). */
  readonly onUpstream: (resource: Resource, result: UpstreamResult, user: string) => void;
  /** Where a store command that failed in the background is reported (the request is answered anyway). @default noDiagnostics */
  readonly diagnostics?: Diagnostics | undefined;
}

/** A fetch under way on this replica: who needs it, and its place in the fair queue while it waits for a send. */
interface Flight {
  /** The user whose request started it: the fetch waits in this user's line. */
  readonly owner: string;
  /** Every user whose request waits for it: it stands in each of their lines. */
  readonly users: Set<string>;
  ticket: Ticket | undefined;
}

/** The in-flight lock's lease: renewed while its holder lives, so a replica that dies frees it within this. */
export const LOCK_LEASE_MS = 3000;
/** A waiter looks again this often even without an announcement (one lost, or a holder that died). */
const WAITER_POLL_MS = 250;
/** Sends of one request when the upstream answers 429 (it should not: the budget keeps under its limit). */
const MAX_ATTEMPTS_AFTER_429 = 2;
/** Fetches a request joins in turn when each is refused its turn, before it leads one of its own. */
const MAX_JOINS = 2;

function fresh(answer: CachedAnswer, now: number): boolean {
  return answer.freshUntil === null || answer.freshUntil > now;
}

/**
 * Finds the answer to a resource for the whole desk: from the cache while fresh; else one fetch, however many
 * clients on however many replicas ask at once (an in-flight lock per resource, as NGINX's proxy_cache_lock);
 * the fetch waits its turn in the fair queue; and when the upstream fails, the last answer stands in, marked.
 */
export class Resolver {
  private readonly inflight = new Map<string, { readonly flight: Flight; readonly work: Promise<Served> }>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly owner = randomUUID();
  private readonly stopListening: () => void;

  constructor(private readonly options: ResolverOptions) {
    this.stopListening = options.store.onAnnounce((key) => this.wakers.get(key)?.forEach((wake) => wake()));
  }

  /** A fresh answer this replica holds in memory, at once; undefined when serving takes more (`serve`). */
  hit(resource: Resource): Served | undefined {
    const answer = this.options.store.answerAtHand(resource.path);
    return answer !== undefined && fresh(answer, this.options.clock.now()) ? { how: "hit", answer } : undefined;
  }

  /**
   * The answer for `user`: a hit at once; else it joins the fetch under way on this replica (no send of its own,
   * never refused because of another user's line: if that fetch is refused its turn, this request takes its own);
   * else it leads the desk's one fetch.
   */
  async serve(resource: Resource, user: string): Promise<Served> {
    const cached = await this.options.store.getAnswer(resource.path);
    if (cached !== undefined && fresh(cached, this.options.clock.now())) return { how: "hit", answer: cached };
    for (let joins = 0; ; joins += 1) {
      const running = this.inflight.get(resource.path);
      if (running === undefined || joins >= MAX_JOINS) return this.lead(resource, user, cached);
      running.flight.users.add(user);
      running.flight.ticket?.join(user);
      try {
        const served = await running.work;
        return served.how === "miss" ? { how: "collapsed", answer: served.answer } : served;
      } catch (error) {
        if (!isQueueRefusal(error)) throw error;
      }
    }
  }

  private async lead(resource: Resource, user: string, cached: CachedAnswer | undefined): Promise<Served> {
    const flight: Flight = { owner: user, users: new Set([user]), ticket: undefined };
    const running = { flight, work: this.fetchForDesk(resource, flight, cached) };
    this.inflight.set(resource.path, running);
    try {
      return await running.work;
    } catch (error) {
      // Refused a turn within the bounds: the last answer, marked stale, is better than a 429.
      if (isQueueRefusal(error) && cached !== undefined) return { how: "stale", answer: cached };
      throw error;
    } finally {
      if (this.inflight.get(resource.path) === running) this.inflight.delete(resource.path);
    }
  }

  /** One fetch for every replica: take the resource's lock and fetch, or wait for whoever holds it. */
  private async fetchForDesk(resource: Resource, flight: Flight, cached: CachedAnswer | undefined): Promise<Served> {
    const { store, clock } = this.options;
    const deadline = clock.now() + this.options.collapseWaitMs;
    for (;;) {
      if (await store.lock(resource.path, this.owner, LOCK_LEASE_MS)) {
        // Another replica may have stored the answer and let go of the lock since this one looked: look again.
        const stored = await store.getAnswer(resource.path);
        if (stored === undefined || !fresh(stored, clock.now()))
          return this.fetchHoldingLock(resource, flight, stored ?? cached);
        await store.unlock(resource.path, this.owner).catch(this.noted("lock release"));
        return { how: "collapsed", answer: stored };
      }
      await this.announced(resource.path, Math.min(WAITER_POLL_MS, deadline - clock.now()));
      const answer = await store.getAnswer(resource.path);
      if (answer !== undefined && fresh(answer, clock.now())) return { how: "collapsed", answer };
      if (clock.now() >= deadline) {
        if (cached !== undefined) return { how: "stale", answer: cached };
        throw new GatewayError(
          503,
          "SERVICE_UNAVAILABLE",
          "Not answered: another request for the same data is still waiting for the Index Data Service. Try again shortly.",
          { "retry-after": "1" },
        );
      }
    }
  }

  private async fetchHoldingLock(
    resource: Resource,
    flight: Flight,
    cached: CachedAnswer | undefined,
  ): Promise<Served> {
    const { store, clock } = this.options;
    let holding = true;
    let renewal: TimerHandle | undefined;
    const renew = () => {
      if (!holding) return;
      renewal = clock.setTimer(
        () =>
          void store
            .renew(resource.path, this.owner, LOCK_LEASE_MS)
            .catch(this.noted("lock renewal", false))
            .finally(renew),
        LOCK_LEASE_MS / 3,
      );
    };
    renew();
    try {
      return await this.forward(resource, flight, cached);
    } finally {
      holding = false;
      clock.clearTimer(renewal);
      await store.unlock(resource.path, this.owner).catch(this.noted("lock release"));
      await store.announce(resource.path).catch(this.noted("answer announcement"));
    }
  }

  /** Waits for a send, asks the upstream (again after its 429, within the bound) and keeps what it answers. */
  private async forward(resource: Resource, flight: Flight, cached: CachedAnswer | undefined): Promise<Served> {
    const { store, clock, upstream } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      const { user, sent } = await this.turn(flight);
      const result = await upstream.get(resource, () => clock.now());
      // Only an answer tells the budget anything of the upstream's count; then the queue asks the budget again.
      const reading = result.status !== undefined ? { ...result.reading, answered: true, sent } : result.reading;
      await store.learn(clock.now(), reading).catch(this.noted("budget reading"));
      this.options.queue.poke();
      this.options.onUpstream(resource, result, user);
      if (result.ok) return this.keep(resource, result);
      // Someone else spent the desk's key: every replica now holds its sends; this request queues again, once.
      if (result.status !== 429) return this.failed(result, cached);
      if (attempt >= MAX_ATTEMPTS_AFTER_429) return this.failed(result, cached, await this.heldForMs());
    }
  }

  /** Waits for the flight's send, in the line of every user who needs it; resolves with the turn it took. */
  private async turn(flight: Flight): Promise<Turn> {
    const ticket = this.options.queue.wait(flight.owner);
    flight.ticket = ticket;
    for (const user of flight.users) ticket.join(user);
    try {
      return await ticket.granted;
    } finally {
      flight.ticket = undefined;
    }
  }

  /** Keeps the upstream's answer for the desk, by the rules a replica reading it back applies too (answer-rules.ts). */
  private async keep(resource: Resource, result: Extract<UpstreamResult, { ok: true }>): Promise<Served> {
    const { store, clock, ttls, staleIfErrorMs } = this.options;
    const now = clock.now();
    const freshFor = freshForMs(resource.kind, result.status, result.value, ttls, now);
    const answer: CachedAnswer = {
      status: result.status,
      contentType: JSON_TYPE,
      body: result.body,
      fetchedAt: now,
      freshUntil: freshFor === null ? null : now + freshFor,
    };
    // The service's refusal is its word for now, but never evicts the last good answer: that one stands in during
    // the next outage. The refusal goes to this caller only, for no longer than this moment.
    if (statusKind(resource.endpoint, result.status) === "refusal" && (await this.goodAnswerKept(resource.path)))
      return { how: "miss", answer: { ...answer, freshUntil: now }, stored: false };
    await store.putAnswer(resource.path, answer, keepMsOf(answer, now, staleIfErrorMs));
    // Read once on arrival: whoever reads the value (the MCP tools) need not parse the body again.
    return { how: "miss", answer, stored: true, ...(result.verbatim ? { value: result.value } : {}) };
  }

  /** A rejection handler that reports the failure as `where` and settles with `fallback`. */
  private noted<T = undefined>(where: string, fallback?: T): (error: unknown) => T {
    return (error) => {
      (this.options.diagnostics ?? noDiagnostics).note({ where, error });
      return fallback as T;
    };
  }

  private async goodAnswerKept(key: string): Promise<boolean> {
    const kept = await this.options.store.getAnswer(key).catch(this.noted("kept answer read"));
    return kept !== undefined && standsIn(kept);
  }

  /**
   * The upstream failed: the last good answer stands in; else the gateway's own error, or the service's failure in
   * its JSON error shape (checked and written again by upstream.ts). Nothing else of the upstream's reaches a caller.
   */
  /** How long the budget now holds every send: what a refusal's Retry-After says, whatever the upstream said. */
  private heldForMs(): Promise<number> {
    return this.options.store.eta(this.options.clock.now(), 1).catch(this.noted("send estimate", 1000));
  }

  private failed(
    result: Extract<UpstreamResult, { ok: false }>,
    cached: CachedAnswer | undefined,
    heldForMs = 1000,
  ): Served {
    const known = result.kind !== "undocumented" && result.kind !== "unreachable";
    if (cached !== undefined && standsIn(cached))
      return {
        how: "stale",
        answer: cached,
        ...(known && result.status !== undefined ? { upstreamStatus: result.status } : {}),
      };
    if (result.kind === "key-refused") {
      throw new GatewayError(
        502,
        "UPSTREAM_KEY_REFUSED",
        `The Index Data Service refused the gateway's own key (HTTP ${result.status}). Your desk token is fine: tell the gateway's administrator.`,
      );
    }
    if (result.kind === "rate-limited") {
      const seconds = String(Math.max(1, Math.ceil(heldForMs / 1000)));
      throw new GatewayError(
        429,
        "RATE_LIMITED",
        `The Index Data Service is refusing the desk's key for now (HTTP 429). Retry in ${seconds} s.`,
        { "retry-after": seconds },
        "upstream-429",
      );
    }
    if (result.status !== undefined && result.answer !== undefined)
      return { how: "passed", status: result.status, ...result.answer };
    throw upstreamFailure(result);
  }

  /** Resolves when `key` is announced, or after `ms`. */
  private announced(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wakers = this.wakers.get(key) ?? new Set<() => void>();
      this.wakers.set(key, wakers);
      const wake = () => {
        this.options.clock.clearTimer(timer);
        wakers.delete(wake);
        if (wakers.size === 0) this.wakers.delete(key);
        resolve();
      };
      const timer = this.options.clock.setTimer(wake, Math.max(0, ms));
      wakers.add(wake);
    });
  }

  close(): void {
    this.stopListening();
  }
}
