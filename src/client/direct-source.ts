import type { IndexDataClient } from "./client";
import { keptStaleLike, producedAt } from "./kept-stale";
import { methodPerResource, type ArgsOf, type DataOf, type ResourceName } from "../wire";
import type { IndexDataSource, LatestValue, Served, SourceMethods } from "./source";
import { systemClock, type Clock } from "../time";

/** As the service (or a cache on the way, when it stood in for a failing service: stale) answered it. */
async function answered<T>(load: Promise<T>, clock: Clock): Promise<Served<T>> {
  const data = await load;
  const { at, stale } = producedAt(data, clock.now());
  return { data, fetchedAt: new Date(at).toISOString(), stale };
}

/** An IndexDataSource with no cache, no merging and no scheduling: one request per call. The naive baseline. */
export class DirectSource extends methodPerResource<SourceMethods>() implements IndexDataSource {
  /** `clock` stamps an answer that carries no production time of its own. @default systemClock */
  constructor(
    private readonly client: IndexDataClient,
    private readonly clock: Clock = systemClock,
  ) {
    super();
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Served<DataOf<N>>> {
    return answered(this.client.call(name, args), this.clock);
  }

  latestValue(symbol: string): Promise<Served<LatestValue>> {
    return answered(
      this.client.latest(symbol).then((fix) => keptStaleLike({ symbol, value: fix.value, asOf: fix.asOf }, fix)),
      this.clock,
    );
  }
}
