import type { IndexDataClient } from "./client";
import type { IndexDataSource, Served } from "./source";

async function fresh<T>(load: Promise<T>): Promise<Served<T>> {
  const data = await load;
  return { data, fetchedAt: new Date().toISOString(), stale: false };
}

/** An IndexDataSource with no cache, no merging and no scheduling: one request per call. The naive baseline. */
export class DirectSource implements IndexDataSource {
  constructor(private readonly client: IndexDataClient) {}
  listIndexes() { return fresh(this.client.listIndexes()); }
  latest(symbol: string) { return fresh(this.client.latest(symbol)); }
  latestValue(symbol: string) {
    return fresh(this.client.latest(symbol).then(({ value, asOf }) => ({ symbol, value, asOf })));
  }
  history(symbol: string, query?: Parameters<IndexDataClient["history"]>[1]) { return fresh(this.client.history(symbol, query)); }
  volatility(symbol: string, windowDays?: number) { return fresh(this.client.volatility(symbol, windowDays)); }
  forward(symbol: string) { return fresh(this.client.forward(symbol)); }
  capacity(symbol: string) { return fresh(this.client.capacity(symbol)); }
  benchmarkHealth() { return fresh(this.client.benchmarkHealth()); }
  systemStatus() { return fresh(this.client.systemStatus()); }
  health() { return fresh(this.client.health()); }
  methodology() { return fresh(this.client.methodology()); }
}
