import { FAULT_KINDS } from "../../reference-service/src";
import {
  indexCapacity,
  indexFix,
  indexForward,
  indexHealth,
  indexHistory,
  indexLatest,
  indexList,
  indexMethodology,
  indexPanel,
  indexStatus,
  indexVol,
  isCellError,
  type FormulaEnv,
  type FormulaResult,
} from "../../src/excel";
import { FLAGSHIP, startRig, type Rig } from "./support";

/** One call of every function, as a sheet would make it. */
const EVERY_FUNCTION: ReadonlyArray<[string, (env: FormulaEnv) => Promise<FormulaResult>]> = [
  ["LIST", (env) => indexList(env, null, null)],
  ["LATEST", (env) => indexLatest(env, FLAGSHIP, null)],
  ["LATEST confidence", (env) => indexLatest(env, FLAGSHIP, "confidence")],
  ["FIX", (env) => indexFix(env, FLAGSHIP, null)],
  ["HISTORY", (env) => indexHistory(env, [FLAGSHIP, "-30D"])],
  ["PANEL", (env) => indexPanel(env, [[FLAGSHIP], ["RTM-NWE-B-1x3"]], "-30D", null, null, null)],
  ["VOL", (env) => indexVol(env, FLAGSHIP, null)],
  ["FORWARD", (env) => indexForward(env, FLAGSHIP, null)],
  ["CAPACITY", (env) => indexCapacity(env, FLAGSHIP, null)],
  ["HEALTH", (env) => indexHealth(env, null)],
  ["STATUS", (env) => indexStatus(env)],
  ["METHODOLOGY", (env) => indexMethodology(env, null)],
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

describe.each(["newer", "older"] as const)("every function settles under every injected fault (%s)", (flavor) => {
  let rig: Rig;
  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    rig = await startRig(flavor, true);
  });
  afterEach(() => rig.service.faults.reset());
  afterAll(async () => {
    await rig.service.close();
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it.each(FAULT_KINDS)("fault %s: each cell shows #N/A or #VALUE! with a message, never a throw", async (kind) => {
    rig.service.faults.failNext(kind, Infinity);
    const results = await Promise.all(EVERY_FUNCTION.map(([, run]) => run(rig.env({ settleMs: 5_000 }))));
    results.forEach((result, i) => {
      const name = EVERY_FUNCTION[i]?.[0];
      // wrong-shape turns numbers into strings: the older description's methodology document holds none, and
      // STATUS there reads /api/health, whose body is opaque; both still answer correctly.
      if (flavor === "older" && kind === "wrong-shape" && name === "STATUS") return expect(["ok", "degraded", "down"]).toContain(result);
      if (flavor === "older" && kind === "wrong-shape" && name === "METHODOLOGY") return expect(typeof result).toBe("string");
      expect({ name, isError: isCellError(result) }).toEqual({ name, isError: true });
      if (!isCellError(result)) return;
      expect(["#N/A", "#VALUE!"]).toContain(result.code);
      expect(result.message.length).toBeGreaterThan(10);
      expect(result.message).not.toMatch(/no answer .* within/);
    });
  });

  it("10-second latency: each cell settles at the bound with a #N/A that says what to do", async () => {
    rig.service.faults.setLatency(10_000);
    const results = await Promise.all(EVERY_FUNCTION.map(([, run]) => run(rig.env({ settleMs: 300 }))));
    for (const result of results) {
      expect(isCellError(result) && result.code).toBe("#N/A");
      expect(isCellError(result) && result.message).toMatch(/within 300 ms.*Refresh/);
    }
    // The client's own timeout (2 s) ends the requests themselves; wait for them so nothing is left pending.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  });

  it("health down: STATUS says down (newer) or not ok (older), HEALTH reports it or is #N/A", async () => {
    rig.service.faults.setHealth("down");
    const status = await indexStatus(rig.env());
    if (flavor === "newer") {
      expect(status).toBe("down");
      expect(await indexHealth(rig.env(), null)).toBe((await rig.client.benchmarkHealth()).benchmarkStatus);
    } else {
      expect(["degraded", "down"]).toContain(status);
      expect(isCellError(await indexHealth(rig.env(), null))).toBe(true);
    }
  });
});
