import type { Granularity, History, HistoryQuery } from "@index-data/wire";
import type { Answered } from "../../client";
import { dayText, type Clock, type TimerHandle } from "@index-data/wire/time";
import { covers, groupRanges, sliceHistory, unionOf, type DateRange } from "../answers/history-ranges";
import { DerivedValues } from "@index-data/wire";

interface HistoryBatcherOptions {
  /** How long requests for one symbol are collected before the union goes out. */
  readonly windowMs: number;
  /** Widest union one request may cover. */
  readonly maxSpanMs: number;
  /** How long a fetched union may answer later requests, by the union's end. */
  readonly ttlFor: (endMs: number) => number;
  readonly clock: Clock;
}

/** A union range fetched or being fetched. */
interface Union {
  readonly range: DateRange;
  readonly result: Promise<Answered<History>>;
  expiresAt: number;
  /** The answer, once it came: what a value preview may be answered from. */
  settled?: { readonly wide: Answered<History>; readonly at: number };
}

/** A range a cell foresees asking: a union sent meanwhile takes it in; never sent on its own. */
interface Foreseen {
  readonly range: DateRange;
}

interface Member {
  readonly range: DateRange;
  readonly granularity: Granularity | undefined;
  readonly resolve: (history: Answered<History>) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Serves daily history requests of one symbol from as few service requests as possible: requests that
 * arrive within `windowMs` of each other are sent as one union range, and any later request inside a
 * union already fetched (or in flight) is sliced from it without a request. A range foreseen by a cell that will ask
 * it later widens the union its symbol sends meanwhile, so that the later ask is inside it.
 */
export class HistoryBatcher {
  private readonly queued = new Map<string, Member[]>();
  private readonly foreseen = new Map<string, Set<Foreseen>>();
  private readonly unions = new Map<string, Union[]>();
  private timer: TimerHandle | undefined;

  constructor(
    private readonly fetchUnion: (symbol: string, query: HistoryQuery) => Promise<Answered<History>>,
    private readonly options: HistoryBatcherOptions,
  ) {}

  /**
   * `granularity` is passed on as given (absent or "daily"): the newer description does not list it. `fresh`
   * (a refresh asked for it) skips the unions fetched before and joins the next batch.
   */
  get(symbol: string, range: DateRange, granularity?: Granularity, fresh = false): Promise<Answered<History>> {
    const batchKey = `${symbol}\u0000${granularity ?? ""}`;
    const known = fresh ? undefined : this.coveringUnion(batchKey, range);
    if (known !== undefined) return known.result.then((wide) => sliceHistory(wide, range));
    return new Promise<Answered<History>>((resolve, reject) => {
      const members = this.queued.get(batchKey) ?? [];
      members.push({ range, granularity, resolve, reject });
      this.queued.set(batchKey, members);
      this.timer ??= this.options.clock.setTimer(() => this.flush(), this.options.windowMs);
    });
  }

  /**
   * `range` of `symbol` will probably be asked soon: until the withdrawal is called, a union of the symbol that goes
   * out widens to cover it (within the widest span), unless one fetched or in flight already does. Starts no batch.
   */
  foresee(symbol: string, range: DateRange, granularity?: Granularity): () => void {
    const batchKey = `${symbol}\u0000${granularity ?? ""}`;
    const wish: Foreseen = { range };
    const wishes = this.foreseen.get(batchKey) ?? new Set<Foreseen>();
    wishes.add(wish);
    this.foreseen.set(batchKey, wishes);
    return () => {
      wishes.delete(wish);
      if (wishes.size === 0 && this.foreseen.get(batchKey) === wishes) this.foreseen.delete(batchKey);
    };
  }

  /** Ranges foreseen and not yet withdrawn, over every symbol. */
  get foreseenCount(): number {
    let n = 0;
    for (const wishes of this.foreseen.values()) n += wishes.size;
    return n;
  }

  /** Unions fetched or in flight, over every symbol. */
  get unionCount(): number {
    let n = 0;
    for (const list of this.unions.values()) n += list.length;
    return n;
  }

  /** Values derived from the unions' answers (their dates): they go with the unions. */
  get derivedCount(): number {
    let n = 0;
    for (const list of this.unions.values()) for (const union of list) n += union.settled?.wide.derived?.size ?? 0;
    return n;
  }

  /** True while requests wait for the batch window. */
  get pending(): boolean {
    return this.queued.size > 0;
  }

  /** The slice of an answered union covering `range`, without a request or a wait; undefined when there is none. */
  peek(symbol: string, range: DateRange, granularity?: Granularity): Answered<History> | undefined {
    const settled = this.coveringUnion(`${symbol}\u0000${granularity ?? ""}`, range, true)?.settled;
    if (settled === undefined) return undefined;
    const slice = sliceHistory(settled.wide, range);
    const { meta } = slice;
    return meta.servedStale ? slice : { ...slice, meta: { ...meta, producedAt: new Date(settled.at).toISOString() } };
  }

  /** Forgets unions that `keep` rejects (a refresh keeps past history only). */
  invalidate(keep: (range: DateRange) => boolean = () => false): void {
    for (const batchKey of [...this.unions.keys()]) this.keepUnions(batchKey, (u) => keep(u.range));
  }

  private coveringUnion(batchKey: string, range: DateRange, answered = false): Union | undefined {
    const now = this.options.clock.now();
    const list = this.keepUnions(batchKey, (u) => u.expiresAt > now);
    return list.find((u) => covers(u.range, range) && (!answered || u.settled !== undefined));
  }

  /** Keeps the unions of `batchKey` that `keep` accepts; what was derived from the others' answers goes with them. */
  private keepUnions(batchKey: string, keep: (union: Union) => boolean): readonly Union[] {
    const list = this.unions.get(batchKey) ?? [];
    const kept = list.filter(keep);
    if (kept.length === list.length) return list;
    for (const union of list) if (!kept.includes(union)) union.settled?.wide.derived?.clear();
    if (kept.length > 0) this.unions.set(batchKey, kept);
    else this.unions.delete(batchKey);
    return kept;
  }

  private flush(): void {
    this.timer = undefined;
    // Unions past their time-to-live go, with their answers, whether or not their symbol is asked again.
    const now = this.options.clock.now();
    for (const batchKey of [...this.unions.keys()]) this.keepUnions(batchKey, (u) => u.expiresAt > now);
    const batches = [...this.queued];
    this.queued.clear();
    for (const [batchKey, members] of batches) {
      const wishes = [...(this.foreseen.get(batchKey) ?? [])].filter(
        (wish) => this.coveringUnion(batchKey, wish.range) === undefined,
      );
      for (const group of groupRanges<Member | Foreseen>([...members, ...wishes], this.options.maxSpanMs)) {
        const asked = group.filter((item): item is Member => "resolve" in item);
        if (asked.length > 0) this.send(batchKey, asked, unionOf(group.map((item) => item.range)));
      }
    }
  }

  private send(batchKey: string, group: readonly Member[], range: DateRange | undefined): void {
    const first = group[0];
    if (range === undefined || first === undefined) return;
    const symbol = batchKey.slice(0, batchKey.indexOf("\u0000"));
    const granularity = first.granularity;
    const query: HistoryQuery = {
      startDate: dayText(range.startMs),
      endDate: dayText(range.endMs),
      ...(granularity ? { granularity } : {}),
    };
    // The union's answer keeps its dates (and what else is derived from it) for every slice cut from it.
    const result = this.fetchUnion(symbol, query).then((wide): Answered<History> => ({
      ...wide,
      derived: new DerivedValues(),
    }));
    // Until it settles, the union answers requests inside it (they share the request in flight).
    const union: Union = { range, result, expiresAt: Number.POSITIVE_INFINITY };
    this.unions.set(batchKey, [...(this.unions.get(batchKey) ?? []), union]);
    result.then(
      (wide) => {
        union.expiresAt = this.options.clock.now() + this.options.ttlFor(range.endMs);
        union.settled = { wide, at: this.options.clock.now() };
        for (const member of group) member.resolve(sliceHistory(wide, member.range));
      },
      (error: unknown) => {
        union.expiresAt = 0; // a failed union answers nobody
        for (const member of group) member.reject(error);
      },
    );
  }
}
