import type { IndexDataClient } from "./client";
import { methodPerResource, type ArgsOf, type DataOf, type ResourceName } from "./resources/table";
import type { IndexDataSource, LatestValue, Served, SourceMethods } from "./source";

async function fresh<T>(load: Promise<T>): Promise<Served<T>> {
  const data = await load;
  return { data, fetchedAt: new Date().toISOString(), stale: false };
}

/** An IndexDataSource with no cache, no merging and no scheduling: one request per call. The naive baseline. */
export class DirectSource extends methodPerResource<SourceMethods>() implements IndexDataSource {
  constructor(private readonly client: IndexDataClient) {
    super();
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Served<DataOf<N>>> {
    return fresh(this.client.call(name, args));
  }

  latestValue(symbol: string): Promise<Served<LatestValue>> {
    return fresh(this.client.latest(symbol).then(({ value, asOf }) => ({ symbol, value, asOf })));
  }
}
