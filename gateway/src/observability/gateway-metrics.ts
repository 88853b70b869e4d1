import { noDiagnostics, type Diagnostics } from "@index-data/wire/diagnostics";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { HealthSources } from "./health-page";
import type { RateSnapshot } from "@index-data/wire";
import { topSubjects, type SubjectRule } from "./top-subjects";

/** How an answer was served, as a label: Cache-Status's outcomes, and `passed` for an upstream failure passed on. */
export const SERVED_LABELS = ["hit", "miss", "collapsed", "stale", "passed"] as const;
export type ServedLabel = (typeof SERVED_LABELS)[number];

/** Seconds: a hit is answered from memory in well under a millisecond, a miss waits for the upstream and the queue. */
const LATENCY_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/**
 * prom-client's default gauges whose names end in `_total`, which Prometheus keeps for counters (`promtool check
 * metrics` refuses them). Each has a breakdown by type beside it (`nodejs_active_handles{type}`…) whose sum is the
 * same figure, so they are dropped rather than renamed.
 */
const MISNAMED_DEFAULTS: readonly string[] = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** The gateway's counters, by name, with what each counts (its HELP line). */
const COUNTER_HELP = {
  index_gateway_requests_total:
    "Requests answered, by resource kind and how they were served (Cache-Status: hit, stale, collapsed, miss; passed: an upstream failure passed on).",
  index_gateway_upstream_sends_total: "Requests sent to the Index Data Service, by its status (failed: no answer).",
  index_gateway_refusals_total:
    "Requests the gateway refused itself, by status and reason (429 with line-full, budget-wait or upstream-429).",
  index_gateway_log_lines_dropped_total:
    "Log lines (request, audit) dropped because the log's reader did not keep up (a stalled stdout).",
} as const;

/**
 * The gateway's figures for Prometheus, named as dashboards expect (`_total`, `_seconds`). One registry per replica
 * in this process, so gateways started side by side (the tests) never mix their counts. No series is per user but
 * the window's top subjects (top-subjects.ts): their number is bounded whatever the number of users.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests = this.counter("index_gateway_requests_total", ["kind", "cache_status"]);
  private readonly sends = this.counter("index_gateway_upstream_sends_total", ["status"]);
  private readonly refusals = this.counter("index_gateway_refusals_total", ["status", "reason"]);
  private readonly droppedLines = this.counter("index_gateway_log_lines_dropped_total", []);
  private readonly latency = new Histogram({
    name: "index_gateway_request_duration_seconds",
    help: "Time from request to answer, by how it was served.",
    labelNames: ["cache_status"] as const,
    buckets: [...LATENCY_BUCKETS],
    registers: [this.registry],
  });

  private readonly requestSeries = new Map<string, { inc(): void }>();
  private readonly latencySeries = new Map<string, { observe(value: number): void }>();
  /** The budget as read for the scrape under way. */
  private budgetRead: RateSnapshot | undefined;

  constructor(
    private readonly health: HealthSources,
    subjects: SubjectRule,
    /** Where a failed read of the shared budget is kept (the scrape then shows this replica's own). */
    private readonly diagnostics: Diagnostics = noDiagnostics,
  ) {
    collectDefaultMetrics({ register: this.registry });
    for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(name);
    this.gauges(health, () => this.budgetRead);
    this.subjectGauge(health, subjects);
  }

  /** An answer served, for a resource of `kind`. */
  served(kind: string, how: ServedLabel, seconds: number): void {
    // The series' children are kept: prom-client hashes a label set on every call otherwise, on the hit path.
    const key = `${kind}\n${how}`;
    let count = this.requestSeries.get(key);
    if (count === undefined) {
      count = this.requests.labels({ kind, cache_status: how });
      this.requestSeries.set(key, count);
    }
    count.inc();
    let timing = this.latencySeries.get(how);
    if (timing === undefined) {
      timing = this.latency.labels({ cache_status: how });
      this.latencySeries.set(how, timing);
    }
    timing.observe(seconds);
  }

  /** An upstream send and its outcome. */
  sent(status: number | undefined): void {
    this.sends.inc({ status: status === undefined ? "failed" : String(status) });
  }

  /** Log lines the log's output dropped. */
  logLinesDropped(lines: number): void {
    this.droppedLines.inc(lines);
  }

  /** A request the gateway answered with its own error. */
  refused(status: number, reason: string): void {
    this.refusals.inc({ status: String(status), reason });
  }

  /** The figures in the Prometheus text format; the budget is read once, before the gauges that show it. */
  async text(): Promise<string> {
    const { store, now } = this.health;
    this.budgetRead = await store.snapshot(now()).catch((error: unknown) => {
      this.diagnostics.note({ where: "metrics: shared budget read", error });
      return store.snapshotNow(now());
    });
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Gauges read when scraped: the budget as `text` read it (one store call), the rest from this replica's memory. */
  private gauges(health: HealthSources, budget: () => RateSnapshot | undefined): void {
    this.gauge(
      "index_gateway_budget_remaining",
      "Upstream sends the desk's budget allows now, in this window.",
      () => budget()?.sendableNow,
    );
    this.gauge(
      "index_gateway_budget_limit",
      "Upstream sends the desk's budget allows per window.",
      () => budget()?.limit,
    );
    this.gauge("index_gateway_waiting_requests", "Requests waiting for a send from the desk's budget.", () =>
      Object.values(health.queue.waiting()).reduce((sum, n) => sum + n, 0),
    );
    // Without a shared store there is nothing to be up or down: no series rather than a made-up value.
    if (health.store.sharedState() === undefined) return;
    this.gauge(
      "index_gateway_redis_up",
      "1 while the shared Redis/Valkey answers, 0 while it is away (only with a shared store).",
      () => {
        const state = health.store.sharedState();
        return state === undefined ? undefined : state === "up" ? 1 : 0;
      },
    );
  }

  /**
   * Requests in the current window by subject: the top users (or tenants) and the rest together, from this replica's
   * view of the window's counts across replicas (no store call). A gauge: the window's count falls when it turns.
   */
  private subjectGauge(health: HealthSources, rule: SubjectRule): void {
    new Gauge({
      name: "index_gateway_window_requests",
      help: `Requests in the current rate window by ${rule.by}: the ${rule.top} busiest, and the rest as "(others)".`,
      labelNames: [rule.by],
      registers: [this.registry],
      collect() {
        const counts: Array<[string, number]> = [];
        health.store.eachUser(health.now(), (account, requests) => counts.push([account, requests]));
        this.reset();
        for (const [subject, n] of topSubjects(counts, rule)) this.set({ [rule.by]: subject }, n);
      },
    });
  }

  /** A counter in this replica's registry (called from the field initialisers, once the registry exists). */
  private counter<Label extends string>(name: keyof typeof COUNTER_HELP, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name, help: COUNTER_HELP[name], labelNames, registers: [this.registry] });
  }

  /** A gauge set to `read()` at each scrape; left as it was when there is nothing to read. */
  private gauge(name: string, help: string, read: () => number | undefined): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  }
}
