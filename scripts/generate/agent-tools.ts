import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { MCP_ANSWER_BYTES } from "../../gateway/src/mcp/answer-room";
import { gatewayVersion } from "../../gateway/src/version";
import { mcpServer } from "../../gateway/src/mcp/server";
import type { ToolDeps } from "../../gateway/src/mcp/tool-deps";

/**
 * The gateway's own tools/list, output schemas and all, asked of its MCP server over the SDK's in-memory transport.
 * Listing reads nothing: the server is given no way to read.
 */
export async function servedTools(): Promise<Record<string, unknown>[]> {
  const unreachable = (): never => {
    throw new Error("listing the tools reads nothing");
  };
  const deps = { reader: { source: { now: unreachable } }, audit: {}, metrics: {} } as unknown as ToolDeps;
  const version = gatewayVersion();
  const server = mcpServer(deps, version, { account: "generate", room: MCP_ANSWER_BYTES });
  const client = new Client({ name: "generate", version });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await server.close();
  }
}

/**
 * The tools the Copilot agent's plugin names (scripts/addin/agent-tools.generated.json): the gateway's tools/list, so
 * the app package can never describe a tool, an argument or a choice the gateway does not serve. What the plugin
 * manifest's mcp_tool_description holds: each tool as listed, less its output schema (the agent reads the structured
 * content's words from the text; the schema doubles the file).
 */
export async function listedTools(): Promise<Record<string, unknown>[]> {
  return (await servedTools()).map(({ outputSchema: _output, ...tool }) => tool);
}

/** The JSON file of the listed tools. */
export async function agentToolsJson(): Promise<string> {
  return `${JSON.stringify(await listedTools(), null, 2)}\n`;
}
