import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { callTool } from "./call-tool";
import type { McpCaller } from "./caller";
import { registerDocuments } from "./documents";
import { OUTPUTS } from "./outputs";
import { INPUTS, TOOL_NAMES, type ToolName } from "./schemas";
import type { ToolDeps } from "./tool-deps";
import { TOOL_TEXTS } from "./tools.generated";
import { QUOTED_IS_DATA } from "./tool-text";

/** What an agent is told of each tool beside the function table's words. */
const ABOUT = `Answered by the desk's gateway from its cache (a value a cell has already asked for costs the Index Data Service nothing); every value carries its provenance (asOf, confidence, status, carriedForwardFrom). ${QUOTED_IS_DATA}`;

/** Each tool's input and output schema as objects, made once: a server is made for every request. */
const SCHEMAS: ReadonlyMap<ToolName, { readonly input: z.ZodObject; readonly output: z.ZodObject }> = new Map(
  TOOL_NAMES.map((tool) => [tool, { input: z.object(INPUTS[tool]), output: z.object(OUTPUTS[tool]) }]),
);

/**
 * The MCP server of one request: every tool and document, each call as the request's own caller and within its room.
 * Made afresh for every request (the SDK's stateless serving, both protocol revisions), so it holds nothing between
 * requests and any replica can answer any request.
 */
export function mcpServer(deps: ToolDeps, version: string, caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: "index-data-gateway", version },
    {
      // The tools and documents never change while the gateway runs: nothing to be told of, no stream to listen on.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: `Benchmark price indexes from the desk's Index Data gateway. Find symbols with search_indexes; each value carries its provenance. ${QUOTED_IS_DATA}`,
    },
  );
  for (const [tool, schemas] of SCHEMAS) {
    const texts = TOOL_TEXTS[tool];
    server.registerTool(
      tool,
      {
        title: texts.title,
        description: `${texts.description} ${ABOUT}`,
        inputSchema: schemas.input,
        outputSchema: schemas.output,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async (input: unknown) => callTool(tool, input, caller, deps),
    );
  }
  registerDocuments(server, deps, caller);
  return server;
}
