import {
  FAULT_KINDS,
  startReferenceService,
  type Flavor,
  type RunningReferenceService,
} from "../../reference-service/src";
import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import { isCellError, type FormulaEnv, type FormulaResult } from "../../src/formulas";
import { faultedPaths, faultWording, timeoutWording } from "../faults/fault-wording";
import { INDEX_FUNCTIONS as INDEX } from "../support/index-functions";
import { FLAGSHIP } from "./support";

/*
 * Every function under every injected fault, on a source without retries or caching (DirectSource), so
 * each cell meets the fault on its own request. Each test first proves the fault happened (the service
 * logged requests answered with it), then that every cell shows the fault's own wording for one of those
 * requests. Margins are wide so the fault decides: a 10 s client timeout, or a 60 s latency against 1 s.
 */

/** One call of every function, as a sheet would make it. */
const EVERY_FUNCTION: ReadonlyArray<[string, (env: FormulaEnv) => Promise<FormulaResult>]> = [
  ["LIST", (env) => INDEX.LIST(env, [null, null])],
  ["LATEST", (env) => INDEX.LATEST(env, [FLAGSHIP, null])],
  ["LATEST confidence", (env) => INDEX.LATEST(env, [FLAGSHIP, "confidence"])],
  ["FIX", (env) => INDEX.FIX(env, [FLAGSHIP, null])],
  ["HISTORY", (env) => INDEX.HISTORY(env, [FLAGSHIP, "-30D"])],
  ["PANEL", (env) => INDEX.PANEL(env, [[[FLAGSHIP], ["RTM-NWE-B-1x3"]], "-30D", null, null, null])],
  ["VOL", (env) => INDEX.VOL(env, [FLAGSHIP, null])],
  ["FORWARD", (env) => INDEX.FORWARD(env, [FLAGSHIP, null])],
  ["CAPACITY", (env) => INDEX.CAPACITY(env, [FLAGSHIP, null])],
  ["HEALTH", (env) => INDEX.HEALTH(env, [null])],
  ["STATUS", (env) => INDEX.STATUS(env, [])],
  ["METHODOLOGY", (env) => INDEX.METHODOLOGY(env, [null])],
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

describe.each(["newer", "older"] as const)("every function under every injected fault (%s)", (flavor: Flavor) => {
  let service: RunningReferenceService;
  const envWith = (timeoutMs: number): FormulaEnv => ({
    source: new DirectSource(new IndexDataClient({ baseUrl: service.url, timeoutMs })),
    caps: { formattedNumbers: false },
  });
  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    service = await startReferenceService({ flavor, testFaults: true, rateLimits: { anonymous: 100_000 } });
  });
  beforeEach(() => service.resetRequestLog());
  afterEach(() => service.faults.reset());
  afterAll(async () => {
    await service.close();
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it.each(FAULT_KINDS.filter((kind) => kind !== "wrong-shape"))(
    "fault %s: each cell shows the fault's wording",
    async (kind) => {
      service.faults.failNext(kind, Infinity);
      const results = await Promise.all(EVERY_FUNCTION.map(([, run]) => run(envWith(10_000))));
      const paths = faultedPaths(service.requests, kind);
      expect(paths.length).toBeGreaterThanOrEqual(EVERY_FUNCTION.length - 1); // LATEST and its confidence share a path at most
      expect(paths.length).toBe(service.requests.length);
      const allowed = new Set(paths.map((path) => faultWording(kind, service.url, path)));
      results.forEach((result, i) => {
        const name = EVERY_FUNCTION[i]?.[0];
        const message = isCellError(result) ? result.message : `not an error: ${JSON.stringify(result)}`;
        expect({ name, message, fromTheFault: allowed.has(message) }).toEqual({ name, message, fromTheFault: true });
      });
    },
  );

  it("fault wrong-shape: numbers sent as text are refused as an invalid response, or shown where the field is text", async () => {
    service.faults.failNext("wrong-shape", Infinity);
    const results = await Promise.all(EVERY_FUNCTION.map(([, run]) => run(envWith(10_000))));
    // The fault happened: the cells' requests were answered, and the service sends its numbers as text.
    expect(faultedPaths(service.requests, "wrong-shape").length).toBeGreaterThanOrEqual(EVERY_FUNCTION.length - 3); // older: 3 endpoints absent
    const probe = await fetch(`${service.url}/api/v1/index/${FLAGSHIP}/latest`);
    expect({ status: probe.status, value: typeof ((await probe.json()) as { value?: unknown }).value }).toEqual({
      status: 200,
      value: "string",
    });
    results.forEach((result, i) => {
      const name = EVERY_FUNCTION[i]?.[0];
      if (!isCellError(result))
        return expect({ name, result }).toEqual({ name, result: textAnswerOf(name, flavor) ?? "an error" });
      const expected = flavor === "older" ? OLDER_NOT_PUBLISHED[name ?? ""] : undefined;
      expect({ name, message: result.message }).toEqual({ name, message: expected ?? INVALID_SHAPE });
    });
  });

  it("60-second latency against a 1 s client timeout: each cell says the service did not answer in time", async () => {
    service.faults.setLatency(60_000);
    const results = await Promise.all(EVERY_FUNCTION.map(([, run]) => run(envWith(1_000))));
    expect(service.requests).toEqual([]); // nothing was answered: the client gave up first
    results.forEach((result, i) => {
      const name = EVERY_FUNCTION[i]?.[0];
      const message = isCellError(result) ? result.message : `not an error: ${JSON.stringify(result)}`;
      expect({ name, message }).toEqual({
        name,
        message: expect.stringMatching(
          new RegExp(`^${escape(timeoutWording(service.url, 1, "PATH")).replace("PATH", "/api/\\S+")}$`),
        ),
      });
    });
  });

  it("health down: STATUS says down and HEALTH reports the benchmark suspended, or not published (older)", async () => {
    service.faults.setHealth("down");
    const env = envWith(10_000);
    const [status, health] = [await INDEX.STATUS(env, []), await INDEX.HEALTH(env, [null])];
    // The service said so: the newer description's /api/status answers 200 with the state in its body,
    // the older one's strict /api/health answers 503.
    const statusPath = flavor === "newer" ? "/api/status" : "/api/health";
    expect(service.requests.filter((entry) => entry.path === statusPath).map((entry) => entry.status)).toEqual([
      flavor === "newer" ? 200 : 503,
    ]);
    expect(status).toBe("down");
    if (flavor === "newer") expect(health).toBe("suspended");
    else
      expect(isCellError(health) && { code: health.code, message: health.message }).toEqual({
        code: "#N/A",
        message: OLDER_NOT_PUBLISHED["HEALTH"],
      });
  });
});

// The client's wording for a wrong type: the schema's own report, or the value it refused and where.
const INVALID_SHAPE = expect.stringMatching(
  /^(The answer to \/api\/\S+ does not have the expected shape: .+\. Check that the service URL in the taskpane settings points at an Index Data Service\.|The index service sent an impossible value for \S+ \(".*"\) in the answer to \/api\/\S+; the add-in does not show it\. Report it to the service's provider\.)$/,
);

/**
 * The older description has no such endpoint (404), whatever the fault. Where telling a missing index from a
 * missing endpoint needs the catalogue, which the fault spoiled, the cell says both are possible.
 */
const OLDER_NOT_PUBLISHED: Readonly<Record<string, string>> = {
  FORWARD: `no forward curve for '${FLAGSHIP}': unknown index or no data`,
  HEALTH: "benchmark health is not published by this service",
};

/** Under wrong-shape, what a function still answers because what it shows is text, not a number. */
function textAnswerOf(name: string | undefined, flavor: Flavor): unknown {
  // The older description has no /api/status; STATUS reads /api/health, whose body holds no number to spoil.
  // METHODOLOGY there is the methodologyVersion of a latest fix: text, so it survives.
  const older: Readonly<Record<string, unknown>> = {
    STATUS: "ok",
    METHODOLOGY: expect.stringMatching(/^\d+(\.\d+)+$/),
  };
  return flavor === "older" ? older[name ?? ""] : undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
