import { request as httpRequest } from "node:http";
import { DEMO_KEYS } from "../../reference-service/src";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { TOOLS } from "./support/mcp-checks";
import { mcpRig } from "./support/mcp-rig";
import { parsePrometheusText, sampleValue } from "./support/prometheus-text";

/**
 * /mcp at its edges, as the MCP specification's MUSTs put them: the Origin of a page (403 unless --allow-origin lists
 * it), the Host a request names (never made into a URL or header: without --public-url only the address the gateway
 * listens on), no sessions (any replica answers; GET and DELETE have nothing to serve), and the one log line of every
 * request. Raw HTTP, as a client that is not the SDK would send it.
 */
const desk = makeDesk(["alice"]);
const rig = mcpRig(desk);

const token = desk.tokens["alice"] ?? "";
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const ADDIN = "https://addin.example.com";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

/** A POST to /mcp with the given extra headers (a bearer token unless `authorization` is given as ""). */
function post(gatewayUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const { authorization = `Bearer ${token}`, ...rest } = headers;
  return fetch(`${gatewayUrl}/mcp`, {
    method: "POST",
    headers: { ...HEADERS, ...(authorization === "" ? {} : { authorization }), ...rest },
    body: JSON.stringify(body),
  });
}

/** What a request with this very Host header gets (fetch writes the URL's own Host over any given). */
function withHost(
  url: string,
  host: string,
  method: "GET" | "POST",
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers: { ...HEADERS, ...headers, host } }, (answer) => {
      let text = "";
      answer.on("data", (chunk: Buffer) => (text += chunk.toString()));
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, json: JSON.parse(text || "null") }),
      );
    });
    sent.on("error", reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function refusals(gatewayUrl: string, reason: string): Promise<number> {
  const samples = parsePrometheusText(await (await fetch(`${gatewayUrl}/metrics`)).text());
  return sampleValue(samples, "index_gateway_mcp_refused_total", { reason });
}

describe("Origin", () => {
  it("no Origin, or one --allow-origin lists, is answered; a page of any other origin gets 403", async () => {
    const allowing = await startDeskGateway(desk, rig.service.url, {
      upstreamKey: DEMO_KEYS.apiKey,
      allowOrigins: [ADDIN],
    });
    try {
      const url = allowing.gateway.url;
      for (const headers of [{}, { origin: ADDIN }]) expect((await post(url, initialize, headers)).status).toBe(200);
      for (const origin of ["https://evil.example", "null", `${ADDIN}.evil.example`, "http://addin.example.com"]) {
        const refused = await post(url, initialize, { origin });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({
          jsonrpc: "2.0",
          error: {
            code: -32000,
            message:
              "This gateway answers no page of this origin: its administrator adds the page's origin to the gateway's allowed origins.",
          },
          id: null,
        });
      }
      expect(await refusals(url, "origin")).toBe(4);
      // Nothing of the MCP server was reached: no upstream request either.
      expect(rig.service.requests).toHaveLength(0);
    } finally {
      await allowing.gateway.close();
    }
  });
});

describe("Host", () => {
  const INJECTED = 'x", error="insufficient_scope';

  it("without --public-url the gateway names itself by its listening address, never by a Host it was sent", async () => {
    const metadataUrl = `${rig.gateway.url}/.well-known/oauth-protected-resource`;
    const own = await fetch(metadataUrl);
    expect(await own.json()).toMatchObject({ resource: `${rig.gateway.url}/mcp` });
    const port = new URL(rig.gateway.url).port;
    // localhost names the loopback address it listens on: the gateway's own name, not the header's bytes.
    const local = await withHost(metadataUrl, `LOCALHOST:${port}`, "GET");
    expect(local.json).toMatchObject({ resource: `http://localhost:${port}/mcp` });
    const unsigned = await post(rig.gateway.url, initialize, { authorization: "" });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl}"`);
  });

  it("another Host is refused (421), and an injected one reaches no header: the 401 names no metadata", async () => {
    const mcp = `${rig.gateway.url}/mcp`;
    for (const host of ["evil.example", INJECTED, `127.0.0.2:${new URL(rig.gateway.url).port}`]) {
      const refused = await withHost(mcp, host, "POST", initialize, { authorization: `Bearer ${token}` });
      expect(refused.status).toBe(421);
      expect((refused.json as { message: string }).message).toBe(
        `This gateway names itself by the address it listens on: use ${mcp}, or start it with --public-url.`,
      );
      const metadata = await withHost(`${rig.gateway.url}/.well-known/oauth-protected-resource`, host, "GET");
      expect(metadata.status).toBe(421);
      const unsigned = await withHost(mcp, host, "POST", initialize);
      expect(unsigned.status).toBe(401);
      expect(unsigned.headers["www-authenticate"]).toBe("Bearer");
    }
    expect(await refusals(rig.gateway.url, "host")).toBe(6);
  });

  it("with --public-url every Host is the proxy's hop: the public origin is named, the Host never", async () => {
    const PUBLIC = "https://rig.gateway.desk.example.com";
    const behind = await startDeskGateway(desk, rig.service.url, { upstreamKey: DEMO_KEYS.apiKey, publicUrl: PUBLIC });
    try {
      const mcp = `${behind.gateway.url}/mcp`;
      for (const host of [new URL(behind.gateway.url).host, "evil.example", INJECTED]) {
        const refused = await withHost(mcp, host, "POST", initialize);
        expect(refused.status).toBe(401);
        expect(refused.headers["www-authenticate"]).toBe(
          `Bearer resource_metadata="${PUBLIC}/.well-known/oauth-protected-resource"`,
        );
        const metadata = await withHost(`${behind.gateway.url}/.well-known/oauth-protected-resource`, host, "GET");
        expect(metadata.json).toMatchObject({ resource: `${PUBLIC}/mcp` });
        expect(metadata.headers["vary"]).toBeUndefined();
        const answered = await withHost(mcp, host, "POST", initialize, { authorization: `Bearer ${token}` });
        expect(answered.status).toBe(200);
      }
    } finally {
      await behind.gateway.close();
    }
  });
});

describe("no sessions", () => {
  it("initialize gives no session id; a request with any session id, or none, is answered; GET and DELETE are 405", async () => {
    const opened = await post(rig.gateway.url, initialize);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("mcp-session-id")).toBeNull();
    for (const session of [{}, { "mcp-session-id": "from-another-replica-or-a-restart" }]) {
      const listed = await post(rig.gateway.url, toolsList, { "mcp-protocol-version": "2025-11-25", ...session });
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOLS.length);
    }
    for (const method of ["GET", "DELETE"]) {
      const answer = await fetch(`${rig.gateway.url}/mcp`, {
        method,
        headers: { authorization: `Bearer ${token}`, "mcp-session-id": "x" },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });

  it("every /mcp request leaves the gateway's one log line: who, the path, the status; never the token", async () => {
    expect((await post(rig.gateway.url, initialize)).status).toBe(200);
    expect((await post(rig.gateway.url, toolsList, { "mcp-protocol-version": "2025-11-25" })).status).toBe(200);
    expect((await post(rig.gateway.url, toolsList, { authorization: "Bearer idg_not-a-token" })).status).toBe(401);
    const lines = rig.log.lines.filter((line) => line["msg"] === "request" && line["url"] === "/mcp");
    expect(lines.slice(-3).map((line) => [line["user"], line["method"], line["status"]])).toEqual([
      ["alice", "POST", 200],
      ["alice", "POST", 200],
      [null, "POST", 401],
    ]);
    expect(rig.log.raw.join("\n")).not.toContain(token);
  });

  it("a body that is not JSON is refused as such: 415 for another type, 400 for broken JSON", async () => {
    const typed = await fetch(`${rig.gateway.url}/mcp`, {
      method: "POST",
      headers: { ...HEADERS, "content-type": "text/plain", authorization: `Bearer ${token}` },
      body: JSON.stringify(toolsList),
    });
    expect(typed.status).toBe(415);
    const broken = await fetch(`${rig.gateway.url}/mcp`, {
      method: "POST",
      headers: { ...HEADERS, authorization: `Bearer ${token}` },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
  });
});
