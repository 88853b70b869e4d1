import { IndexDataClient } from "../../src/client/client";
import { DirectSource } from "../../src/client/direct-source";
import { isCellError } from "../../src/formulas/cell-error";
import { indexCard } from "../../src/formulas/index-functions/card";
import { indexLatest } from "../../src/formulas/index-functions/latest";
import { runCli } from "../cli/run-cli";
import { FLAGSHIP, useReferenceService } from "../contract/reference";
import { closeLoopbackServers, sendJson, startLoopbackServer } from "./loopback-server";

/**
 * Crafted `Cache-Status` and `Age` headers on a real fix, read by the client as INDEX.LATEST, INDEX.CARD and the
 * CLI do. A responder that is not the configured gateway marks nothing; the gateway's mark is found by its name
 * wherever a proxy put its own; an Age no gateway could send never dates a value (issue 27, item 11).
 */
afterEach(closeLoopbackServers);
const ref = useReferenceService("newer");
const STALE = "IndexDataGateway; fwd=stale; fwd-status=503; ttl=-15; detail=stale-if-error";
const TWO_DAYS_MS = 2 * 24 * 3600 * 1000;

/** A responder that answers the flagship's latest fix as the service does, with `headers` added. */
async function responder(headers: Record<string, string>) {
  const fix = await (await fetch(`${ref.service.url}/api/v1/index/${FLAGSHIP}/latest`)).json();
  return startLoopbackServer((_request, response) => sendJson(response, fix, 200, headers));
}

function cells(url: string, gateway: boolean) {
  const env = {
    source: new DirectSource(new IndexDataClient({ baseUrl: url, gateway })),
    caps: { formattedNumbers: false },
  };
  return {
    value: () => indexLatest(env, FLAGSHIP, "value"),
    stale: () => indexLatest(env, FLAGSHIP, "stale"),
    fetchedAt: () => indexLatest(env, FLAGSHIP, "fetchedAt"),
    card: () => indexCard({ ...env, caps: { formattedNumbers: true } }, FLAGSHIP, undefined),
    /** How old the served fix is said to be, in ms, from the facts of its response (`meta.producedAt`). */
    ageMs: async () => {
      const { meta } = await env.source.latest(FLAGSHIP);
      return Date.now() - Date.parse(meta.producedAt);
    },
  };
}

describe.each(["1e300", "8640000000000"])("Age: %s from the configured gateway", (age) => {
  it("is not believed: the cell shows the value as last-known, dated within the gateway's window", async () => {
    const gateway = await responder({ "cache-status": STALE, age });
    const at = cells(gateway.url, true);
    const [value, stale, fetchedAt, card] = await Promise.all([at.value(), at.stale(), at.fetchedAt(), at.card()]);
    expect(gateway.requests.length).toBeGreaterThanOrEqual(4);
    expect(typeof value).toBe("number");
    expect(stale).toBe(true);
    expect(typeof fetchedAt).toBe("number");
    expect(isCellError(card)).toBe(false);
    // The age falls back to what the gateway's own ttl implies: 15 s.
    const ageMs = await at.ageMs();
    expect(ageMs).toBeGreaterThanOrEqual(15_000);
    expect(ageMs).toBeLessThan(TWO_DAYS_MS);
  });

  it("prints in the CLI with --gateway, no 'Invalid time value'", async () => {
    const gateway = await responder({ "cache-status": STALE, age });
    const run = await runCli(["latest", FLAGSHIP, "--gateway", "--base-url", gateway.url]);
    expect(gateway.requests).toHaveLength(1);
    // Marked last-known, dated by what the gateway's own ttl implies (15 s), not by the Age nobody could send.
    expect(run.stderr).toMatch(/^index-data: last-known value: .* UTC \(15 s before\);/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^value\s+\d/m);
  });
});

describe("marks nobody configured", () => {
  it("Age: 0 with fwd=stale from a responder the settings do not call the gateway shows a fresh value", async () => {
    const proxy = await responder({ "cache-status": "IndexDataGateway; fwd=stale; ttl=-1", age: "0" });
    expect(await cells(proxy.url, false).stale()).toBe(false);
    expect(proxy.requests).toHaveLength(1);
  });

  it("the CLI's card believes a stale mark only with --gateway", async () => {
    const gateway = await responder({ "cache-status": STALE, age: "75" });
    const [plain, told] = await Promise.all([
      runCli(["card", FLAGSHIP, "--base-url", gateway.url]),
      runCli(["card", FLAGSHIP, "--gateway", "--base-url", gateway.url]),
    ]);
    expect(gateway.requests.filter((r) => r.url.endsWith("/latest"))).toHaveLength(2);
    expect(plain.stdout).toMatch(/^Last-known value\s+FALSE$/m);
    expect(told.stdout).toMatch(/^Last-known value\s+TRUE$/m);
  });
});

describe("the gateway's member among others", () => {
  it("a proxy appending its own member after the gateway's does not hide the stale mark", async () => {
    const gateway = await responder({ "cache-status": `${STALE}, CornerProxy; hit; ttl=40`, age: "75" });
    const at = cells(gateway.url, true);
    expect(await at.stale()).toBe(true);
    expect(await at.ageMs()).toBeGreaterThanOrEqual(75_000);
    expect(gateway.requests).toHaveLength(2);
  });

  it("a quoted string holding ttl=-9 is a string, not the gateway's ttl", async () => {
    const gateway = await responder({ "cache-status": 'IndexDataGateway; hit; key="a; ttl=-9"; ttl=20', age: "3" });
    expect(await cells(gateway.url, true).stale()).toBe(false);
    expect(gateway.requests).toHaveLength(1);
  });
});
