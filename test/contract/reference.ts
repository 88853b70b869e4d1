import {
  DEMO_KEYS,
  startReferenceService,
  type ReferenceServiceOptions,
  type RunningReferenceService,
} from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import type { ClientOptions } from "../../src/client/options";

export { DEMO_KEYS };
export const FLAVORS = ["newer", "older"] as const;
export type Flavor = (typeof FLAVORS)[number];

/** Limits high enough that a suite never trips them by accident; rate limiting has its own tests. */
export const GENEROUS_LIMITS = { anonymous: 100_000, "api-key": 100_000, enterprise: 100_000 } as const;

export { DOTTED, FLAGSHIP, INACTIVE, NO_DATA, YOUNG } from "../support/reference-symbols";

export interface Harness {
  service: RunningReferenceService;
  client: IndexDataClient;
  clientWith(options: Partial<ClientOptions>): IndexDataClient;
}

/**
 * Starts the real reference service for a describe block (beforeAll/afterAll) and gives a client for it.
 * Faults are reset after each test so one test's injected failure never leaks into the next.
 */
export function useReferenceService(flavor: Flavor, options: Partial<ReferenceServiceOptions> = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.service = await startReferenceService({
      flavor,
      testFaults: true,
      rateLimits: GENEROUS_LIMITS,
      ...options,
    });
    harness.client = new IndexDataClient({ baseUrl: harness.service.url, timeoutMs: 60_000 }); // a hang stop only;
    harness.clientWith = (overrides) => harness.client.extend(overrides);
  });
  afterEach(() => harness.service.faults.reset());
  afterAll(() => harness.service.close());
  return harness;
}
