import { startReferenceService, type Flavor, type RunningReferenceService } from "../../reference-service/src";
import { RequestEngine } from "../../src/engine/request-engine";
import {
  indexFix,
  indexHistory,
  indexLatest,
  indexList,
  indexPanel,
  indexVol,
  isCellError,
  type FormulaEnv,
  type FormulaResult,
} from "../../src/formulas";
import { FLAGSHIP } from "./support";

/*
 * A symbol typed in the wrong case gets a #N/A that names the symbol the catalogue holds, from the one
 * not-found mapping of the excel layer; a cached catalogue costs no request; a failing catalogue means no hint.
 */

const LOWER = FLAGSHIP.toLowerCase();
const HINT = `unknown index '${LOWER}'; symbols are case-sensitive: did you mean '${FLAGSHIP}'?`;
const CATALOGUE_PATH = "/api/v1/indexes";

function message(result: FormulaResult): string {
  if (!isCellError(result)) throw new Error(`expected a cell error, got ${JSON.stringify(result)}`);
  expect(result.code).toBe("#N/A");
  return result.message;
}

describe.each(["newer", "older"] as const)("wrong-case symbols against the %s reference service", (flavor: Flavor) => {
  let service: RunningReferenceService;
  let engine: RequestEngine;
  let env: FormulaEnv;
  beforeEach(async () => {
    service = await startReferenceService({ flavor, testFaults: true, rateLimits: { anonymous: 100_000 } });
    engine = new RequestEngine(
      { baseUrl: service.url, timeoutMs: 60_000 }, // only stops a hang: a loaded machine answers slowly
      { batchWindowMs: 1, retry: { baseDelayMs: 1, maxDelayMs: 1 } },
    );
    env = { source: engine, caps: { formattedNumbers: false }, settleMs: engine.options.settleBoundMs };
  });
  afterEach(async () => {
    engine.close();
    await service.close();
  });

  it.each([
    ["LATEST", (e: FormulaEnv) => indexLatest(e, LOWER, null)],
    ["LATEST confidence", (e: FormulaEnv) => indexLatest(e, LOWER, "confidence")],
    ["FIX", (e: FormulaEnv) => indexFix(e, LOWER, null)],
    ["HISTORY", (e: FormulaEnv) => indexHistory(e, [LOWER, "-30D"])],
    ["VOL", (e: FormulaEnv) => indexVol(e, LOWER, null)],
    ["PANEL", (e: FormulaEnv) => indexPanel(e, [[LOWER]], "-30D", null, null, null)],
  ])("%s suggests the symbol in the catalogue's case", async (_name, run) => {
    expect(message(await run(env))).toBe(HINT);
  });

  it("costs no request when the catalogue is cached", async () => {
    expect(Array.isArray(await indexList(env, null, null))).toBe(true);
    service.resetRequestLog();
    expect(message(await indexFix(env, LOWER, null))).toBe(HINT);
    const paths = service.requests.map((entry) => entry.path.split("?")[0]);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toContain(LOWER);
  });

  it("gives no hint, and still settles, when the catalogue request fails", async () => {
    service.faults.failNext("500", Infinity, CATALOGUE_PATH);
    const result = await indexFix(env, LOWER, null);
    // The fault happened: the service recorded the catalogue request and answered it with the 500.
    expect(
      service.requests.filter((entry) => entry.path.startsWith(CATALOGUE_PATH)).map((entry) => entry.status),
    ).toContain(500);
    // The plain unknown-index wording of the error table (src/formulas/service-errors.ts), not the settle bound's.
    expect(message(result)).toBe(
      `unknown index '${LOWER}': check the symbol (INDEX.LIST() shows every index; symbols are case-sensitive)`,
    );
  });

  it("gives no hint for a symbol that is unknown in every case", async () => {
    const text = message(await indexFix(env, "RTM-XXX-Z-9x9", null));
    expect(text).not.toContain("did you mean");
    expect(text).toContain("RTM-XXX-Z-9x9");
  });
});
