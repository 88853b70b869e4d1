import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ArgsOf, ResourceName } from "@index-data/wire";
import { userOfAccount } from "../tenancy/account";
import { registerDocuments } from "./documents";
import { readResource } from "./resource-reader";
import { INPUTS, OUTPUTS, TOOL_NAMES, type ToolName } from "./schemas";
import type { ToolDeps } from "./tool-deps";
import { errorResult, failure } from "./tool-failure";
import type { ToolOutcome } from "./tool-metrics";
import { HANDLERS, type ToolContext } from "./tools";
import { TOOL_TEXTS } from "./tools.generated";

/** The caller of a request, as the gateway's sign-in found it (app.ts), passed to the tools as the SDK's authInfo. */
export interface McpCaller {
  readonly account: string;
}

/** What an agent is told of each tool beside the function table's words. */
const ABOUT =
  "Answered by the desk's gateway from its cache (a value a cell has already asked for costs the Index Data Service nothing); every value carries its provenance (asOf, confidence, status, carriedForwardFrom).";

/** Largest tool result: an answer must leave room in a model's context for the conversation it serves. */
export const MAX_RESULT_BYTES = 100 * 1024;

/** Runs one tool for the caller: reads through the gateway, counts and audits the call, and never throws. */
async function callTool(tool: ToolName, input: unknown, caller: McpCaller, deps: ToolDeps): Promise<CallToolResult> {
  const { source, audit, metrics } = deps;
  const reads: { path: string; how: ToolOutcome }[] = [];
  const context: ToolContext = {
    now: source.now,
    read: async <N extends ResourceName>(name: N, args: ArgsOf<N>) => {
      const read = await readResource(source, caller.account, name, args);
      reads.push({ path: read.path, how: read.how });
      return read;
    },
  };
  const user = userOfAccount(caller.account);
  try {
    const handler = HANDLERS[tool] as (input: unknown, context: ToolContext) => ReturnType<(typeof HANDLERS)[ToolName]>;
    const answer = await handler(input, context);
    const outcome = reads[0]?.how ?? "hit";
    if (Buffer.byteLength(JSON.stringify(answer)) > MAX_RESULT_BYTES) {
      metrics.called(tool, "error");
      audit.toolCall(user, tool, reads[0]?.path ?? tool, "error");
      return errorResult("The answer is larger than 100 KB: narrow the request (a shorter range, a search text).");
    }
    metrics.called(tool, outcome);
    audit.toolCall(user, tool, reads[0]?.path ?? tool, outcome);
    return {
      content: [{ type: "text", text: answer.text }],
      structuredContent: answer.structured as Record<string, unknown>,
    };
  } catch (error) {
    const { outcome, text } = failure(error, source.now());
    metrics.called(tool, outcome);
    audit.toolCall(user, tool, reads[0]?.path ?? tool, outcome);
    return errorResult(text);
  }
}

/** The caller the plugin put on the request (the SDK hands it to each tool as `authInfo.extra`). */
function callerOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): McpCaller | undefined {
  const account = extra.authInfo?.extra?.["account"];
  return typeof account === "string" ? { account } : undefined;
}

/** One session's MCP server: every tool and document, each call as the request's own caller. */
export function mcpServer(deps: ToolDeps, version: string): McpServer {
  const server = new McpServer(
    { name: "index-data-gateway", version },
    {
      instructions:
        "Benchmark price indexes from the desk's Index Data gateway. Find symbols with search_indexes; each value carries its provenance.",
    },
  );
  for (const tool of TOOL_NAMES) {
    const texts = TOOL_TEXTS[tool];
    server.registerTool(
      tool,
      {
        title: `${tool.replace(/_/g, " ")} (INDEX.${texts.function})`,
        description: `${texts.description.replace(/ Spills[^.]*\./, "")} ${ABOUT}`,
        inputSchema: INPUTS[tool],
        outputSchema: OUTPUTS[tool],
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async (input: unknown, extra: { authInfo?: { extra?: Record<string, unknown> } }) => {
        const caller = callerOf(extra);
        if (caller === undefined) return errorResult("Not signed in to the gateway.");
        return callTool(tool, input, caller, deps);
      },
    );
  }
  registerDocuments(server, deps);
  return server;
}
