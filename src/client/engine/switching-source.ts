import type { HistoryQuery } from "../resources/history";
import type { IndexDataSource } from "../source";
import type { RequestEngine } from "./request-engine";

/**
 * A stable IndexDataSource in front of whichever engine the current settings built: callers keep one
 * reference, and calls made while the settings still load wait for them instead of using the defaults.
 */
export class SwitchingSource implements IndexDataSource {
  constructor(private readonly engine: () => Promise<RequestEngine>) {}

  listIndexes() { return this.engine().then((e) => e.listIndexes()); }
  latest(symbol: string) { return this.engine().then((e) => e.latest(symbol)); }
  latestValue(symbol: string) { return this.engine().then((e) => e.latestValue(symbol)); }
  history(symbol: string, query?: HistoryQuery) { return this.engine().then((e) => e.history(symbol, query)); }
  volatility(symbol: string, windowDays?: number) { return this.engine().then((e) => e.volatility(symbol, windowDays)); }
  forward(symbol: string) { return this.engine().then((e) => e.forward(symbol)); }
  capacity(symbol: string) { return this.engine().then((e) => e.capacity(symbol)); }
  benchmarkHealth() { return this.engine().then((e) => e.benchmarkHealth()); }
  systemStatus() { return this.engine().then((e) => e.systemStatus()); }
  health() { return this.engine().then((e) => e.health()); }
  methodology() { return this.engine().then((e) => e.methodology()); }
}
