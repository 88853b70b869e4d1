import {
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import { type EngineOptions } from "../../src/engine/engine-options";
import type { ClientOptions } from "../../src/client/options";

/** A reference service on an ephemeral port with fault injection on; closed by `stopAll`. */
const running: RunningReferenceService[] = [];
const engines: RequestEngine[] = [];

export async function startService(options: ReferenceServiceOptions = {}): Promise<RunningReferenceService> {
  const service = await startReferenceService({ testFaults: true, ...options });
  running.push(service);
  return service;
}

export function engineFor(
  service: RunningReferenceService,
  options: EngineOptions = {},
  client: Partial<ClientOptions> = {},
): RequestEngine {
  const engine = new RequestEngine({ baseUrl: service.url, ...client }, { batchWindowMs: 5, ...options });
  engines.push(engine);
  return engine;
}

export async function stopAll(): Promise<void> {
  for (const engine of engines.splice(0)) engine.close();
  await Promise.all(running.splice(0).map((s) => s.close()));
}

/** Requests the service received whose path starts with `prefix` (query included). */
export function sent(service: RunningReferenceService, prefix = ""): string[] {
  return service.requests.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);
}

export function statuses(service: RunningReferenceService): number[] {
  return service.requests.map((r) => r.status);
}

export const SYMBOLS = [
  "RTM-NWE-A-1x3",
  "RTM-NWE-B-1x3",
  "RTM-NWE-A-4x6",
  "RTM-MED-A-1x3",
  "RTM-USG.B-2x4",
  "RTM-SEA-A-1x3",
] as const;
export const NO_DATA_SYMBOL = "RTM-CHN-A-1x3";
