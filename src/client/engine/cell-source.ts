import type { HistoryQuery } from "../resources/history";
import type { IndexDataSource } from "../source";
import { PreviewMiss, type CellCall } from "./address-index";
import type { RequestEngine } from "./request-engine";

/**
 * The IndexDataSource of one evaluation of one cell: every call goes to the current engine on behalf of
 * the cell, so the engine indexes the resources it reads under the cell's address, and a value preview is
 * answered from the cache only. `missed` tells the caller that a preview needed a request it did not send.
 * With `user` set it is the source of the user's own action (the taskpane's reads): its requests go first.
 */
export class CellSource implements IndexDataSource {
  private missedAny = false;
  private readonly cell: CellCall;

  constructor(
    private readonly engine: () => Promise<RequestEngine>,
    cell: CellCall,
    private readonly user = false,
  ) {
    // A preview is the formula being typed, not a cell of the sheet: it is not indexed.
    this.cell = cell.preview ? { preview: true } : cell;
    const address = this.cell.address;
    if (address !== undefined) engine().then((e) => e.addresses.begin(address), () => undefined);
  }

  get missed(): boolean {
    return this.missedAny;
  }

  /** The message of the error the cell shows, kept for the freeze receipt. */
  noteError(message: string): void {
    const address = this.cell.address;
    if (address !== undefined) this.engine().then((e) => e.addresses.noteError(address, message), () => undefined);
  }

  listIndexes() { return this.run((e) => e.listIndexes()); }
  latest(symbol: string) { return this.run((e) => e.latest(symbol)); }
  latestValue(symbol: string) { return this.run((e) => e.latestValue(symbol)); }
  history(symbol: string, query?: HistoryQuery) { return this.run((e) => e.history(symbol, query)); }
  volatility(symbol: string, windowDays?: number) { return this.run((e) => e.volatility(symbol, windowDays)); }
  forward(symbol: string) { return this.run((e) => e.forward(symbol)); }
  capacity(symbol: string) { return this.run((e) => e.capacity(symbol)); }
  benchmarkHealth() { return this.run((e) => e.benchmarkHealth()); }
  systemStatus() { return this.run((e) => e.systemStatus()); }
  health() { return this.run((e) => e.health()); }
  methodology() { return this.run((e) => e.methodology()); }

  private run<T>(call: (engine: RequestEngine) => Promise<T>): Promise<T> {
    return this.engine()
      .then((e) => e.forCell(this.cell, () => (this.user ? e.forUser(() => call(e)) : call(e))))
      .catch((error: unknown) => {
        if (error instanceof PreviewMiss) this.missedAny = true;
        throw error;
      });
  }
}
