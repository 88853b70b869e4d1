import { DEMO_KEYS, startReferenceService } from "../../reference-service/src";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { mcpRig } from "./support/mcp-rig";
import { callTool, mcpClient, textOf } from "./support/mcp-client";
import { checkConcurrentCalls, checkEveryTool, checkHeldIsFree, checkToolList, FLAGSHIP } from "./support/mcp-checks";

/**
 * /mcp in this process, on a fake clock, in front of the reference service: the SDK's own Client over its Streamable
 * HTTP transport. Headline cases run against the installed package too (mcp-package.test.ts).
 */
const desk = makeDesk(["alice", "bob", ...Array.from({ length: 8 }, (_, i) => `trader${i}`)]);
const rig = mcpRig(desk);

const token = (who: string) => desk.tokens[who] ?? "";
const upstreamCount = () => rig.service.requests.length;
/** The audit trail has a line of `user`'s call of `tool` for `resource`, served from the gateway's cache. */
const expectAuditedHit = (user: string, tool: string, resource: string) =>
  expect(rig.log.lines).toContainEqual(
    expect.objectContaining({ audit: "tool-call", user, tool, resource, cacheStatus: "hit" }),
  );

test("lists eleven read-only tools, each with input and output schemas, and the two documents", async () => {
  await checkToolList(rig.gateway.url, token("alice"));
});

test("every tool answers with the reference service's own values, each with its provenance", async () => {
  await checkEveryTool(rig.gateway.url, token("alice"), rig.service);
});

test("get_methodology answers the older description's methodology, and its document reads the same", async () => {
  const older = await startReferenceService({ flavor: "older" });
  const olderDesk = await startDeskGateway(desk, older.url, { upstreamKey: DEMO_KEYS.apiKey });
  try {
    const client = await mcpClient(olderDesk.gateway.url, token("alice"));
    const result = await callTool(client, "get_methodology");
    const own = (await (
      await fetch(`${older.url}/api/v1/methodology`, { headers: { "x-api-key": DEMO_KEYS.apiKey } })
    ).json()) as { version: string; publishedAt: string };
    expect(result.structuredContent).toMatchObject({
      version: own.version,
      provenance: { asOf: own.publishedAt },
    });
    // The document a part per item, every part on its one page.
    const document = await client.readResource({ uri: "index-data://methodology" });
    const first = document.contents[0] as { text: string };
    const page = JSON.parse(first.text) as { items: Array<{ part: string; value: unknown }>; next: string | null };
    expect(page.items).toContainEqual({ part: "version", value: own.version });
    expect(page.next).toBeNull();
    await client.close();
  } finally {
    await olderDesk.gateway.close();
    await older.close();
  }
});

test("a call for a resource the gateway holds costs no upstream request, is a hit, counted and audited", async () => {
  await checkHeldIsFree(rig.gateway.url, token("bob"), upstreamCount);
  const metrics = await (await fetch(`${rig.gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/index_gateway_mcp_tool_calls_total\{tool="get_latest",outcome="hit"\} [1-9]/);
  // The audit trail names the user, the tool and the resource.
  expectAuditedHit("bob", "get_latest", "/api/v1/index/RTM-NWE-B-1x3/latest");
});

test("a document's read is counted and audited like a tool call, and a second costs no upstream request", async () => {
  const client = await mcpClient(rig.gateway.url, token("alice"));
  const first = await client.readResource({ uri: "index-data://catalogue" });
  const before = upstreamCount();
  const second = await client.readResource({ uri: "index-data://catalogue" });
  expect(upstreamCount()).toBe(before);
  expect(second.contents).toEqual(first.contents);
  await client.close();
  const metrics = await (await fetch(`${rig.gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/index_gateway_mcp_document_reads_total\{document="catalogue",outcome="hit"\} [1-9]/);
  expectAuditedHit("alice", "index-data://catalogue", "/api/v1/indexes");
});

test("100 concurrent calls of 10 users all succeed; the upstream sees no more requests than resources", async () => {
  await checkConcurrentCalls(rig.gateway.url, Object.values(desk.tokens), upstreamCount);
});

test("a missing or unknown token gets 401 naming the resource metadata; the metadata is open", async () => {
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: {} };
  for (const headers of [{}, { authorization: "Bearer idg_not-a-token" }]) {
    const response = await fetch(`${rig.gateway.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${rig.gateway.url}/.well-known/oauth-protected-resource"`,
    );
  }
  const metadata = await fetch(`${rig.gateway.url}/.well-known/oauth-protected-resource`);
  expect(metadata.status).toBe(200);
  expect(await metadata.json()).toMatchObject({
    resource: `${rig.gateway.url}/mcp`,
    bearer_methods_supported: ["header"],
  });
});

test("hostile input stays inert: path characters, a 1 MB argument, unknown tools, bad JSON-RPC", async () => {
  const client = await mcpClient(rig.gateway.url, token("alice"));
  const before = upstreamCount();
  const bad = await callTool(client, "get_latest", { symbol: "../../admin" });
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toMatch(/symbol/i);
  const huge = await callTool(client, "get_latest", { symbol: "A".repeat(1024 * 1024) }).catch((error: Error) => error);
  expect(huge instanceof Error || huge.isError === true).toBe(true);
  const unknown = await callTool(client, "drop_tables", {}).catch((error: Error) => error);
  expect(unknown instanceof Error ? unknown.message : textOf(unknown)).toMatch(/not found|drop_tables/i);
  const dates = await callTool(client, "get_history", { symbol: FLAGSHIP, start: "last tuesday" });
  expect(dates.isError).toBe(true);
  expect(textOf(dates)).toMatch(/-6M/);
  expect(upstreamCount() - before).toBe(0);
  const garbled = await fetch(`${rig.gateway.url}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token("alice")}`, "content-type": "application/json" },
    body: "{not json",
  });
  expect(garbled.status).toBe(400);
  // The client still works after all of it.
  expect((await callTool(client, "get_latest", { symbol: FLAGSHIP })).isError).not.toBe(true);
  await client.close();
});

test("history is at most 500 points a call, says it was cut and how to ask for the rest; monthly too", async () => {
  const client = await mcpClient(rig.gateway.url, token("alice"));
  const long = await callTool(client, "get_history", { symbol: FLAGSHIP, start: "-5Y" });
  const content = long.structuredContent as {
    points: Array<{ date: string }>;
    available: number;
    truncated: boolean;
    rest: string | null;
  };
  expect(content.available).toBeGreaterThan(500);
  expect(content.points).toHaveLength(500);
  expect(content.truncated).toBe(true);
  expect(content.rest).toMatch(/end="\d{4}-\d\d-\d\d"/);
  expect(textOf(long)).toContain(content.rest ?? "?");
  expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(100 * 1024);
  // The rest, as the result says to ask for it: the points before the first one returned.
  const end = /end="([\d-]+)"/.exec(content.rest ?? "")?.[1];
  const earlier = await callTool(client, "get_history", { symbol: FLAGSHIP, start: "-5Y", end });
  const before = (earlier.structuredContent as { points: Array<{ date: string }> }).points;
  expect(before.length).toBeGreaterThan(0);
  expect((before[before.length - 1]?.date ?? "").slice(0, 10) < (content.points[0]?.date ?? "").slice(0, 10)).toBe(
    true,
  );
  const monthly = await callTool(client, "get_history", { symbol: FLAGSHIP, start: "-5Y", granularity: "monthly" });
  const months = (monthly.structuredContent as { points: Array<{ date: string }> }).points.map((p) =>
    p.date.slice(0, 7),
  );
  expect(months.length).toBeGreaterThan(12);
  expect(new Set(months).size).toBe(months.length);
  await client.close();
});
