import type { CallToolResult } from "@modelcontextprotocol/server";
import type { ArgsOf, ResourceName } from "@index-data/wire";
import { userOfAccount } from "../tenancy/account";
import { jsonBytes, kb } from "./answer-room";
import type { ToolName } from "./schemas";
import { answered } from "./answered-tool";
import type { McpCaller } from "./caller";
import type { ToolAnswer, ToolContext } from "./tool-context";
import type { ToolDeps } from "./tool-deps";
import { errorResult, failure } from "./tool-failure";
import type { ToolOutcome } from "./tool-metrics";
import { HANDLERS } from "./tools";
import { ours, said } from "./tool-text";

/** Bytes of an answer beside its lists (the text, the provenance, `served`), kept out of the room a tool fills. */
const ANSWER_FIELDS_BYTES = 2048;

/**
 * Runs one tool for the caller: reads through the gateway, counts and audits the call, and never throws. Whatever the
 * tool, its answer is at most the caller's room: a tool fills what the room holds of its lists, and an answer that is
 * still larger is an error result saying how to narrow the request.
 */
export async function callTool(
  tool: ToolName,
  input: unknown,
  caller: McpCaller,
  deps: ToolDeps,
): Promise<CallToolResult> {
  const { reader, audit, metrics } = deps;
  const now = () => reader.source.now();
  const reads: { path: string; how: ToolOutcome }[] = [];
  const context: ToolContext = {
    now,
    room: Math.max(0, caller.room - ANSWER_FIELDS_BYTES),
    pause: reader.pause,
    read: async <N extends ResourceName>(name: N, args: ArgsOf<N>) => {
      const read = await reader.read(caller.account, name, args);
      reads.push({ path: read.path, how: read.how });
      return read;
    },
  };
  const user = userOfAccount(caller.account);
  const ended = (outcome: ToolOutcome) => {
    metrics.called(tool, outcome);
    audit.toolCall(user, tool, reads[0]?.path ?? tool, outcome);
  };
  try {
    const handler = (Object.hasOwn(HANDLERS, tool) ? HANDLERS[tool as keyof typeof HANDLERS] : answered(tool)) as (
      input: unknown,
      context: ToolContext,
    ) => Promise<ToolAnswer<ToolName>>;
    const answer = await handler(input, context);
    const result: CallToolResult = {
      content: [{ type: "text", text: answer.text.text }],
      structuredContent: answer.structured as Record<string, unknown>,
    };
    const size = jsonBytes(result);
    if (size > caller.room) {
      ended("error");
      return errorResult(
        said`The answer is ${ours(kb(size))}, more than this call may answer (${ours(kb(caller.room))}): narrow the request (a shorter range, a search text, one field), or call the tool alone rather than in a batch.`,
      );
    }
    ended(reads[0]?.how ?? "hit");
    return result;
  } catch (error) {
    const { outcome, text } = failure(error, now());
    ended(outcome);
    return errorResult(text);
  }
}
