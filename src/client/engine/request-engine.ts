import { IndexDataClient } from "../client";
import { ConfigurationError } from "../errors";
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
import { DAY_MS, parseInstant, startOfUtcDay } from "../../time";
import type { FreshnessSnapshot } from "./freshness";
import type { AddressIndex } from "./address-index";
import { NO_CELL, PreviewMiss, type CallContext } from "./call-context";
import { CellLedger } from "./cell-ledger";
import { resolveEngineOptions, type EngineOptions, type ResolvedEngineOptions } from "./engine-options";
import { HistoryBatcher } from "./history-batcher";
import { mergeableRange } from "./history-ranges";
import { historyKind, survivesRefresh, type ResourceKind } from "./kinds";
import { LaneHints, type Answers } from "./lane-hints";
import { LastKnownStore } from "./last-known-store";
import { LatestValueBatcher, latestValueOf } from "./latest-value-batcher";
import { Outage } from "./outage";
import { RateBudget } from "./rate-budget";
import { RequestSender } from "./request-sender";
import { ResultCache, type Held } from "./result-cache";
import { Scheduler } from "./scheduler";
import { shareBudget, type SharedBudget } from "./shared-budget";
import { StaleLedger } from "./stale-ledger";

function symbolKey(symbol: string): string {
  return typeof symbol === "string" ? symbol.trim() : symbol;
}

/** The catalogue answers every latest-value cell: it is as urgent as the most urgent of them. */
const CATALOGUE_ANSWERS: Answers = { keys: ["catalogue"], prefixes: ["latest|"] };

/** A held answer as the promise a read returns; nothing held is a preview miss. */
function fromHeld<T>(held: Held<T>, key: string): Promise<Served<T>> {
  if (held === undefined) return Promise.reject(new PreviewMiss(key));
  return held.ok ? Promise.resolve(held.served) : Promise.reject(held.error);
}

/**
 * The IndexDataSource the functions and the taskpane use: one request per distinct resource (cached with a
 * time-to-live per kind, shared while in flight), history ranges merged, latest values from one catalogue
 * request, every request within the tier's budget, retries, and last-known values when the service fails.
 * Every read takes the context of its call (which cell, a value preview, the user's own action) as its last
 * argument. No Office imports: it runs in the add-in, in Node and in the benchmark alike.
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
  /** Which keys the user's action or a visible cell waits for: the lane of their requests. */
  private readonly hints = new LaneHints();
  /** Which cell read what, and which reads a refresh wants fresh. */
  private readonly ledger = new CellLedger(this.hints);
  /** Keys last served from a last-known value (the service failed). */
  private readonly servedStale = new Set<string>();

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
    this.scheduler = new Scheduler(this.budget, this.hints, { maxQueueWaitMs: o.maxQueueWaitMs, maxInFlight: o.maxInFlight, clock: o.clock });
    this.scheduler.subscribe(() => this.changed());
    const where = { channel: options.budgetChannel, baseUrl: clientOptions.baseUrl, apiKey: clientOptions.apiKey, clock: o.clock };
    this.sharing = shareBudget(this.budget, where, () => this.scheduler.pump());
    this.sender = new RequestSender(this.scheduler, this.budget, new Outage({ holdMs: o.failureTtlMs, tripAfter: o.retry.maxAttempts }), o);
    this.store = new LastKnownStore(options.storage ?? new MemoryStorage(), { namespace: clientOptions.baseUrl, ...o.lastKnown });
    this.cache = new ResultCache(this.store, { ttls: o.ttls, failureTtlMs: o.failureTtlMs, maxEntries: 5000, clock: o.clock });
    const sendHistory = (symbol: string, query: HistoryQuery) =>
      this.sender.send(() => this.client.history(symbol, query), { keys: [], prefixes: [`history|${symbol}|`] });
    this.history_ = new HistoryBatcher(sendHistory, {
      windowMs: o.batchWindowMs,
      maxSpanMs: o.maxHistorySpanDays * DAY_MS,
      ttlFor: (endMs) => o.ttls[historyKind(endMs, o.clock.now())],
      clock: o.clock,
    });
    this.latestValues = new LatestValueBatcher(
      {
        // Not counted as cells here: the cells count at latestValue, one each, not per shared request.
        fix: (symbol) => this.fetchLatest(symbol),
        catalogue: () => this.fetchCatalogue(NO_CELL),
        fixAtHand: (symbol) => this.fixesAsked.has(symbol) || this.cache.holdsFresh(`latest|${symbol}`),
        catalogueAtHand: () => this.cache.holdsFresh("catalogue"),
      },
      o.batchWindowMs,
      o.clock,
    );
  }

  /** Which cell needs which resource (refresh by scope, freeze receipts). */
  get addresses(): AddressIndex {
    return this.ledger.addresses;
  }

  listIndexes(ctx: CallContext = NO_CELL): Promise<Served<readonly IndexSummary[]>> {
    return this.counted(this.fetchCatalogue(ctx));
  }

  latest(symbol: string, ctx: CallContext = NO_CELL): Promise<Served<LatestFix>> {
    const s = symbolKey(symbol);
    // Latest-value cells of this symbol batched meanwhile take this fix instead of the catalogue.
    if (!ctx.preview) this.fixesAsked.add(s);
    return this.counted(this.read("latest", `latest|${s}`, () => this.fetchFix(s), ctx));
  }

  /**
   * Asks the service again even if a cached fix is fresh (INDEX.LIVE polls with this). Still one request per
   * symbol; a poll is not a cell, so it is not counted among the cells on last-known values.
   */
  latestNow(symbol: string): Promise<Served<LatestFix>> {
    const s = symbolKey(symbol);
    return this.read("latest", `latest|${s}`, () => this.fetchFix(s), NO_CELL, true);
  }

  /** The value and its date: answered by the symbol's fix when at hand, else (with others) by one catalogue. */
  latestValue(symbol: string, ctx: CallContext = NO_CELL): Promise<Served<LatestValue>> {
    const s = symbolKey(symbol);
    const key = `latest|${s}`;
    if (ctx.preview) return this.peekLatestValue(s, key);
    this.ledger.note(ctx, key);
    const fresh = this.ledger.wantsFresh(ctx, key);
    if (fresh) {
      // Its own fix, asked again, not the catalogue (which would refetch every symbol).
      this.ledger.forceKeys([key]);
      this.fixesAsked.add(s);
    }
    const work = this.userWhile(key, ctx.user || fresh, () => this.latestValues.get(s));
    // Answered by the fix or the catalogue: either way the value's asOf is its provenance.
    return this.counted(work.then((served) => this.ledger.noteServed(ctx, key, served)));
  }

  history(symbol: string, query?: HistoryQuery, ctx: CallContext = NO_CELL): Promise<Served<History>> {
    const s = symbolKey(symbol);
    const range = mergeableRange(query);
    const endText = query?.endDate;
    const endMs = range?.endMs ?? (endText !== undefined ? parseInstant(endText) : undefined);
    const kind = historyKind(endMs, this.options.clock.now());
    const granularity = query?.granularity ?? "";
    if (range === undefined) {
      const key = `history|${s}|${query?.startDate ?? ""}|${endText ?? ""}|${granularity}`;
      return this.counted(this.read(kind, key, () => this.sender.send(() => this.client.history(s, query), { keys: [key] }), ctx));
    }
    const key = `history|${s}|${range.startMs}|${range.endMs}|${granularity}`;
    const slice = ctx.preview ? this.history_.peek(s, range, query?.granularity) : undefined;
    if (slice !== undefined) return Promise.resolve(slice);
    return this.counted(this.read(kind, key, (fresh) => this.history_.get(s, range, query?.granularity, fresh), ctx));
  }

  volatility(symbol: string, windowDays?: number, ctx: CallContext = NO_CELL): Promise<Served<Volatility>> {
    const s = symbolKey(symbol);
    // The spec's default window is 30 days: asking for it explicitly lets both spellings share one request.
    const days = windowDays ?? WINDOW_DAYS.default;
    return this.counted(this.request("volatility", `volatility|${s}|${days}`, () => this.client.volatility(s, days), ctx));
  }

  forward(symbol: string, ctx: CallContext = NO_CELL): Promise<Served<ForwardCurve>> {
    const s = symbolKey(symbol);
    return this.counted(this.request("forward", `forward|${s}`, () => this.client.forward(s), ctx));
  }

  capacity(symbol: string, ctx: CallContext = NO_CELL): Promise<Served<CapacityMetrics>> {
    const s = symbolKey(symbol);
    return this.counted(this.request("capacity", `capacity|${s}`, () => this.client.capacity(s), ctx));
  }

  benchmarkHealth(ctx: CallContext = NO_CELL): Promise<Served<BenchmarkHealth>> {
    return this.counted(this.request("benchmarkHealth", "benchmarkHealth", () => this.client.benchmarkHealth(), ctx));
  }

  systemStatus(ctx: CallContext = NO_CELL): Promise<Served<SystemStatus>> {
    return this.counted(this.request("systemStatus", "systemStatus", () => this.client.systemStatus(), ctx));
  }

  health(ctx: CallContext = NO_CELL): Promise<Served<Health>> {
    return this.counted(this.request("health", "health", () => this.client.health(), ctx));
  }

  methodology(ctx: CallContext = NO_CELL): Promise<Served<Methodology>> {
    return this.counted(this.request("methodology", "methodology", () => this.client.methodology(), ctx));
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
    this.servedStale.clear();
    this.ledger.endRounds();
    // The visible lane's keys are those of the visible cells now, not every key they ever read.
    this.hints.setVisible(this.hints.visibleTest, this.visibleKeys(this.hints.visibleTest));
    this.stale.clear();
    this.scheduler.resetProgress();
    this.changed();
  }

  /**
   * How much the engine holds, structure by structure: each grows with the sheet (cells, symbols, resources) and
   * is bounded, never with time or refreshes (the scale bench and test/engine/bookkeeping.test.ts read it).
   */
  bookkeeping(): Readonly<Record<string, number>> {
    const { cells, keys } = this.addresses.size;
    return {
      cells,
      provenanceKeys: keys,
      cached: this.cache.size,
      lastKnown: this.store.size,
      historyUnions: this.history_.unionCount,
      fixesAsked: this.fixesAsked.size,
      servedStale: this.servedStale.size,
      queued: this.scheduler.progress().requestsQueued,
      ...this.hints.size,
    };
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

  /**
   * The cells the user can see (the office layer's report): the keys they need go in the visible lane. A hint
   * for the order only; a wrong or missing report changes which request goes first, never what is sent.
   */
  setVisible(isVisible: (address: string) => boolean): void {
    this.hints.setVisible(isVisible, this.visibleKeys(isVisible));
    this.scheduler.pump();
  }

  private visibleKeys(isVisible: (address: string) => boolean): readonly string[] {
    return this.addresses.plan((address) => isVisible(address)).keys;
  }

  /**
   * Every cell `covers` accepts asks the service again at its next evaluation, once per resource it reads: a
   * scoped refresh follows the cells the sheet holds now, whatever moved since they were last evaluated.
   */
  refreshCells(covers: (address: string) => boolean): void {
    this.ledger.startRound(covers);
    this.scheduler.resetProgress();
  }

  /**
   * Resolves once nothing has been queued, in flight or batched for two checks in a row a few batch windows
   * apart (the cells a recalculation started have asked and been answered), or after the settle bound.
   */
  quiet(): Promise<void> {
    const clock = this.options.clock;
    const deadline = clock.now() + this.options.settleBoundMs;
    const every = Math.max(1, 4 * this.options.batchWindowMs);
    return new Promise((resolve) => {
      let calm = 0;
      const check = () => {
        const { requestsQueued, inFlight } = this.scheduler.progress();
        calm = requestsQueued === 0 && inFlight === 0 && !this.history_.pending && !this.latestValues.pending ? calm + 1 : 0;
        if (calm >= 2 || clock.now() >= deadline) resolve();
        else clock.setTimer(check, every);
      };
      clock.setTimer(check, every);
    });
  }

  /** True when `key` is past its time-to-live or was last answered with a last-known value. */
  isStale(key: string): boolean {
    if (this.servedStale.has(key)) return true;
    // A latest-value cell may have been answered by the catalogue, which then holds its value fresh.
    const viaCatalogue = key.startsWith("latest|") && this.cache.holdsFresh("catalogue") && !this.servedStale.has("catalogue");
    return !(this.cache.holdsFresh(key) || viaCatalogue);
  }

  private fetchCatalogue(ctx: CallContext): Promise<Served<readonly IndexSummary[]>> {
    return this.read("catalogue", "catalogue", () => this.sender.send(() => this.client.listIndexes(), CATALOGUE_ANSWERS), ctx);
  }

  /** The full fix of a symbol, for the latest-value batcher (not a cell's read: no context). */
  private fetchLatest(s: string): Promise<Served<LatestFix>> {
    this.fixesAsked.add(s);
    return this.read("latest", `latest|${s}`, () => this.fetchFix(s), NO_CELL);
  }

  private fetchFix(s: string): Promise<LatestFix> {
    return this.sender.send(() => this.client.latest(s), { keys: [`latest|${s}`] });
  }

  /** A preview's latest value: the symbol's own fix, else the catalogue's row for it, if the cache holds one. */
  private peekLatestValue(s: string, key: string): Promise<Served<LatestValue>> {
    const fix = this.cache.peek<LatestFix>(key);
    if (fix?.ok === true) return Promise.resolve(latestValueOf(fix.served));
    const catalogue = this.cache.peek<readonly IndexSummary[]>("catalogue");
    if (catalogue?.ok === true) {
      const row = catalogue.served.data.find((entry) => entry.symbol === s);
      if (row?.latestValue !== undefined && row.latestAsOf !== undefined) {
        return Promise.resolve({ data: { symbol: s, value: row.latestValue, asOf: row.latestAsOf }, fetchedAt: catalogue.served.fetchedAt, stale: catalogue.served.stale });
      }
    }
    return fromHeld(fix, key);
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
  private request<T>(kind: ResourceKind, key: string, call: () => Promise<T>, ctx: CallContext): Promise<Served<T>> {
    return this.read(kind, key, () => this.sender.send(call, { keys: [key] }), ctx);
  }

  /**
   * Reads `key` for `ctx`: a value preview only from what the cache holds; otherwise indexed under the cell,
   * loaded once (cached, shared in flight) by `load`, which does its own sending, within the settle bound.
   * `load` hears whether a refresh wants it fresh (past history never needs to be).
   */
  private read<T>(kind: ResourceKind, key: string, load: (fresh: boolean) => Promise<T>, ctx: CallContext, force = false): Promise<Served<T>> {
    if (ctx.preview) return fromHeld(this.cache.peek<T>(key), key);
    this.ledger.note(ctx, key);
    const again = !survivesRefresh(kind) && this.ledger.wantsFresh(ctx, key);
    const loading = this.userWhile(key, ctx.user || again, () => this.cache.get(kind, key, () => load(again), force || again));
    return loading.then((served) => this.ledger.noteServed(ctx, key, this.noteStale(key, served)));
  }

  /** While `work` is outstanding, `key` is the user's when `user` says so: its request goes in the user lane. */
  private userWhile<T>(key: string, user: boolean, work: () => Promise<T>): Promise<T> {
    return user ? this.hints.userWhile(key, work) : work();
  }

  private noteStale<T>(key: string, served: Served<T>): Served<T> {
    if (served.stale) this.servedStale.add(key);
    else this.servedStale.delete(key);
    return served;
  }

  private observe(info: ResponseInfo): void {
    this.budget.observe(info, this.options.clock.now());
    this.scheduler.pump();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
