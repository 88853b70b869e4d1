import { IndexDataClient } from "../client";
import { ConfigurationError } from "@index-data/wire";
import type { ClientOptions } from "../client";
import { historyKind, type History, type HistoryQuery } from "@index-data/wire";
import type { IndexSummary } from "@index-data/wire";
import type { LatestFix } from "@index-data/wire";
import { dayText } from "@index-data/wire/time";
import {
  AnsweredMethods,
  BoundedMemo,
  canonicalArgs,
  keyOf,
  keyPrefixOf,
  kindOf,
  resourceOf,
  symbolKey,
  type ArgsOf,
  type DataOf,
  type ResourceName,
} from "@index-data/wire";
import type { Answered, Correction, IndexDataSource, LatestValue } from "../client";
import { MemoryStorage } from "../settings";
import type { AddressIndex } from "./cells/address-index";
import { AnswerCache } from "./answers/answer-cache";
import { Batching } from "./batching/batching";
import { NO_CELL, PreviewMiss, type CallContext } from "./cells/call-context";
import { CellLedger } from "./cells/cell-ledger";
import { Dispatch } from "./sending/dispatch";
import { resolveEngineOptions, type EngineOptions, type ResolvedEngineOptions } from "./engine-options";
import type { FreshnessSnapshot } from "./answers/freshness";
import { mergeableRange } from "./answers/history-ranges";
import { survivesRefresh, type ResourceKind } from "@index-data/wire";
import type { Answers } from "./sending/lane-hints";
import { latestValueOf } from "./batching/latest-value-batcher";
import type { Held } from "./answers/result-cache";
import { CorrectionsReader } from "./answers/corrections-reader";

/** The catalogue's key: it answers every latest-value cell, so it is as urgent as the most urgent of them. */
const CATALOGUE = keyOf("listIndexes", []);
const CATALOGUE_ANSWERS: Readonly<Answers> = { keys: [CATALOGUE], prefixes: [keyPrefixOf("latest")] };

/**
 * Who reads a key: a call of the source's (one cell: counted when a last-known value answers it), the engine
 * itself (batching's reads behind many cells: not counted), or a poll (INDEX.LIVE: asks the service again even if a
 * cached answer is fresh; not counted).
 */
type Reader = "call" | "engine" | "poll";

/** A held answer as the promise a read returns; nothing held is a preview miss. */
function fromHeld<T>(held: Held<T>, key: string): Promise<Answered<T>> {
  if (held === undefined) return Promise.reject(new PreviewMiss(key));
  return held.ok ? Promise.resolve(held.served) : Promise.reject(held.error);
}

/** A read the engine shapes itself, rather than one request per resource row. */
type ShapedRead<N extends ResourceName> = (args: ArgsOf<N>, ctx: CallContext) => Promise<Answered<DataOf<N>>>;

/**
 * The IndexDataSource the functions and the taskpane use: one request per distinct resource (cached with a
 * time-to-live per kind, shared while in flight), history ranges merged, latest values from one catalogue
 * request, every request within the tier's budget, retries, and last-known values when the service fails.
 * It composes one part per concern: the answer cache (time-to-live, last-known values), batching, dispatch
 * (budget and lanes) and the cell ledger (which cell read what). Every read takes the context of its call
 * (which cell, a value preview, the user's own action); the methods named after resources read for no cell.
 * No Office imports: it runs in the add-in, in Node and in the benchmark alike.
 */
export class RequestEngine extends AnsweredMethods implements IndexDataSource {
  readonly client: IndexDataClient;
  readonly options: ResolvedEngineOptions;
  private readonly dispatch: Dispatch;
  private readonly cache: AnswerCache;
  private readonly batching: Batching;
  /** Which cell read what, and which reads a refresh wants fresh. */
  private readonly ledger: CellLedger;
  private readonly listeners = new Set<() => void>();
  private readonly correctionsReader: CorrectionsReader;
  /** The latest fix's key of each symbol read lately: a sheet's latest-value cells name the same few symbols. */
  private readonly latestKeys = new BoundedMemo(4096, (symbol: string) => keyOf("latest", [symbol]));

  constructor(clientOptions: ClientOptions, options: EngineOptions = {}) {
    super();
    this.options = resolveEngineOptions(options, clientOptions);
    this.client = new IndexDataClient({
      ...clientOptions,
      clock: this.options.clock,
      onResponse: (info) => {
        this.dispatch.learn(info);
        clientOptions.onResponse?.(info);
      },
    });
    const changed = () => this.changed();
    this.dispatch = new Dispatch(
      this.options,
      { channel: options.budgetChannel, baseUrl: clientOptions.baseUrl, apiKey: clientOptions.apiKey },
      changed,
    );
    this.ledger = new CellLedger(this.dispatch.hints);
    this.cache = new AnswerCache(
      options.storage ?? new MemoryStorage(),
      clientOptions.baseUrl,
      this.options,
      changed,
      // The fix date and publication mode of what a key served, for the cells that read it (freeze receipts).
      (key, served) => this.ledger.addresses.noteData(key, served.data),
    );
    this.batching = new Batching(
      {
        sendHistory: (symbol, query) =>
          this.dispatch.send(() => this.client.withResponse("history", [symbol, query]), {
            keys: [],
            prefixes: [keyPrefixOf("history", symbol)],
          }),
        fix: (symbol) => this.answer("latest", keyOf("latest", [symbol]), () => this.sendFix(symbol), NO_CELL),
        // Not counted as cells here: the cells count at latestValue, one each, not per shared request.
        catalogue: () => this.catalogue(NO_CELL),
        holdsFresh: (key) => this.cache.holdsFresh(key),
      },
      this.options,
    );
    this.correctionsReader = new CorrectionsReader(this.client, this.dispatch, this.cache, this.options.clock);
  }

  /** Which cell needs which resource (refresh by scope, freeze receipts). */
  get addresses(): AddressIndex {
    return this.ledger.addresses;
  }

  /** A resource read for no cell: what the methods named after resources call. */
  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Answered<DataOf<N>>> {
    return this.read(name, args, NO_CELL);
  }

  /**
   * A resource read for the call `ctx`: a value preview only from what the cache holds; otherwise one request
   * per distinct resource (the row's key), cached for its kind's time-to-live and indexed under the cell.
   */
  read<N extends ResourceName>(name: N, args: ArgsOf<N>, ctx: CallContext): Promise<Answered<DataOf<N>>> {
    const shaped = this.shaped[name] as ShapedRead<N> | undefined;
    if (shaped !== undefined) return shaped(args, ctx);
    const canonical = canonicalArgs(name, args);
    // The row's key of arguments made canonical just above (keyOf would make them canonical again, for every cell).
    const key = resourceOf(name).key(canonical);
    const kind = kindOf(name, canonical, this.options.clock.now());
    const send = () => this.dispatch.send(() => this.client.withResponse(name, canonical), { keys: [key] });
    return this.answer(kind, key, send, ctx, "call");
  }

  /**
   * Asks the service again even if a cached fix is fresh (INDEX.LIVE polls with this). Still one request per
   * symbol; a poll is not a cell, so it is not counted among the cells on last-known values.
   */
  latestNow(symbol: string): Promise<Answered<LatestFix>> {
    const s = symbolKey(symbol);
    return this.answer("latest", keyOf("latest", [s]), () => this.sendFix(s), NO_CELL, "poll");
  }

  /**
   * A history range as the service publishes it now, past the cache and the unions: past history is cached for
   * long because it is not expected to change, so finding whether it did (a frozen sheet checked against the
   * service) must ask again. Within the budget, in the user's lane; the answer is not kept.
   */
  historyNow(symbol: string, query: HistoryQuery): Promise<Answered<History>> {
    const args: ArgsOf<"history"> = [symbolKey(symbol), query];
    const key = keyOf("history", args);
    return this.dispatch.userWhile(key, true, () =>
      this.dispatch.send(() => this.client.withResponse("history", args), { keys: [key] }),
    );
  }

  /** The value and its date: answered by the symbol's fix when at hand, else (with others) by one catalogue. */
  latestValue(symbol: string, ctx: CallContext = NO_CELL): Promise<Answered<LatestValue>> {
    const s = symbolKey(symbol);
    const key = this.latestKeys.get(s);
    if (ctx.preview) return this.peekLatestValue(s, key);
    this.ledger.note(ctx, key);
    const fresh = this.ledger.wantsFresh(ctx, key);
    if (fresh) {
      // Its own fix, asked again, not the catalogue (which would refetch every symbol).
      this.ledger.forceKeys([key]);
      this.batching.fixAsked(s);
    }
    // Answered by the fix or the catalogue: either way the value's asOf is its provenance.
    // One promise per cell: noted for its receipt and counted if stale as the batch answers it.
    const noted = this.notedValue.bind(this, ctx, key);
    // A sheet's cell is not the user's: asked at once, with no closure to hand to the user lane.
    if (!ctx.user && !fresh) return this.batching.latestValue(s, noted);
    return this.dispatch.userWhile(key, true, () => this.batching.latestValue(s, noted));
  }

  /**
   * A latest value as the batch answers its cell: noted for the cell's receipt, counted if stale. One method for
   * every cell, bound to each (see loadShaped in src/formulas/evaluate.ts: a callback made per cell is optimized again
   * at every open).
   */
  private notedValue(ctx: CallContext, key: string, served: Answered<LatestValue>): Answered<LatestValue> {
    return this.cache.countOne(this.ledger.noteServed(ctx, key, served));
  }

  /** The corrections of `symbol` from `sinceMs` on, for the call `ctx` (see CorrectionsReader). */
  corrections(symbol: string, sinceMs: number, ctx: CallContext = NO_CELL): Promise<readonly Correction[]> {
    return this.correctionsReader.read(symbol, sinceMs, ctx);
  }

  /**
   * A daily history range the cell `ctx` will probably ask once it knows more: the symbol's next union widens to take
   * it in, never sent on its own. A value preview foresees nothing. The withdrawal.
   */
  foreseeHistory(symbol: string, query: HistoryQuery, ctx: CallContext = NO_CELL): () => void {
    const range = mergeableRange(query);
    if (ctx.preview || range === undefined) return () => undefined;
    return this.batching.foreseeHistory(symbolKey(symbol), range, query.granularity);
  }

  /**
   * Forgets what may have changed (everything but past history) and starts a new progress round.
   * `everything` also drops past history (new settings: another service or key).
   */
  invalidate(everything = false): void {
    this.cache.invalidate(everything);
    this.batching.invalidate(everything, this.options.clock.now());
    this.ledger.endRounds();
    // The visible lane's keys are those of the visible cells now, not every key they ever read.
    const hints = this.dispatch.hints;
    hints.setVisible(hints.visibleTest, this.visibleKeys(hints.visibleTest));
    this.dispatch.resetProgress();
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
      ...this.cache.sizes,
      ...this.batching.sizes,
      queued: this.dispatch.queued,
      ...this.dispatch.hints.size,
    };
  }

  snapshot(): FreshnessSnapshot {
    return { ...this.dispatch.snapshot(), ...this.cache.freshness() };
  }

  /** Shortest poll interval per symbol for INDEX.LIVE with `watchedSymbols` symbols watched (see Dispatch). */
  liveFloorMs(watchedSymbols: number): number {
    return this.dispatch.liveFloorMs(watchedSymbols);
  }

  /** Called on every change of the snapshot (often: throttle before rendering). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every last-known value written so far is in storage (tests, and before a planned close). */
  flush(): Promise<void> {
    return this.cache.flush();
  }

  /** Fails whatever still waits for a slot; the engine is being replaced (new settings). */
  close(): void {
    this.dispatch.close(
      new ConfigurationError(
        "The service settings changed before this request was sent; recalculate to use the new settings.",
        {},
      ),
    );
    this.listeners.clear();
  }

  /**
   * The cells the user can see (the office layer's report): the keys they need go in the visible lane. A hint
   * for the order only; a wrong or missing report changes which request goes first, never what is sent.
   */
  setVisible(isVisible: (address: string) => boolean): void {
    this.dispatch.setVisible(isVisible, this.visibleKeys(isVisible));
  }

  /**
   * Every cell `covers` accepts asks the service again at its next evaluation, once per resource it reads: a
   * scoped refresh follows the cells the sheet holds now, whatever moved since they were last evaluated.
   */
  refreshCells(covers: (address: string) => boolean): void {
    this.ledger.startRound(covers);
    this.dispatch.resetProgress();
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
        calm = !this.dispatch.busy && !this.batching.pending ? calm + 1 : 0;
        if (calm >= 2 || clock.now() >= deadline) resolve();
        else clock.setTimer(check, every);
      };
      clock.setTimer(check, every);
    });
  }

  /** True when `key` is past its time-to-live or was last answered with a last-known value. */
  isStale(key: string): boolean {
    return this.cache.isStale(key);
  }

  /**
   * The reads the engine shapes itself: the catalogue (it answers every latest-value cell, so it is as urgent as
   * the most urgent of them), a fix (latest-value cells of its symbol take it meanwhile), and history (ranges of
   * one symbol merged into one request).
   */
  private readonly shaped: { readonly [N in ResourceName]?: ShapedRead<N> } = {
    listIndexes: (_args, ctx) => this.catalogue(ctx, "call"),
    latest: ([symbol], ctx) => {
      const s = symbolKey(symbol);
      if (!ctx.preview) this.batching.fixAsked(s);
      return this.answer("latest", `latest|${s}`, () => this.sendFix(s), ctx, "call");
    },
    history: ([symbol, query], ctx) =>
      this.readHistory(query === undefined ? [symbolKey(symbol)] : [symbolKey(symbol), query], ctx),
  };

  private readHistory(args: ArgsOf<"history">, ctx: CallContext): Promise<Answered<History>> {
    const [s, query] = args;
    const range = mergeableRange(query);
    if (range === undefined) {
      const key = keyOf("history", args);
      return this.answer(
        kindOf("history", args, this.options.clock.now()),
        key,
        () => this.dispatch.send(() => this.client.withResponse("history", args), { keys: [key] }),
        ctx,
        "call",
      );
    }
    // The range's last day says the kind (the same reading kindOf makes of the query, without making it again).
    const kind = historyKind(range.endMs, this.options.clock.now());
    const granularity = query?.granularity;
    // The range's whole days, as the union that answers it asks for them.
    const days = { startDate: dayText(range.startMs), endDate: dayText(range.endMs) };
    const key = keyOf("history", [s, { ...days, granularity }]);
    const slice = ctx.preview ? this.batching.peekHistory(s, range, granularity) : undefined;
    if (slice !== undefined) return this.cache.counted(Promise.resolve(slice));
    return this.answer(kind, key, (fresh) => this.batching.history(s, range, granularity, fresh), ctx, "call");
  }

  private catalogue(ctx: CallContext, reader: Reader = "engine"): Promise<Answered<readonly IndexSummary[]>> {
    return this.answer(
      "catalogue",
      CATALOGUE,
      () => this.dispatch.send(() => this.client.withResponse("listIndexes", []), CATALOGUE_ANSWERS),
      ctx,
      reader,
    );
  }

  private sendFix(s: string): Promise<Answered<LatestFix>> {
    return this.dispatch.send(() => this.client.withResponse("latest", [s]), { keys: [keyOf("latest", [s])] });
  }

  /** A preview's latest value: the symbol's own fix, else the catalogue's row for it, if the cache holds one. */
  private peekLatestValue(s: string, key: string): Promise<Answered<LatestValue>> {
    const fix = this.cache.peek<LatestFix>(key);
    if (fix?.ok === true) return Promise.resolve(latestValueOf(fix.served));
    const catalogue = this.cache.peek<readonly IndexSummary[]>(CATALOGUE);
    if (catalogue?.ok === true) {
      const row = catalogue.served.data.find((entry) => entry.symbol === s);
      if (row?.latestValue !== undefined && row.latestAsOf !== undefined) {
        return Promise.resolve({
          data: { symbol: s, value: row.latestValue, asOf: row.latestAsOf },
          meta: catalogue.served.meta,
        });
      }
    }
    return fromHeld(fix, key);
  }

  /**
   * Answers `key` for `ctx`: a value preview only from what the cache holds; otherwise indexed under the cell,
   * loaded once (cached, shared in flight) by `load`, which does its own sending, within the settle bound.
   * `load` hears whether a refresh wants it fresh (past history never needs to be). Every cell of one key gets
   * the one promise of its answer; what the answer served is noted once (the cache's `served`), and so are the
   * cells it answered from a last-known value.
   */
  private answer<T>(
    kind: ResourceKind,
    key: string,
    load: (fresh: boolean) => Promise<Answered<T>>,
    ctx: CallContext,
    reader: Reader = "engine",
  ): Promise<Answered<T>> {
    const call = reader === "call";
    if (ctx.preview) {
      const held = fromHeld(this.cache.peek<T>(key), key);
      return call ? this.cache.counted(held) : held;
    }
    this.ledger.note(ctx, key);
    const again = !survivesRefresh(kind) && this.ledger.wantsFresh(ctx, key);
    if (!ctx.user && !again) return this.cache.get(kind, key, () => load(false), reader === "poll", call);
    return this.dispatch.userWhile(key, true, () =>
      this.cache.get(kind, key, () => load(again), reader === "poll" || again, call),
    );
  }

  private visibleKeys(isVisible: (address: string) => boolean): readonly string[] {
    return this.addresses.plan((address) => isVisible(address)).keys;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
