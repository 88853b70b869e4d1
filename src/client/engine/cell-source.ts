import type { HistoryQuery } from "../resources/history";
import type { IndexDataSource } from "../source";
import { isPreviewMiss, type CallContext } from "./call-context";
import type { RequestEngine } from "./request-engine";

/**
 * An IndexDataSource bound to one call context, in front of whichever engine the current settings built:
 * callers keep one reference, calls made while the settings still load wait for them, and every call hands the
 * engine its context (which cell, a value preview, the user's own action). For one evaluation of a cell,
 * `missed` tells the caller that a preview needed a request it did not send.
 */
export class CellSource implements IndexDataSource {
  private missedAny = false;

  constructor(
    private readonly engine: () => Promise<RequestEngine>,
    private readonly ctx: CallContext,
  ) {
    const address = ctx.address;
    // A new evaluation of the cell starts: what it needed before no longer counts.
    if (address !== undefined) engine().then((e) => e.addresses.begin(address), () => undefined);
  }

  get missed(): boolean {
    return this.missedAny;
  }

  /** The message of the error the cell shows, kept for the freeze receipt. */
  noteError(message: string): void {
    const address = this.ctx.address;
    if (address !== undefined) this.engine().then((e) => e.addresses.noteError(address, message), () => undefined);
  }

  listIndexes() { return this.run((e) => e.listIndexes(this.ctx)); }
  latest(symbol: string) { return this.run((e) => e.latest(symbol, this.ctx)); }
  latestValue(symbol: string) { return this.run((e) => e.latestValue(symbol, this.ctx)); }
  history(symbol: string, query?: HistoryQuery) { return this.run((e) => e.history(symbol, query, this.ctx)); }
  volatility(symbol: string, windowDays?: number) { return this.run((e) => e.volatility(symbol, windowDays, this.ctx)); }
  forward(symbol: string) { return this.run((e) => e.forward(symbol, this.ctx)); }
  capacity(symbol: string) { return this.run((e) => e.capacity(symbol, this.ctx)); }
  benchmarkHealth() { return this.run((e) => e.benchmarkHealth(this.ctx)); }
  systemStatus() { return this.run((e) => e.systemStatus(this.ctx)); }
  health() { return this.run((e) => e.health(this.ctx)); }
  methodology() { return this.run((e) => e.methodology(this.ctx)); }

  private run<T>(call: (engine: RequestEngine) => Promise<T>): Promise<T> {
    return this.engine()
      .then(call)
      .catch((error: unknown) => {
        if (isPreviewMiss(error)) this.missedAny = true;
        throw error;
      });
  }
}
