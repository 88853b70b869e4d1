import { makeDesk } from "./support/desk";
import { callTool, mcpClient, textOf } from "./support/mcp-client";
import { startScriptedDesk, type ScriptedDesk } from "./support/scripted-desk";

/**
 * Over budget, a tool says when to retry, as an error result (isError) the model can act on: never a transport error
 * nor a raw 429. The upstream's window is the test's (a scripted front); the gateway's clock is fake.
 */
const desk = makeDesk(["alice"]);
let rig: ScriptedDesk;
beforeAll(async () => {
  rig = await startScriptedDesk(desk);
});
afterAll(() => rig.close());

test("with no room in the budget, the tool answers isError with the time to retry", async () => {
  const client = await mcpClient(rig.gateway.url, desk.tokens["alice"] ?? "");
  expect((await callTool(client, "get_latest", { symbol: "RTM-NWE-A-1x3" })).isError).not.toBe(true);
  // The fault: the upstream's window is spent for the next 60 s (others spent it: it says so, then refuses).
  rig.front.window.remaining = 0;
  expect((await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" })).isError).not.toBe(true);
  rig.front.refuseNext(1, 60);
  const pending = callTool(client, "get_latest", { symbol: "RTM-SEA-A-1x3" });
  // The wait is bounded by the queue's 4 s; the clock moves it along.
  let settled = false;
  void pending.finally(() => (settled = true));
  for (let i = 0; i < 50 && !settled; i += 1) await rig.clock.advance(500);
  const refused = await pending;
  // More went than the gateway's sends explain: one request looked, and the upstream refused it. Nothing more went.
  expect(rig.front.seen.slice(2)).toEqual([{ path: "/api/v1/index/RTM-SEA-A-1x3/latest", status: 429 }]);
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toMatch(/budget.*Retry after \d+ s \(at \d{4}-\d\d-\d\dT/);
  const metrics = await (await fetch(`${rig.gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/index_gateway_mcp_tool_calls_total\{tool="get_latest",outcome="refused"\} 1/);
  await client.close();
});
