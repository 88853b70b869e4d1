import type { IndexDataClient } from "./client";
import {
  AnsweredMethods,
  ConfigurationError,
  type Answered,
  type ArgsOf,
  type DataOf,
  type ResourceName,
} from "@index-data/wire";
import { instantText } from "@index-data/wire/time";
import type { Correction } from "./correction-wire";
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

  /** Only a desk gateway's archive: this source keeps nothing it was served to compare with. */
  async corrections(symbol: string, sinceMs: number): Promise<readonly Correction[]> {
    if (this.client.options.gateway !== true)
      throw new ConfigurationError(
        "Corrections need the desk gateway's archive here: point at the gateway's URL and say it is one (--gateway).",
        {},
      );
    return this.client.gatewayCorrections(symbol, instantText(sinceMs));
  }
}
