import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { DEMO_KEYS } from "../../reference-service/src";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { TOOLS } from "./support/mcp-checks";
import { mcpRig } from "./support/mcp-rig";

/**
 * /mcp at its edges, as a desk meets them: the gateway's cap of 1,000 sessions in all (a thousand sessions is hostile
 * input, issue 40), the one-line request log of every /mcp request, and the public URL its OAuth metadata names behind
 * a proxy. Raw HTTP, as a client that is not the SDK would send it; the gateway keeps time by a fake clock.
 */
const MAX_SESSIONS = 1000;
const PER_USER = 16;
// Enough traders that the per-user cap never closes a session before the cap of all is reached.
const desk = makeDesk(Array.from({ length: Math.ceil(MAX_SESSIONS / PER_USER) + 1 }, (_, i) => `trader${i}`));
const rig = mcpRig(desk);

const tokenOf = (i: number) => desk.tokens[`trader${i}`] ?? "";
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** An MCP request as any client sends it; `session`: the Mcp-Session-Id initialize gave. */
function post(gatewayUrl: string, token: string, body: unknown, session?: string): Promise<Response> {
  return fetch(`${gatewayUrl}/mcp`, {
    method: "POST",
    headers: {
      ...HEADERS,
      authorization: `Bearer ${token}`,
      ...(session !== undefined ? { "mcp-session-id": session, "mcp-protocol-version": LATEST_PROTOCOL_VERSION } : {}),
    },
    body: JSON.stringify(body),
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

/** Opens a session for trader `i`: the response, and its session id. */
async function open(i: number): Promise<{ response: Response; session: string | null }> {
  const response = await post(rig.gateway.url, tokenOf(i), initialize);
  return { response, session: response.headers.get("mcp-session-id") };
}

test("a thousand sessions fill the gateway: the next is refused with 503 and when to retry, the open ones still work", async () => {
  const sessions: string[] = [];
  // In batches, as a crowd of clients would arrive: each trader at most PER_USER.
  for (let start = 0; start < MAX_SESSIONS; start += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, k) => open(Math.floor((start + k) / PER_USER))));
    for (const { response, session } of batch) {
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      sessions.push(session ?? "");
    }
  }
  expect(new Set(sessions).size).toBe(MAX_SESSIONS);

  // The fault: the gateway answered the 1,001st with its refusal, a JSON-RPC error, not a hang or a crash.
  const last = Math.ceil(MAX_SESSIONS / PER_USER);
  const refused = await open(last);
  expect(refused.response.status).toBe(503);
  expect(refused.response.headers.get("retry-after")).toBe("60");
  expect(refused.session).toBeNull();
  expect(await refused.response.json()).toEqual({
    jsonrpc: "2.0",
    error: { code: -32000, message: "The gateway holds as many MCP sessions as it may: try again in a minute." },
    id: null,
  });

  // Every open session still answers: the first, and the newest.
  for (const [i, session] of [
    [0, sessions[0]],
    [Math.floor((MAX_SESSIONS - 1) / PER_USER), sessions[MAX_SESSIONS - 1]],
  ] as const) {
    const answer = await post(rig.gateway.url, tokenOf(i), toolsList, session);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOLS.length);
  }
  // No upstream request was made for any of it.
  expect(rig.service.requests).toHaveLength(0);

  // Sessions left idle past 30 minutes are closed: room again, without a restart.
  await rig.clock.advance(31 * 60_000);
  const again = await open(last);
  expect(again.response.status).toBe(200);
  expect(again.session).toMatch(/^[0-9a-f-]{36}$/);
});

test("every /mcp request leaves the gateway's one log line: who, the path, the status; never the token", async () => {
  const { response, session } = await open(1);
  expect(response.status).toBe(200);
  const listed = await post(rig.gateway.url, tokenOf(1), toolsList, session ?? "");
  expect(listed.status).toBe(200);
  const refused = await post(rig.gateway.url, "idg_not-a-token", toolsList);
  expect(refused.status).toBe(401);
  const lines = rig.log.lines.filter((line) => line["msg"] === "request" && line["url"] === "/mcp");
  expect(lines.slice(-3).map((line) => [line["user"], line["method"], line["status"]])).toEqual([
    ["trader1", "POST", 200],
    ["trader1", "POST", 200],
    [null, "POST", 401],
  ]);
  expect(rig.log.raw.join("\n")).not.toContain(tokenOf(1));
});

describe("the OAuth metadata's origin", () => {
  const unauthenticated = (gatewayUrl: string, host?: string) =>
    fetch(`${gatewayUrl}/mcp`, {
      method: "POST",
      headers: { ...HEADERS, ...(host !== undefined ? { host } : {}) },
      body: JSON.stringify(initialize),
    });

  it("is --public-url's behind a proxy, whatever Host a request gives", async () => {
    const PUBLIC = "https://rig.gateway.desk.example.com";
    const behind = await startDeskGateway(desk, rig.service.url, { upstreamKey: DEMO_KEYS.apiKey, publicUrl: PUBLIC });
    try {
      for (const host of [undefined, "evil.example"]) {
        const refused = await unauthenticated(behind.gateway.url, host);
        expect(refused.status).toBe(401);
        expect(refused.headers.get("www-authenticate")).toBe(
          `Bearer resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource"`,
        );
        const metadata = await fetch(`${behind.gateway.url}/.well-known/oauth-protected-resource`, {
          headers: host !== undefined ? { host } : {},
        });
        expect(await metadata.json()).toMatchObject({ resource: `${PUBLIC}/mcp` });
        expect(metadata.headers.get("vary")).toBeNull();
      }
    } finally {
      await behind.gateway.close();
    }
  });

  it("is the request's own without one, and the metadata says it varies by Host", async () => {
    const metadata = await fetch(`${rig.gateway.url}/.well-known/oauth-protected-resource`);
    expect(await metadata.json()).toMatchObject({ resource: `${rig.gateway.url}/mcp` });
    expect(metadata.headers.get("vary")).toMatch(/host/i);
    // Beside the CORS plugin's Origin, not in its place.
    const ADDIN = "https://addin.example.com";
    const open = await startDeskGateway(desk, rig.service.url, {
      upstreamKey: DEMO_KEYS.apiKey,
      allowOrigins: [ADDIN],
    });
    try {
      const cors = await fetch(`${open.gateway.url}/.well-known/oauth-protected-resource`, {
        headers: { origin: ADDIN },
      });
      expect(cors.headers.get("access-control-allow-origin")).toBe(ADDIN);
      expect(cors.headers.get("vary")?.toLowerCase().split(/,\s*/).sort()).toEqual(["host", "origin"]);
    } finally {
      await open.gateway.close();
    }
  });
});
