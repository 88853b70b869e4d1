import type { FairQueue } from "./fair-queue";
import type { ReplicaStore } from "./store/replica-store";
import type { TokenProblem } from "./tokens";
import type { UpstreamResult } from "./upstream";

/** The upstream's last answer or failure, as this replica saw it. */
export interface UpstreamSeen {
  readonly status?: number;
  readonly reason?: string;
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
}

export function upstreamSeen(result: UpstreamResult, at: number): UpstreamSeen {
  return result.ok
    ? { status: result.status, at }
    : { ...(result.status !== undefined ? { status: result.status } : {}), reason: result.reason, at };
}

/** The start of the current window, by the clock: windows are aligned, so every replica counts in the same one. */
export function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

function upstreamFailing(seen: UpstreamSeen | undefined): boolean {
  return (
    seen !== undefined &&
    (seen.status === undefined ||
      seen.status >= 500 ||
      seen.status === 401 ||
      seen.status === 403 ||
      seen.status === 429)
  );
}

/** GET /gateway/health. Requests by user only for a caller with a desk token: names are the desk's business. */
export async function healthBody(sources: HealthSources, withUsers: boolean): Promise<Record<string, unknown>> {
  const now = sources.now();
  const shared = sources.store.sharedState();
  const seen = sources.lastUpstream();
  const tokenProblems = sources.tokenProblems();
  const reasons = [
    ...(shared === "down" ? ["redis-down"] : []),
    ...(upstreamFailing(seen) ? ["upstream-failing"] : []),
    ...(tokenProblems.length > 0 ? ["tokens-file"] : []),
  ];
  const budget = await sources.store.budget(now);
  const start = windowStart(now, sources.windowMs);
  return {
    status: reasons.length === 0 ? "ok" : "degraded",
    reasons,
    ...(tokenProblems.length > 0 ? { tokensFile: { refusedLines: tokenProblems } } : {}),
    store:
      shared === undefined ? { kind: "memory" } : { kind: "redis", redis: shared, replicas: sources.store.replicas() },
    upstream: {
      origin: sources.upstreamOrigin,
      lastStatus: seen?.status ?? null,
      ...(seen?.reason !== undefined ? { lastFailure: seen.reason } : {}),
      lastAt: seen !== undefined ? new Date(seen.at).toISOString() : null,
    },
    budget: {
      limit: budget.limit,
      windowSeconds: budget.windowMs / 1000,
      sendableNow: budget.sendableNow,
      upstreamRemaining: budget.upstreamRemaining ?? null,
      pausedForSeconds: Math.ceil(budget.pausedForMs / 1000),
    },
    window: { start: new Date(start).toISOString(), seconds: sources.windowMs / 1000 },
    ...(withUsers
      ? { requestsByUser: await sources.store.requestsByUser(start), waitingByUser: sources.queue.waiting() }
      : {}),
  };
}
