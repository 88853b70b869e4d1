import { RESOURCES, type ArgsOf, type ResourceName } from "@index-data/wire";
import { servedOf } from "./provenance";
import { INPUTS, type ToolName } from "./schemas";
import type { ToolAnswer, ToolContext } from "./tool-context";
import { ours, said } from "./tool-text";
import { TOOL_TEXTS } from "./tools.generated";

type AnsweredHandler = (input: unknown, context: ToolContext) => Promise<ToolAnswer<ToolName>>;

/**
 * The handler of a tool whose function's row names the resource it answers (`mcp.answers`). A tool added this way
 * needs no code here; one whose answer wants shaping (provenance, pages, a window) has its handler in tools.ts instead.
 */
export function answered(tool: ToolName): AnsweredHandler {
  const texts: { readonly title: string; readonly answers?: string } = TOOL_TEXTS[tool as keyof typeof TOOL_TEXTS];
  const resource = texts.answers;
  if (resource === undefined || !Object.hasOwn(RESOURCES, resource))
    throw new Error(`The MCP tool ${tool} has no handler and names no resource it answers.`);
  return answeredBy(resource as ResourceName, Object.keys(INPUTS[tool]));
}

/**
 * `resource` read with the arguments `names` in order (those given), its data answered as the service gave it, with
 * how the gateway served it; the text says the data as a quoted JSON string, never as the gateway's words.
 */
export function answeredBy(resource: ResourceName, names: readonly string[]): AnsweredHandler {
  return async (input, context) => {
    const given = input as Readonly<Record<string, unknown>>;
    const args = names.map((name) => given[name]).filter((value) => value !== undefined);
    const read = await context.read(resource, args as ArgsOf<ResourceName>);
    const structured = { answer: { ...read.data }, served: servedOf(read) };
    return {
      structured: structured as unknown as ToolAnswer<ToolName>["structured"],
      text: said`The service's ${ours(resource)} answer: ${JSON.stringify(read.data)}.`,
    };
  };
}
