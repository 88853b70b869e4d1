import type { IndexDataClient } from "./client";
import { AnsweredMethods, type Answered, type ArgsOf, type DataOf, type ResourceName } from "@index-data/wire";
import type { IndexDataSource, LatestValue } from "./source";

/** An IndexDataSource with no cache, no merging and no scheduling: one request per call. The naive baseline. */
export class DirectSource extends AnsweredMethods implements IndexDataSource {
  constructor(private readonly client: IndexDataClient) {
    super();
  }

  call<N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<Answered<DataOf<N>>> {
    return this.client.withResponse(name, args);
  }

  async latestValue(symbol: string): Promise<Answered<LatestValue>> {
    const { data: fix, meta } = await this.client.withResponse("latest", [symbol]);
    return { data: { symbol, value: fix.value, asOf: fix.asOf }, meta };
  }
}
