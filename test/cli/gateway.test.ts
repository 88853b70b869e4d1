import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import type { FakeClock } from "../support/fake-clock";
import { makeDesk } from "../gateway/support/desk";
import { startDeskGateway } from "../gateway/support/desk-gateway";
import { runCli } from "./run-cli";

/**
 * The CLI through a real desk gateway (in this process, memory store, a fake clock for its freshness) in front of
 * the reference service: what a trader's terminal says when the gateway refuses the token, and when it stands in
 * for a failing service.
 */
const FLAGSHIP = "RTM-NWE-A-1x3";
const desk = makeDesk(["alice"]);
const aliceToken = desk.tokens["alice"] ?? "";

let service: RunningReferenceService;
let gateway: RunningGateway;
let clock: FakeClock;

beforeEach(async () => {
  service = await startReferenceService({ testFaults: true });
  ({ gateway, clock } = await startDeskGateway(desk, service.url, { upstreamKey: DEMO_KEYS.apiKey }));
});

afterEach(async () => {
  await gateway.close();
  await service.close();
});

/** What the gateway itself answers the CLI's request with `token` (none: no header). */
async function gatewayAnswer(token?: string): Promise<{ status: number; message: string }> {
  const headers: Record<string, string> = token === undefined ? {} : { "x-api-key": token };
  const response = await fetch(`${gateway.url}/api/v1/index/${FLAGSHIP}/latest`, { headers });
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

test("without a desk token: the desk's advice (a token from the administrator), not the anonymous tier", async () => {
  const refused = await gatewayAnswer();
  expect(refused).toEqual({ status: 401, message: expect.stringContaining("desk token") as unknown });
  const run = await runCli(["latest", FLAGSHIP, "--gateway", "--base-url", gateway.url]);
  expect(run).toEqual({
    code: 1,
    stdout: "",
    stderr:
      "index-data: this is the desk's Index Data gateway and it needs your desk token: ask the desk's administrator for one, and give it as INDEX_API_KEY (or --api-key), with --gateway\n",
  });
  expect(service.requests).toEqual([]);
});

test("with a token the gateway does not know: check it, or get a new one from the administrator", async () => {
  const wrong = "idg_not-a-token-of-this-desk-at-all-0123456789ab";
  expect((await gatewayAnswer(wrong)).status).toBe(401);
  const run = await runCli(["latest", FLAGSHIP, "--base-url", gateway.url, "--api-key", wrong]);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(
    "index-data: the desk gateway does not know this desk token: check INDEX_API_KEY (or --api-key); the desk's administrator can issue a new one\n",
  );
  expect(run.stderr).not.toContain("anonymous");
  expect(run.stderr).not.toContain(wrong);
});

test("latest served stale while the service fails: the value, marked as the card marks it", async () => {
  const args = ["latest", FLAGSHIP, "--gateway", "--base-url", gateway.url, "--api-key", aliceToken];
  const fresh = await runCli(args);
  expect(fresh).toEqual({ code: 0, stdout: expect.stringContaining(FLAGSHIP) as unknown, stderr: "" });
  await clock.advance(10 * 60_000);
  service.faults.failNext("503", Infinity);
  service.resetRequestLog();
  const stale = await runCli(args);
  expect(service.requests).toEqual([
    expect.objectContaining({ path: `/api/v1/index/${FLAGSHIP}/latest`, status: 503 }),
  ]);
  expect(stale.code).toBe(0);
  expect(stale.stdout).toBe(fresh.stdout);
  expect(stale.stderr).toMatch(
    /^index-data: last-known value: the service did not answer, so the desk gateway served the answer it kept, produced \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(10 min before\); run the command again later for a fresh one\n$/,
  );
  const json = await runCli([...args, "--json"]);
  expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
  expect(json.stderr).toContain("last-known value");
});
