import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import { isCellError, type CellError } from "../../src/formulas/cell-error";
import type { FormulaResult, Spill } from "../../src/formulas/cells";
import type { FormulaEnv } from "../../src/formulas/evaluate";
import { startReferenceService, type Flavor } from "../../reference-service/src";

export const FLAGSHIP = "RTM-NWE-A-1x3";
export const YOUNG = "RTM-IND-B-2x4";
export const NO_DATA = "RTM-CHN-A-1x3";
export const INACTIVE = "RTM-BAL-C-1x3";
export const DOTTED = "RTM-USG.B-2x4";

/** The client's timeout only stops a hang: a loaded machine may take seconds to answer, and a slow answer is no fault. */
const HANG_BOUND_MS = 60_000;

export type Service = Awaited<ReturnType<typeof startReferenceService>>;

/** A reference service of one flavor, a plain client on it, and the formula env the functions get. */
export interface Rig {
  readonly service: Service;
  readonly client: IndexDataClient;
  env(options?: { formattedNumbers?: boolean; settleMs?: number }): FormulaEnv;
}

export async function startRig(flavor: Flavor, testFaults = false): Promise<Rig> {
  // Function tests are not about the rate limit (the engine's tests are): lift it so they can't trip it.
  const service = await startReferenceService({ flavor, testFaults, rateLimits: { anonymous: 100_000 } });
  const client = new IndexDataClient({ baseUrl: service.url, timeoutMs: HANG_BOUND_MS });
  const source = new DirectSource(client);
  return {
    service,
    client,
    env: (options = {}) => ({
      source,
      caps: { formattedNumbers: options.formattedNumbers ?? false },
      settleMs: options.settleMs,
    }),
  };
}

export function asSpill(result: FormulaResult): Spill {
  if (!Array.isArray(result)) throw new Error(`expected a spill, got ${JSON.stringify(result)}`);
  return result;
}

export function asError(result: FormulaResult): CellError {
  if (!isCellError(result)) throw new Error(`expected a cell error, got ${JSON.stringify(result)}`);
  return result;
}

/** The newer reference service on a Sunday (2025-03-16), with no rate limit to speak of, for the wrapper suites. */
export function startSundayService(): Promise<Service> {
  return startReferenceService({
    flavor: "newer",
    now: () => new Date("2025-03-16T12:00:00Z"),
    rateLimits: { anonymous: 100_000 },
  });
}
