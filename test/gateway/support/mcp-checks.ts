import type { RunningReferenceService } from "../../../reference-service/src";
import { DEMO_KEYS } from "../../../reference-service/src";
import AGENT_TOOLS from "../../../scripts/addin/agent-tools.generated.json";
import { callTool, mcpClient, textOf } from "./mcp-client";

/**
 * What issue 40's "done when" asks of /mcp, as checks run both in this process (mcp.test.ts) and against the installed
 * package in plain node (package.test.ts): the tools listed and each called, their values the reference service's
 * own, a held resource free, and 100 concurrent calls of 10 users costing at most one send per resource.
 */
export const FLAGSHIP = "RTM-NWE-A-1x3";
/** The gateway's tools, in the order its tools/list gives them (the generator's order). */
export const TOOLS = [
  "search_indexes",
  "get_latest",
  "get_history",
  "get_period_stats",
  "get_change",
  "get_volatility",
  "get_forward_curve",
  "get_capacity",
  "get_benchmark_health",
  "get_methodology",
];

/** A tool's structured content, read loosely: the test compares its figures with the service's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ten output shapes, read field by field
type Structured = Record<string, any>;

/** The reference service's own answer, asked directly with the desk's key. */
async function direct(service: RunningReferenceService, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}${path}`, { headers: { "x-api-key": DEMO_KEYS.apiKey } });
  return (await response.json()) as Record<string, unknown>;
}

/** Lists the tools (each read-only, with both schemas, words from the function table) and the two documents. */
export async function checkToolList(gatewayUrl: string, token: string): Promise<void> {
  const client = await mcpClient(gatewayUrl, token);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
  for (const tool of tools) {
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(tool.outputSchema?.type).toBe("object");
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.description).toMatch(/provenance/);
  }
  // The Copilot agent's plugin (the app package) names these very tools, arguments and choices: its list is the
  // gateway's tools/list, less the output schemas.
  expect(AGENT_TOOLS).toEqual(tools.map(({ outputSchema: _output, ...tool }) => tool));
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
}

/** Calls every tool; each value is the reference service's own (the newer description: no methodology). */
export async function checkEveryTool(
  gatewayUrl: string,
  token: string,
  service: RunningReferenceService,
): Promise<void> {
  const client = await mcpClient(gatewayUrl, token);
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
  const latest = await direct(service, `/api/v1/index/${FLAGSHIP}/latest`);
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
  const history = (await direct(service, `/api/v1/index/${FLAGSHIP}/history`)) as {
    values: Array<Record<string, unknown>>;
  };
  expect(results["get_history"]?.points.map((p: { value: number }) => p.value)).toEqual(
    history.values.map((p) => p["value"]),
  );
  expect(results["get_history"]?.points[0].provenance.confidence).toBe(history.values[0]?.["confidence"]);
  const vol = await direct(service, `/api/v1/index/${FLAGSHIP}/volatility`);
  expect(results["get_volatility"]?.annualizedVol).toBe(vol["annualizedVol"]);
  const forward = (await direct(service, `/api/v1/index/${FLAGSHIP}/forward`)) as {
    spotPrice: number;
    curve: unknown[];
  };
  expect(results["get_forward_curve"]?.spotPrice).toBe(forward.spotPrice);
  expect(results["get_forward_curve"]?.curve).toHaveLength(forward.curve.length);
  const capacity = await direct(service, `/api/v1/index/${FLAGSHIP}/capacity-metrics`);
  expect(results["get_capacity"]?.fillRatio).toBe(capacity["fillRatio"]);
  const health = await direct(service, "/api/v1/benchmark/health");
  expect(results["get_benchmark_health"]?.benchmarkStatus).toBe(health["benchmarkStatus"]);
  const catalogue = (await direct(service, "/api/v1/indexes")) as { indexes: Array<{ symbol: string }> };
  expect(results["search_indexes"]?.indexes.map((i: { symbol: string }) => i.symbol)).toEqual(
    catalogue.indexes.map((i) => i.symbol),
  );
  // Period statistics from the same history: the last period's last value is the history's last value.
  const periods = results["get_period_stats"]?.periods as Array<{ stats: { last: number | null } }>;
  expect(periods.length).toBeGreaterThan(0);
  // The change of the latest fix over a day (get_change's default): from the same fix, against the day before's value.
  expect(results["get_change"]).toMatchObject({ period: "1D", mode: "pct", latest: { value: latest["value"] } });
  expect(results["get_change"]?.change).toBeCloseTo(
    (latest["value"] as number) / (results["get_change"]?.base.value as number) - 1,
    12,
  );
  for (const [tool, content] of Object.entries(results))
    if (tool !== "get_methodology") expect(JSON.stringify(content)).toMatch(/"provenance":\{"asOf":/);
  await client.close();
}

/** A second call for a resource the gateway holds: a hit, with no upstream request. */
export async function checkHeldIsFree(gatewayUrl: string, token: string, upstreamCount: () => number): Promise<void> {
  const client = await mcpClient(gatewayUrl, token);
  await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" });
  const before = upstreamCount();
  const again = await callTool(client, "get_latest", { symbol: "RTM-NWE-B-1x3" });
  expect(upstreamCount() - before).toBe(0);
  expect((again.structuredContent as { served: { cache: string } }).served.cache).toBe("hit");
  await client.close();
}

/**
 * 100 concurrent calls of 10 clients, one per user of `tokens` (ten: each user's ten calls are within the 16 a user may
 * have open): all answered, one send per resource at most.
 */
export async function checkConcurrentCalls(
  gatewayUrl: string,
  tokens: readonly string[],
  upstreamCount: () => number,
): Promise<void> {
  expect(tokens).toHaveLength(10);
  const clients = await Promise.all(tokens.map((token) => mcpClient(gatewayUrl, token)));
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
}
