import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import type { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { callTool, mcpClient, textOf } from "./support/mcp-client";
import { startScriptedFront, type ScriptedFront } from "./support/scripted-front";

/**
 * Over budget, a tool says when to retry, as an error result (isError) the model can act on: never a transport error
 * nor a raw 429. The upstream's window is the test's (a scripted front); the gateway's clock is fake.
 */
const desk = makeDesk(["alice"]);
let service: RunningReferenceService;
let front: ScriptedFront;
let gateway: RunningGateway;
let clock: FakeClock;

beforeAll(async () => {
  service = await startReferenceService({ rateLimits: { "api-key": 1_000_000 } });
  front = await startScriptedFront(service.url, { limit: 100, remaining: 100, resetSeconds: 60 });
  ({ gateway, clock } = await startDeskGateway(desk, front.url, { upstreamKey: DEMO_KEYS.apiKey }));
});
afterAll(async () => {
  await gateway?.close();
  await front?.close();
  await service?.close();
});

test("with no room in the budget, the tool answers isError with the time to retry", async () => {
  const client = await mcpClient(gateway.url, desk.tokens["alice"] ?? "");
  expect((await callTool(client, "get_latest", { symbol: "RTM-NWE-A-1x3" })).isError).not.toBe(true);
  // The fault: the upstream's window is spent for the next 60 s.
  front.window.remaining = 0;
  expect((await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" })).isError).not.toBe(true);
  const pending = callTool(client, "get_latest", { symbol: "RTM-SEA-A-1x3" });
  // The wait is bounded by the queue's 4 s; the clock moves it along.
  let settled = false;
  void pending.finally(() => (settled = true));
  for (let i = 0; i < 50 && !settled; i += 1) await clock.advance(500);
  const refused = await pending;
  expect(front.seen.map((seen) => seen.path)).not.toContain("/api/v1/index/RTM-SEA-A-1x3/latest");
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toMatch(/budget.*Retry after \d+ s \(at \d{4}-\d\d-\d\dT/);
  const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/index_gateway_mcp_tool_calls_total\{tool="get_latest",outcome="refused"\} 1/);
  await client.close();
});
