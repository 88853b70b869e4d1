import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mcpSettleMs } from "../../gateway/src/compose";
import { makeDesk } from "./support/desk";
import { startDeskGateway, type DeskGateway } from "./support/desk-gateway";
import { pollUntil } from "./support/poll";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";

/**
 * Every /mcp request ends: an upstream that never answers cannot keep a call open past the settle bound (the gateway's
 * fake clock moves it), and the requests open at once are bounded per user and in all, counted in /metrics. The
 * upstream here takes every request and never answers it; its own timeout (real time) is set far beyond the test.
 */
const USERS = 33;
const desk = makeDesk(Array.from({ length: USERS }, (_, i) => `agent${i}`));
const tokenOf = (i: number) => desk.tokens[`agent${i}`] ?? "";
const PER_USER = 16;
const IN_ALL = 500;
const OPTIONS = { upstreamTimeoutMs: 600_000, mcpLimits: { maxOpen: IN_ALL } } as const;
const SETTLE_MS = mcpSettleMs(OPTIONS);

let silent: Server;
/** The path of every request the upstream took (and never answered). */
const taken: string[] = [];
let rig: DeskGateway;

beforeAll(async () => {
  silent = createServer((request) => void taken.push(request.url ?? ""));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const upstream = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  rig = await startDeskGateway(desk, upstream, OPTIONS);
});
afterAll(async () => {
  silent.closeAllConnections();
  await rig?.gateway.close();
  await new Promise((resolve) => silent.close(resolve));
});

/** A tools/call as a 2025-11-25 client sends it after its handshake (no session: any replica answers it). */
function call(user: number, id: number, symbol: string): Promise<Response> {
  return fetch(`${rig.gateway.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokenOf(user)}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "get_latest", arguments: { symbol } },
    }),
  });
}

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parsePrometheusText(await (await fetch(`${rig.gateway.url}/metrics`)).text()), name, labels);
}

interface Ended {
  readonly status: number;
  readonly body: { error?: { code: number; message: string }; result?: { isError?: boolean } };
}
const ended = async (answer: Promise<Response>): Promise<Ended> => {
  const response = await answer;
  return { status: response.status, body: (await response.json()) as Ended["body"] };
};

test("a call whose upstream never answers ends with a JSON-RPC error at the settle bound, not before", async () => {
  let settled = false;
  const pending = ended(call(0, 7, "HANG-ONE")).finally(() => (settled = true));
  // The fault: the upstream took the gateway's request and will never answer it.
  await pollUntil("the upstream took the request", () => taken.includes("/api/v1/index/HANG-ONE/latest"));
  expect(await metric("index_gateway_mcp_open_requests")).toBe(1);
  await rig.clock.advance(SETTLE_MS - 1);
  expect(settled).toBe(false);
  await rig.clock.advance(1);
  const answer = await pending;
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    jsonrpc: "2.0",
    id: 7,
    error: {
      code: -32001,
      message: `The gateway gave up on this request after ${Math.round(SETTLE_MS / 1000)} s: the Index Data Service did not answer in time. Try again later.`,
    },
  });
  expect(await metric("index_gateway_mcp_open_requests")).toBe(0);
  expect(await metric("index_gateway_mcp_timed_out_total")).toBe(1);
});

test("500 calls stranded at once all end with an error by the settle bound; the caps refuse the rest; the gauge returns to 0", async () => {
  const timedOutBefore = await metric("index_gateway_mcp_timed_out_total");
  // 500 calls over 32 users (at most 16 each), each for a resource of its own.
  const users = Math.ceil(IN_ALL / PER_USER);
  const calls = Array.from({ length: IN_ALL }, (_, i) => ended(call(i % users, i, `HANG-${i}`)));
  await pollUntil("every call is open", async () => (await metric("index_gateway_mcp_open_requests")) === IN_ALL);
  // A user with 16 open gets 429; anyone past the 500 in all gets 503; both say when to retry.
  const user = await call(0, 1000, "HANG-USER");
  expect([user.status, user.headers.get("retry-after")]).toEqual([429, "1"]);
  const desk = await call(users, 1001, "HANG-DESK");
  expect([desk.status, desk.headers.get("retry-after")]).toEqual([503, "5"]);
  expect(await metric("index_gateway_mcp_refused_total", { reason: "user_cap" })).toBe(1);
  expect(await metric("index_gateway_mcp_refused_total", { reason: "desk_cap" })).toBe(1);

  await rig.clock.advance(SETTLE_MS);
  const answers = await Promise.all(calls);
  // Each ended in error: the gateway's JSON-RPC error at the bound, or (where the budget had no room for a send) the
  // tool's own error result before it. None answered a value, none is still open.
  const timedOut = answers.filter((answer) => answer.body.error?.code === -32001);
  const refused = answers.filter((answer) => answer.body.result?.isError === true);
  expect(timedOut.length + refused.length).toBe(IN_ALL);
  expect(timedOut.length).toBeGreaterThan(0);
  expect(await metric("index_gateway_mcp_timed_out_total")).toBe(timedOutBefore + timedOut.length);
  expect(await metric("index_gateway_mcp_open_requests")).toBe(0);
});
