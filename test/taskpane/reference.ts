import { IndexDataClient } from "../../src/client/client";
import {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src";

/** A reference service on an ephemeral port plus a client for it; close both with `stop`. */
export interface ReferenceFixture {
  readonly service: RunningReferenceService;
  readonly client: IndexDataClient;
  stop(): Promise<void>;
}

export async function startReference(options: ReferenceServiceOptions = {}): Promise<ReferenceFixture> {
  const service = await startReferenceService({ port: 0, ...options });
  const client = new IndexDataClient({ baseUrl: service.url });
  return { service, client, stop: () => service.close() };
}
