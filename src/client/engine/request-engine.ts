import { IndexDataClient } from "../client";
import { ConfigurationError, TimeoutError } from "../errors";
import type { ClientOptions, ResponseInfo } from "../options";
import type { BenchmarkHealth } from "../resources/benchmark-health";
import type { CapacityMetrics } from "../resources/capacity";
import type { ForwardCurve } from "../resources/forward";
import type { Health } from "../resources/health";
import type { History, HistoryQuery } from "../resources/history";
import type { IndexSummary } from "../resources/indexes";
import type { LatestFix } from "../resources/latest";
import type { Methodology } from "../resources/methodology";
import type { SystemStatus } from "../resources/system-status";
import { WINDOW_DAYS } from "../../contract";
import type { Volatility } from "../resources/volatility";
import type { IndexDataSource, LatestValue, Served } from "../source";
import { MemoryStorage } from "../storage";
import { DAY_MS, parseInstant, startOfUtcDay, withDeadline } from "../../time";
import type { FreshnessSnapshot } from "./freshness";
import { AddressIndex, PreviewMiss, type CellCall } from "./address-index";
import { resolveEngineOptions, type EngineOptions, type ResolvedEngineOptions } from "./engine-options";
import { HistoryBatcher } from "./history-batcher";
import { mergeableRange } from "./history-ranges";
import { historyKind, type ResourceKind } from "./kinds";
import { LastKnownStore } from "./last-known-store";
import { LatestValueBatcher } from "./latest-value-batcher";
import { Outage } from "./outage";
import { RateBudget } from "./rate-budget";
import { RequestSender } from "./request-sender";
import { ResultCache } from "./result-cache";
import { LaneHints } from "./lane-hints";
import { Scheduler } from "./scheduler";
import { shareBudget, type SharedBudget } from "./shared-budget";
import { StaleLedger } from "./stale-ledger";

function symbolKey(symbol: string): string {
  return typeof symbol === "string" ? symbol.trim() : symbol;
}

/**
 * The IndexDataSource the functions and the taskpane use: one request per distinct resource (cached with a
 * time-to-live per kind, shared while in flight), history ranges merged, latest values from one catalogue
 * request, every request within the tier's budget, retries, and last-known values when the service fails.
 * No Office imports: it runs in the add-in, in Node and in the benchmark alike.
 */
export class RequestEngine implements IndexDataSource {
  readonly client: IndexDataClient;
  readonly options: ResolvedEngineOptions;
  private readonly budget: RateBudget;
  private readonly scheduler: Scheduler;
  private readonly sender: RequestSender;
  /** The budget shared with the add-in's other runtimes on this machine (undefined: no channel). */
  private readonly sharing: SharedBudget | undefined;
  private readonly store: LastKnownStore;
  private readonly cache: ResultCache;
  private readonly history_: HistoryBatcher;
  private readonly latestValues: LatestValueBatcher;
  private readonly stale = new StaleLedger();
  private readonly fixesAsked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** Which cell needs which resource (refresh by scope, freeze receipts). */
  readonly addresses = new AddressIndex();
  /** The cell the call running now is for (set only while an engine method runs synchronously). */
  private cell: CellCall | undefined;
  /** Keys a scoped refresh asked for again: their next read goes to the service. */
  private readonly forced = new Set<string>();
  /** Keys last served from a last-known value (the service failed). */
  private readonly servedStale = new Set<string>();
  /** Which keys the user's action or a visible cell waits for: the lane of their requests. */
  private readonly hints = new LaneHints();

  constructor(clientOptions: ClientOptions, options: EngineOptions = {}) {
    this.options = resolveEngineOptions(options, clientOptions);
    const o = this.options;
    this.client = new IndexDataClient({
      ...clientOptions,
      onResponse: (info) => {
        this.observe(info);
        clientOptions.onResponse?.(info);
      },
    });
    this.budget = new RateBudget({ limit: o.initialLimit, windowMs: o.rateWindowMs, marginMs: o.rateMarginMs, openingBurst: o.openingBurst });
    this.scheduler = new Scheduler(this.budget, { maxQueueWaitMs: o.maxQueueWaitMs, maxInFlight: o.maxInFlight, clock: o.clock });
    this.scheduler.subscribe(() => this.changed());
    const where = { channel: options.budgetChannel, baseUrl: clientOptions.baseUrl, apiKey: clientOptions.apiKey, clock: o.clock };
    this.sharing = shareBudget(this.budget, where, () => this.scheduler.pump());
    this.sender = new RequestSender(this.scheduler, this.budget, new Outage({ holdMs: o.failureTtlMs, tripAfter: o.retry.maxAttempts }), o);
    this.store = new LastKnownStore(options.storage ?? new MemoryStorage(), { namespace: clientOptions.baseUrl, ...o.lastKnown });
    this.cache = new ResultCache(this.store, {
      ttls: o.ttls,
      failureTtlMs: o.failureTtlMs,
      maxEntries: 5000,
    });
    const historyLane = (symbol: string) => () => this.hints.laneOf((k) => k.startsWith(`history|${symbol}|`));
    const sendHistory = (symbol: string, query: HistoryQuery) =>
      this.sender.send(this.scheduler.inLane(() => this.client.history(symbol, query), historyLane(symbol)));
    this.history_ = new HistoryBatcher(sendHistory, {
      windowMs: o.batchWindowMs,
      maxSpanMs: o.maxHistorySpanDays * DAY_MS,
      ttlFor: (endMs) => o.ttls[historyKind(endMs, o.clock.now())],
      clock: o.clock,
    });
    this.latestValues = new LatestValueBatcher(
      {
        // Not counted as cells here: the cells count at latestValue, one each, not per shared request.
        fix: (symbol) => this.fetchLatest(symbolKey(symbol)),
        catalogue: () => this.fetchCatalogue(),
        fixAtHand: (symbol) => this.fixesAsked.has(symbol) || this.cache.holdsFresh(`latest|${symbol}`),
        catalogueAtHand: () => this.cache.holdsFresh("catalogue"),
      },
      o.batchWindowMs,
      o.clock,
    );
  }

  listIndexes(): Promise<Served<readonly IndexSummary[]>> {
    return this.counted(this.fetchCatalogue());
  }

  latest(symbol: string): Promise<Served<LatestFix>> {
    return this.counted(this.fetchLatest(symbolKey(symbol)));
  }

  /**
   * Asks the service again even if a cached fix is fresh (INDEX.LIVE polls with this). Still one request per
   * symbol; a poll is not a cell, so it is not counted among the cells on last-known values.
   */
  latestNow(symbol: string): Promise<Served<LatestFix>> {
    const s = symbolKey(symbol);
    return this.request("latest", `latest|${s}`, () => this.client.latest(s), true);
  }

  latestValue(symbol: string): Promise<Served<LatestValue>> {
    const key = `latest|${symbolKey(symbol)}`;
    const miss = this.attribute(key, () => this.cache.holdsFresh(key) || this.cache.holdsFresh("catalogue"));
    if (miss !== undefined) return Promise.reject(miss);
    const work = this.bounded(this.userWhile(key, false, () => this.latestValues.get(symbolKey(symbol))), `the latest value of ${symbol}`);
    // Answered by the fix or the catalogue: either way the value's asOf is its provenance.
    return this.counted(
      work.then((served) => {
        this.addresses.noteData(key, served.data);
        return served;
      }),
    );
  }

  history(symbol: string, query?: HistoryQuery): Promise<Served<History>> {
    const s = symbolKey(symbol);
    const range = mergeableRange(query);
    const endText = query?.endDate;
    const endMs = range?.endMs ?? (endText !== undefined ? parseInstant(endText) : undefined);
    const kind = historyKind(endMs, this.options.clock.now());
    if (range !== undefined) {
      const key = `history|${s}|${range.startMs}|${range.endMs}|${query?.granularity ?? ""}`;
      return this.counted(this.serve(kind, key, () => this.history_.get(s, range, query?.granularity)));
    }
    const key = `history|${s}|${query?.startDate ?? ""}|${endText ?? ""}|${query?.granularity ?? ""}`;
    return this.counted(this.request(kind, key, () => this.client.history(s, query)));
  }

  volatility(symbol: string, windowDays?: number): Promise<Served<Volatility>> {
    const s = symbolKey(symbol);
    // The spec's default window is 30 days: asking for it explicitly lets both spellings share one request.
    const days = windowDays ?? WINDOW_DAYS.default;
    return this.counted(this.request("volatility", `volatility|${s}|${days}`, () => this.client.volatility(s, days)));
  }

  forward(symbol: string): Promise<Served<ForwardCurve>> {
    const s = symbolKey(symbol);
    return this.counted(this.request("forward", `forward|${s}`, () => this.client.forward(s)));
  }

  capacity(symbol: string): Promise<Served<CapacityMetrics>> {
    const s = symbolKey(symbol);
    return this.counted(this.request("capacity", `capacity|${s}`, () => this.client.capacity(s)));
  }

  benchmarkHealth(): Promise<Served<BenchmarkHealth>> {
    return this.counted(this.request("benchmarkHealth", "benchmarkHealth", () => this.client.benchmarkHealth()));
  }

  systemStatus(): Promise<Served<SystemStatus>> {
    return this.counted(this.request("systemStatus", "systemStatus", () => this.client.systemStatus()));
  }

  health(): Promise<Served<Health>> {
    return this.counted(this.request("health", "health", () => this.client.health()));
  }

  methodology(): Promise<Served<Methodology>> {
    return this.counted(this.request("methodology", "methodology", () => this.client.methodology()));
  }

  /**
   * Forgets what may have changed (everything but past history) and starts a new progress round.
   * `everything` also drops past history (new settings: another service or key).
   */
  invalidate(everything = false): void {
    this.cache.invalidate(everything);
    const today = startOfUtcDay(this.options.clock.now());
    this.history_.invalidate(everything ? () => false : (range) => range.endMs < today);
    this.fixesAsked.clear();
    this.stale.clear();
    this.scheduler.resetProgress();
    this.changed();
  }

  snapshot(): FreshnessSnapshot {
    const progress = this.scheduler.progress();
    const staleAsOf = this.stale.oldest();
    return {
      requestsDone: progress.requestsDone,
      requestsQueued: progress.requestsQueued,
      inFlight: progress.inFlight,
      ...(progress.nextSlotAt !== undefined ? { nextSlotAt: new Date(progress.nextSlotAt).toISOString() } : {}),
      limitPerMinute: Math.round((this.budget.limit * 60_000) / this.options.rateWindowMs),
      limitLearned: this.budget.limitLearned,
      staleCells: this.stale.count(),
      ...(staleAsOf !== undefined ? { staleAsOf } : {}),
    };
  }

  /**
   * Shortest poll interval per symbol for INDEX.LIVE with `watchedSymbols` symbols watched: live polling
   * may use `liveShare` of the budget, leaving the rest to the sheet; never below one second.
   */
  liveFloorMs(watchedSymbols: number): number {
    const perWindow = Math.max(1, this.budget.limit * this.options.liveShare);
    return Math.max(1000, Math.ceil((Math.max(1, watchedSymbols) * this.options.rateWindowMs) / perWindow));
  }

  /** Called on every change of the snapshot (often: throttle before rendering). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every last-known value written so far is in storage (tests, and before a planned close). */
  flush(): Promise<void> {
    return this.store.flush();
  }

  /** Fails whatever still waits for a slot; the engine is being replaced (new settings). */
  close(): void {
    this.scheduler.failWaiting(new ConfigurationError("The service settings changed before this request was sent; recalculate to use the new settings.", {}));
    this.listeners.clear();
    this.sharing?.close();
  }

  private fetchCatalogue(): Promise<Served<readonly IndexSummary[]>> {
    return this.request("catalogue", "catalogue", () => this.client.listIndexes());
  }

  private fetchLatest(s: string): Promise<Served<LatestFix>> {
    this.fixesAsked.add(s);
    return this.request("latest", `latest|${s}`, () => this.client.latest(s));
  }

  /** One call is one cell: a call answered from a last-known value is counted for the taskpane. */
  private counted<T>(work: Promise<Served<T>>): Promise<Served<T>> {
    return work.then((served) => {
      if (served.stale) {
        this.stale.note(served.fetchedAt);
        this.changed();
      }
      return served;
    });
  }

  /** One request per distinct resource: cached by `key`, sent through the scheduler with retries. */
  private request<T>(kind: ResourceKind, key: string, call: () => Promise<T>, force = false): Promise<Served<T>> {
    // The catalogue answers every latest-value cell: it is as urgent as the most urgent of them.
    const matches = key === "catalogue" ? (k: string) => k === key || k.startsWith("latest|") : (k: string) => k === key;
    return this.serve(kind, key, () => this.sender.send(this.scheduler.inLane(call, () => this.hints.laneOf(matches))), force);
  }

  /** While `work` is outstanding, `key` is the user's: when a refresh forced it, or the user's action asked. */
  private userWhile<T>(key: string, forced: boolean, work: () => Promise<T>): Promise<T> {
    if (!forced && !this.hints.userActing) return work();
    return this.hints.userWhile(key, () => {
      this.scheduler.reorder(); // a request for it may already wait in a lower lane
      return work();
    });
  }

  /** Runs `call` (an engine method) for the user's own action: what it reads goes in the user lane. */
  forUser<T>(call: () => Promise<T>): Promise<T> {
    return this.hints.asUser(call);
  }

  /**
   * The cells the user can see (the office layer's report): the keys they need go in the visible lane. A hint
   * for the order only; a wrong or missing report changes which request goes first, never what is sent.
   */
  setVisible(isVisible: (address: string) => boolean): void {
    this.hints.setVisible(isVisible, this.addresses.plan((address) => isVisible(address)).keys);
    this.scheduler.reorder();
    this.scheduler.pump();
  }

  /** `load` does its own sending (history goes through the batcher, which sends unions). */
  private serve<T>(kind: ResourceKind, key: string, load: () => Promise<T>, force = false): Promise<Served<T>> {
    const miss = this.attribute(key, () => this.cache.holdsFresh(key));
    if (miss !== undefined) return Promise.reject(miss);
    const again = this.forced.delete(key);
    const loading = this.userWhile(key, again, () => this.cache.get(kind, key, load, force || again));
    return this.bounded(loading, key).then((served) => this.noteServed(key, served));
  }

  /** Runs `call` (an engine method) on behalf of `cell`: the keys it reads are indexed under the cell's address. */
  forCell<T>(cell: CellCall, call: () => Promise<T>): Promise<T> {
    const previous = this.cell;
    this.cell = cell;
    try {
      return call();
    } finally {
      this.cell = previous;
    }
  }

  /** The next read of each key asks the service, once, however many cells share it. */
  refreshKeys(keys: readonly string[]): void {
    const today = startOfUtcDay(this.options.clock.now());
    for (const key of keys) {
      this.forced.add(key);
      const [kind, symbol, start, end] = key.split("|");
      // A latest-value cell then takes its own fix, not the catalogue (which would refetch every symbol).
      if (kind === "latest" && symbol !== undefined) this.fixesAsked.add(symbol);
      if (kind === "history" && start !== undefined && end !== undefined && Number(end) >= today) {
        this.history_.invalidate((range) => range.endMs < Number(start) || range.startMs > Number(end));
      }
    }
    this.scheduler.resetProgress();
  }

  /** True when `key` is past its time-to-live or was last answered with a last-known value. */
  isStale(key: string): boolean {
    if (this.servedStale.has(key)) return true;
    // A latest-value cell may have been answered by the catalogue, which then holds its value fresh.
    const viaCatalogue = key.startsWith("latest|") && this.cache.holdsFresh("catalogue") && !this.servedStale.has("catalogue");
    return !(this.cache.holdsFresh(key) || viaCatalogue);
  }

  /** Indexes `key` under the current cell; in a value preview, the miss to answer when the cache cannot. */
  private attribute(key: string, cached: () => boolean): PreviewMiss | undefined {
    const cell = this.cell;
    if (cell?.address !== undefined) {
      this.addresses.record(cell.address, key);
      this.hints.noteCellKey(cell.address, key);
    }
    return cell?.preview === true && !cached() ? new PreviewMiss(key) : undefined;
  }

  private noteServed<T>(key: string, served: Served<T>): Served<T> {
    if (served.stale) this.servedStale.add(key);
    else this.servedStale.delete(key);
    this.addresses.noteData(key, served.data);
    return served;
  }

  private bounded<T>(work: Promise<T>, what: string): Promise<T> {
    const ms = this.options.settleBoundMs;
    return withDeadline(
      work,
      ms,
      () =>
        new TimeoutError(`No answer for ${what} within ${Math.round(ms / 1000)} s; the service is slow or the rate limit is used up. Recalculate later.`, {
          timeoutMs: ms,
        }),
      this.options.clock,
    );
  }

  private observe(info: ResponseInfo): void {
    this.budget.observe(info, this.options.clock.now(), this.scheduler.progress().inFlight);
    this.scheduler.pump();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
