import type { FairQueue } from "../serving/fair-queue";
import type { ReplicaStore } from "../store/replica-store";
import type { RateSnapshot } from "@index-data/wire";
import type { DeskShares } from "../tenancy/tenant-shares";
import type { TokenProblem } from "../identity/tokens";
import { subjectOf, topSubjects, type SubjectRule } from "./top-subjects";
import type { UpstreamResult } from "../serving/upstream";

/** The upstream's last answer or failure, as this replica saw it. */
export interface UpstreamSeen {
  readonly status?: number | undefined;
  readonly reason?: string;
  /** It did not give the service's answer (or refusal): no answer, a failure, an answer of the wrong shape. */
  readonly failing: boolean;
  readonly at: number;
}

export interface HealthSources {
  readonly store: ReplicaStore;
  readonly queue: FairQueue;
  readonly upstreamOrigin: string;
  readonly windowMs: number;
  readonly now: () => number;
  lastUpstream(): UpstreamSeen | undefined;
  /** Lines of the tokens file refused at its last reading. */
  tokenProblems(): readonly TokenProblem[];
  /** Each user's share of the budget, per user or per tenant. */
  readonly shares: DeskShares;
  /** Whose figures the desk-wide views show one by one. */
  readonly subjects: SubjectRule;
}

/**
 * Who reads the health page, which decides what it shows: anyone (a load balancer's probe) sees the state; a caller
 * with a desk or sign-in token (`account`) sees that, and their own figures only; the holder of the metrics credential
 * sees the desk's (every user's counts, the budget's detail, the upstream's last answer).
 */
export type HealthReader =
  { readonly kind: "anyone" } | { readonly kind: "user"; readonly account: string } | { readonly kind: "desk" };

export function upstreamSeen(result: UpstreamResult, at: number): UpstreamSeen {
  return result.ok
    ? { status: result.status, failing: result.status >= 500, at }
    : { status: result.status, reason: result.reason, failing: true, at };
}

/** The start of the current window, by the clock: windows are aligned, so every replica counts in the same one. */
export function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** How long the figures read from the store (the budget's script, the counts) serve every health request. */
const STORE_FIGURES_MS = 1000;

interface Remembered<T> {
  readonly at: number;
  readonly value: Promise<T>;
}

/** The store's figures, read at most once a STORE_FIGURES_MS per replica however often the page is asked for. */
class StoreFigures {
  private budgetRead: Remembered<RateSnapshot> | undefined;
  private countsRead: Remembered<Record<string, number>> | undefined;

  constructor(private readonly sources: HealthSources) {}

  budget(now: number): Promise<RateSnapshot> {
    this.budgetRead = this.recent(this.budgetRead, now, () => this.sources.store.snapshot(now));
    return this.budgetRead.value;
  }

  requestsByUser(now: number, start: number): Promise<Record<string, number>> {
    // A new window is counted afresh at once, not a second late.
    const read = this.countsRead !== undefined && this.countsRead.at >= start ? this.countsRead : undefined;
    this.countsRead = this.recent(read, now, () => this.sources.store.requestsByUser(start));
    return this.countsRead.value;
  }

  private recent<T>(kept: Remembered<T> | undefined, now: number, read: () => Promise<T>): Remembered<T> {
    if (kept !== undefined && now >= kept.at && now - kept.at < STORE_FIGURES_MS) return kept;
    const value = read();
    const remembered = { at: now, value };
    // Expected: a failed read is not remembered, and the next request asks again; the request awaiting it gets it.
    value.catch(() => {
      if (this.budgetRead === remembered) this.budgetRead = undefined;
      if (this.countsRead === remembered) this.countsRead = undefined;
    });
    return remembered;
  }
}

/** GET /gateway/health: what it reads of the store is remembered a moment, so a burst of readers costs one read. */
export class HealthPage {
  private readonly figures: StoreFigures;

  constructor(private readonly sources: HealthSources) {
    this.figures = new StoreFigures(sources);
  }

  /** The page as `reader` may see it. */
  body(reader: HealthReader): Promise<Record<string, unknown>> {
    return healthBody(this.sources, this.figures, reader);
  }
}

async function healthBody(
  sources: HealthSources,
  figures: StoreFigures,
  reader: HealthReader,
): Promise<Record<string, unknown>> {
  const now = sources.now();
  const shared = sources.store.sharedState();
  const seen = sources.lastUpstream();
  const tokenProblems = sources.tokenProblems();
  const reasons = [
    ...(shared === "down" ? ["redis-down"] : []),
    ...(seen?.failing === true ? ["upstream-failing"] : []),
    ...(tokenProblems.length > 0 ? ["tokens-file"] : []),
  ];
  const budget = await figures.budget(now);
  const start = windowStart(now, sources.windowMs);
  const state = {
    status: reasons.length === 0 ? "ok" : "degraded",
    reasons,
    store:
      shared === undefined ? { kind: "memory" } : { kind: "redis", redis: shared, replicas: sources.store.replicas() },
    upstream: { origin: sources.upstreamOrigin },
    budget: { limit: budget.limit, windowSeconds: budget.windowMs / 1000 },
    window: { start: new Date(start).toISOString(), seconds: sources.windowMs / 1000 },
  };
  if (reader.kind === "anyone") return state;
  if (reader.kind === "user") return { ...state, ...ownFigures(sources, reader.account, now) };
  const requests = await figures.requestsByUser(now, start);
  const by = sources.subjects.by === "tenant" ? "Tenant" : "User";
  return {
    ...state,
    ...(tokenProblems.length > 0 ? { tokensFile: { refusedLines: tokenProblems } } : {}),
    upstream: {
      origin: sources.upstreamOrigin,
      lastStatus: seen?.status ?? null,
      lastFailure: seen?.reason,
      lastAt: seen !== undefined ? new Date(seen.at).toISOString() : null,
    },
    budget: {
      ...state.budget,
      sendableNow: budget.sendableNow,
      upstreamRemaining: budget.upstreamRemaining ?? null,
      pausedForSeconds: Math.ceil(budget.pausedForMs / 1000),
    },
    [`requestsBy${by}`]: Object.fromEntries(topSubjects(Object.entries(requests), sources.subjects)),
    [`waitingBy${by}`]: Object.fromEntries(topSubjects(Object.entries(sources.queue.waiting()), sources.subjects)),
  };
}

/**
 * A caller's own figures: their requests in the window and waiting fetches, under their own name, and their share.
 * Read from this replica's counts (across replicas as last heard), never from the desk-wide figures another reader's
 * visit may have read a moment ago: what one caller sees never depends on who else looked.
 */
function ownFigures(sources: HealthSources, account: string, now: number): Record<string, unknown> {
  const name = subjectOf(account, { by: "user", top: 1 });
  let requests = 0;
  sources.store.eachUser(now, (other, n) => {
    if (other === account) requests = n;
  });
  const share = sources.shares.shareOf(account, now);
  return {
    requestsByUser: { [name]: requests },
    waitingByUser: { [name]: sources.queue.waiting()[account] ?? 0 },
    share: {
      limit: share.limit,
      remaining: share.remaining,
      resetSeconds: share.resetSeconds,
      windowSeconds: share.windowSeconds,
    },
  };
}
