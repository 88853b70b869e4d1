import { DEMO_KEYS, startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import type { RunningGateway } from "../../gateway/src";
import type { FakeClock } from "../support/fake-clock";
import { makeDesk } from "./support/desk";
import { startDeskGateway } from "./support/desk-gateway";
import { callTool, mcpClient, textOf } from "./support/mcp-client";
import { capturedLog } from "./support/captured-log";

/**
 * /mcp in this process, on a fake clock, in front of the reference service: the SDK's own Client over its Streamable
 * HTTP transport. Headline cases run against the installed package too (mcp-package.test.ts).
 */
const desk = makeDesk(["alice", "bob"]);
const FLAGSHIP = "RTM-NWE-A-1x3";
const TOOLS = [
  "search_indexes",
  "get_latest",
  "get_history",
  "get_volatility",
  "get_forward_curve",
  "get_capacity",
  "get_period_stats",
  "get_benchmark_health",
  "get_methodology",
];
const log = capturedLog();
let service: RunningReferenceService;
let gateway: RunningGateway;
let clock: FakeClock;

beforeAll(async () => {
  service = await startReferenceService();
  ({ gateway, clock } = await startDeskGateway(desk, service.url, {
    upstreamKey: DEMO_KEYS.apiKey,
    logger: { level: "info", stream: log.stream },
  }));
});
afterAll(async () => {
  await gateway?.close();
  await service?.close();
});

/** The reference service's own answer, asked directly with the desk's key. */
async function direct(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}${path}`, { headers: { "x-api-key": DEMO_KEYS.apiKey } });
  return (await response.json()) as Record<string, unknown>;
}

/** A tool's structured content, read loosely: the test compares its figures with the service's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the nine output shapes, read field by field
type Structured = Record<string, any>;

const token = (who: string) => desk.tokens[who] ?? "";
const upstreamCount = () => service.requests.length;

test("lists nine read-only tools, each with input and output schemas, and the two documents", async () => {
  const client = await mcpClient(gateway.url, token("alice"));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
  for (const tool of tools) {
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(tool.outputSchema?.type).toBe("object");
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.description).toMatch(/provenance/);
  }
  const history = tools.find((tool) => tool.name === "get_history");
  // Words and choices from the function table: the granularity's choices, and the relative date forms.
  expect(JSON.stringify(history?.inputSchema)).toContain('"weekly"');
  expect(JSON.stringify(history?.inputSchema)).toContain("-6M");
  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri).sort()).toEqual([
    "index-data://catalogue",
    "index-data://methodology",
  ]);
  await client.close();
});

test("every tool answers with the reference service's own values, each with its provenance", async () => {
  const client = await mcpClient(gateway.url, token("alice"));
  const results = Object.fromEntries(
    await Promise.all(
      TOOLS.map(async (name) => {
        const args = ["search_indexes", "get_benchmark_health", "get_methodology"].includes(name)
          ? {}
          : { symbol: FLAGSHIP };
        const result = await callTool(client, name, args);
        // The newer description publishes no methodology: the service's own 404, said to the agent (see below).
        expect(result.isError === true).toBe(name === "get_methodology");
        expect(textOf(result).length).toBeGreaterThan(10);
        return [name, result.structuredContent as Structured] as const;
      }),
    ),
  );
  const latest = await direct(`/api/v1/index/${FLAGSHIP}/latest`);
  expect(results["get_latest"]).toMatchObject({
    symbol: FLAGSHIP,
    value: latest["value"],
    provenance: {
      asOf: latest["asOf"],
      confidence: latest["confidence"],
      status: latest["status"],
      carriedForwardFrom: latest["carriedForwardFrom"] ?? null,
    },
  });
  const history = (await direct(`/api/v1/index/${FLAGSHIP}/history`)) as { values: Array<Record<string, unknown>> };
  expect(results["get_history"]?.points.map((p: { value: number }) => p.value)).toEqual(
    history.values.map((p) => p["value"]),
  );
  expect(results["get_history"]?.points[0].provenance.confidence).toBe(history.values[0]?.["confidence"]);
  const vol = await direct(`/api/v1/index/${FLAGSHIP}/volatility`);
  expect(results["get_volatility"]?.annualizedVol).toBe(vol["annualizedVol"]);
  const forward = (await direct(`/api/v1/index/${FLAGSHIP}/forward`)) as { spotPrice: number; curve: unknown[] };
  expect(results["get_forward_curve"]?.spotPrice).toBe(forward.spotPrice);
  expect(results["get_forward_curve"]?.curve).toHaveLength(forward.curve.length);
  const capacity = await direct(`/api/v1/index/${FLAGSHIP}/capacity-metrics`);
  expect(results["get_capacity"]?.fillRatio).toBe(capacity["fillRatio"]);
  const health = await direct("/api/v1/benchmark/health");
  expect(results["get_benchmark_health"]?.benchmarkStatus).toBe(health["benchmarkStatus"]);
  const catalogue = (await direct("/api/v1/indexes")) as { indexes: Array<{ symbol: string }> };
  expect(results["search_indexes"]?.indexes.map((i: { symbol: string }) => i.symbol)).toEqual(
    catalogue.indexes.map((i) => i.symbol),
  );
  // Period statistics from the same history: the last period's last value is the history's last value.
  const periods = results["get_period_stats"]?.periods as Array<{ stats: { last: number | null } }>;
  expect(periods.length).toBeGreaterThan(0);
  for (const [tool, content] of Object.entries(results))
    if (tool !== "get_methodology") expect(JSON.stringify(content)).toMatch(/"provenance":\{"asOf":/);
  await client.close();
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
    const document = await client.readResource({ uri: "index-data://methodology" });
    const first = document.contents[0] as { text: string };
    expect(JSON.parse(first.text)).toMatchObject({ version: own.version });
    await client.close();
  } finally {
    await olderDesk.gateway.close();
    await older.close();
  }
});

test("a call for a resource the gateway holds costs no upstream request, and is a hit", async () => {
  const client = await mcpClient(gateway.url, token("bob"));
  await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" });
  const before = upstreamCount();
  const again = await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" });
  expect(upstreamCount() - before).toBe(0);
  expect((again.structuredContent as { served: { cache: string } }).served.cache).toBe("hit");
  const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
  expect(metrics).toMatch(/index_gateway_mcp_tool_calls_total\{tool="get_latest",outcome="hit"\} [1-9]/);
  // The audit trail names the user, the tool and the resource.
  expect(log.lines).toContainEqual(
    expect.objectContaining({
      audit: "tool-call",
      user: "bob",
      tool: "get_latest",
      resource: "/api/v1/index/RTM-NWE-B-1x3/latest",
      cacheStatus: "hit",
    }),
  );
  await client.close();
});

test("100 concurrent calls over 10 sessions all succeed; the upstream sees no more requests than resources", async () => {
  const clients = await Promise.all(
    Array.from({ length: 10 }, (_, i) => mcpClient(gateway.url, token(i % 2 === 0 ? "alice" : "bob"))),
  );
  const windows = [11, 12, 13, 14, 15];
  const before = upstreamCount();
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      callTool(clients[i % 10]!, "get_volatility", { symbol: "RTM-NWE-A-4x6", windowDays: windows[i % 5] }),
    ),
  );
  expect(results.filter((result) => result.isError === true)).toEqual([]);
  // Five volatility resources and the one latest fix they share.
  expect(upstreamCount() - before).toBeLessThanOrEqual(windows.length + 1);
  await Promise.all(clients.map((client) => client.close()));
});

test("a missing or unknown token gets 401 naming the resource metadata; the metadata is open", async () => {
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: {} };
  for (const headers of [{}, { authorization: "Bearer idg_not-a-token" }]) {
    const response = await fetch(`${gateway.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${gateway.url}/.well-known/oauth-protected-resource"`,
    );
  }
  const metadata = await fetch(`${gateway.url}/.well-known/oauth-protected-resource`);
  expect(metadata.status).toBe(200);
  expect(await metadata.json()).toMatchObject({ resource: `${gateway.url}/mcp`, bearer_methods_supported: ["header"] });
});

test("hostile input stays inert: path characters, a 1 MB argument, unknown tools, bad JSON-RPC", async () => {
  const client = await mcpClient(gateway.url, token("alice"));
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
  const garbled = await fetch(`${gateway.url}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token("alice")}`, "content-type": "application/json" },
    body: "{not json",
  });
  expect(garbled.status).toBe(400);
  // The client still works after all of it.
  expect((await callTool(client, "get_latest", { symbol: FLAGSHIP })).isError).not.toBe(true);
  await client.close();
});

test("sessions are bounded: a user's oldest goes past the per-user cap, and an idle one expires", async () => {
  const first = await mcpClient(gateway.url, token("bob"));
  const more = [];
  for (let i = 0; i < 40; i += 1) more.push(await mcpClient(gateway.url, token("bob")));
  await expect(callTool(first, "get_methodology")).rejects.toThrow(/404|Session not found/);
  const last = more[more.length - 1]!;
  expect((await callTool(last, "get_latest", { symbol: FLAGSHIP })).isError).not.toBe(true);
  await clock.advance(31 * 60_000);
  await expect(callTool(last, "get_latest", { symbol: FLAGSHIP })).rejects.toThrow(/404|Session not found/);
});
