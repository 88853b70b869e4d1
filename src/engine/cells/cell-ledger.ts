import { AddressIndex } from "./address-index";
import type { CallContext } from "./call-context";
import type { LaneHints } from "../sending/lane-hints";

/** A scoped refresh in progress: every cell it covers asks the service again, once per resource. */
interface RefreshRound {
  readonly covers: (address: string) => boolean;
  /** Keys asked again in this round: the other cells of the scope share that one request. */
  readonly asked: Set<string>;
}

/**
 * Which cell read what, from the call context each read carries: the address index (refresh by scope, freeze
 * receipts), the visible lane's keys, and which reads a refresh wants fresh. A refresh names keys (refresh by
 * plan) or cells (refresh by scope: the cells the sheet's formulas show now, wherever they moved), never the
 * call running now.
 */
export class CellLedger {
  readonly addresses = new AddressIndex();
  /** Keys whose next read asks the service, once, whoever reads them. */
  private readonly forcedKeys = new Set<string>();
  private round: RefreshRound | undefined;

  constructor(private readonly hints: LaneHints) {}

  /** `ctx`'s cell reads `key`: indexed under its address, and in the visible lane when the cell is visible. */
  note(ctx: CallContext, key: string): void {
    if (ctx.address === undefined) return;
    this.addresses.record(ctx.address, key);
    this.hints.noteCellKey(ctx.address, key);
  }

  /** What `key` served a cell: its fix date and publication mode are kept for the freeze receipt. */
  noteServed<T extends { readonly data: unknown }>(ctx: CallContext, key: string, served: T): T {
    if (ctx.address !== undefined) this.addresses.noteData(key, served.data);
    return served;
  }

  /** True when this read must ask the service again (its key or its cell is being refreshed); once per key. */
  wantsFresh(ctx: CallContext, key: string): boolean {
    if (this.forcedKeys.delete(key)) return true;
    const round = this.round;
    if (round === undefined || ctx.address === undefined || round.asked.has(key) || !round.covers(ctx.address))
      return false;
    round.asked.add(key);
    return true;
  }

  /** The next read of each key asks the service, once, however many cells share it. */
  forceKeys(keys: readonly string[]): void {
    for (const key of keys) this.forcedKeys.add(key);
  }

  /** Every cell `covers` accepts asks the service again at its next evaluation, once per resource, until the next round. */
  startRound(covers: (address: string) => boolean): void {
    this.round = { covers, asked: new Set() };
  }

  /** Forgets forced reads (a full refresh or new settings ask everything again anyway). */
  endRounds(): void {
    this.forcedKeys.clear();
    this.round = undefined;
  }
}
