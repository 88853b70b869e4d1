import { Counter, Gauge, type Registry } from "prom-client";

export interface OpenRequestLimits {
  /** /mcp requests open at once across the desk (every replica together). @default 1000 */
  readonly maxOpen?: number;
  /** /mcp requests one user has open at once across the desk. @default 16 */
  readonly maxOpenPerUser?: number;
}

/** Why a request was refused before any work: a fixed set, so the label's values stay bounded. */
export type McpRefusal = "user_cap" | "desk_cap" | "origin" | "host";

/** A request let in: `close` once it is answered (a second call does nothing). */
export interface OpenRequest {
  close(): void;
}

/**
 * The /mcp requests open on this replica, bounded per user and in all. The caps are the desk's: with `replicas()`
 * replicas alive (the shared store's heartbeat), each takes its part of them (at least one each), so the replicas
 * behind a balancer together never hold more than the caps, with nothing shared per request. Counted in /metrics:
 * `index_gateway_mcp_open_requests` (this replica's), refusals by reason and requests that reached the settle bound.
 */
export class OpenRequests {
  private readonly byUser = new Map<string, number>();
  private total = 0;
  private readonly maxOpen: number;
  private readonly maxOpenPerUser: number;
  private readonly gauge: Gauge;
  private readonly refusals: Counter<"reason">;
  private readonly timeouts: Counter;

  constructor(
    registry: Registry,
    private readonly replicas: () => number,
    limits: OpenRequestLimits = {},
  ) {
    this.maxOpen = limits.maxOpen ?? 1000;
    this.maxOpenPerUser = limits.maxOpenPerUser ?? 16;
    this.gauge = new Gauge({
      name: "index_gateway_mcp_open_requests",
      help: "MCP requests (/mcp) this replica is working on now.",
      registers: [registry],
    });
    this.refusals = new Counter({
      name: "index_gateway_mcp_refused_total",
      help: "MCP requests refused before any work, by reason (user_cap, desk_cap, origin, host).",
      labelNames: ["reason"] as const,
      registers: [registry],
    });
    this.timeouts = new Counter({
      name: "index_gateway_mcp_timed_out_total",
      help: "MCP requests answered with a JSON-RPC error at the settle bound.",
      registers: [registry],
    });
  }

  get open(): number {
    return this.total;
  }

  /** This replica's part of a desk-wide cap. */
  private share(cap: number): number {
    return Math.max(1, Math.floor(cap / Math.max(1, this.replicas())));
  }

  /** Lets a request of `account` in, or says which cap it meets (and counts the refusal). */
  enter(account: string): OpenRequest | "user_cap" | "desk_cap" {
    const own = this.byUser.get(account) ?? 0;
    if (own >= this.share(this.maxOpenPerUser)) return this.refuse("user_cap");
    if (this.total >= this.share(this.maxOpen)) return this.refuse("desk_cap");
    this.byUser.set(account, own + 1);
    this.total += 1;
    this.gauge.set(this.total);
    let closed = false;
    return {
      close: () => {
        if (closed) return;
        closed = true;
        const left = (this.byUser.get(account) ?? 1) - 1;
        if (left > 0) this.byUser.set(account, left);
        else this.byUser.delete(account);
        this.total -= 1;
        this.gauge.set(this.total);
      },
    };
  }

  refuse<R extends McpRefusal>(reason: R): R {
    this.refusals.inc({ reason });
    return reason;
  }

  timedOut(): void {
    this.timeouts.inc();
  }
}
